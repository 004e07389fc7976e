/**
 * One CSV cell. Quotes when needed, and defuses values a spreadsheet would run as a
 * formula (a visitor could type "=HYPERLINK(...)" into the contact form). A number, a
 * negative number or a phone number like "+1 (620) 555-0142" holds no function name or
 * cell reference, so it is left as it is rather than shown with a stray apostrophe.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().,+\-/]*$/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Excel reads a CSV without a byte order mark as the local code page, mangling "×" or "é". */
export const UTF8_BOM = "\uFEFF";
