/** A positive whole number from a query or form value, or null. */
export function parseId(value: FormDataEntryValue | string | null | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
