/**
 * Money as a page prints it, from whole cents and basis points. Kept apart from money.ts
 * (which builds form schemas with zod) so public pages, the homeowner's proposal among
 * them, print prices without loading the validation library.
 */

/** Cents as a page shows them: 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}

/** 850 → "8.5%". */
export const formatBasisPoints = (bp: number) => `${bp / 100}%`;
