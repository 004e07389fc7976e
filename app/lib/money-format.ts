/**
 * Money as a page prints it, from whole cents and basis points, and the one rounding every
 * share of it uses (half up to a whole cent). Kept apart from money.ts (which builds form
 * schemas with zod) so public pages, the homeowner's proposal among them, print prices
 * without loading the validation library.
 */

/** Cents as a page shows them: 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}

/** 850 → "8.5%". */
export const formatBasisPoints = (bp: number) => `${bp / 100}%`;

/**
 * a × b ÷ d rounded to the nearest whole number, a half going up (as a receipt rounds a
 * half cent), worked in integers (BigInt) so no product is too big to be exact.
 */
export function mulDivRoundHalfUp(a: number, b: number, d: number): number {
  if (![a, b, d].every(Number.isSafeInteger) || a < 0 || b < 0 || d <= 0)
    throw new RangeError("mulDivRoundHalfUp takes whole numbers, a and b not negative, d above 0");
  const D = BigInt(d);
  return Number((BigInt(a) * BigInt(b) * 2n + D) / (2n * D));
}

/**
 * A percent of an amount in cents, rounded half up to a whole cent: 30 % of $100.05 is
 * $30.015, billed $30.02. Percents are basis points (30 % is 3000). The deposit a proposal
 * states and the deposit invoice bill are both this.
 */
export function percentOfCents(cents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0 || !Number.isInteger(basisPoints) || basisPoints < 0)
    throw new RangeError("cents and basis points are whole and not negative");
  return mulDivRoundHalfUp(cents, basisPoints, 10_000);
}

/**
 * The tax on a subtotal at a rate in basis points, a half cent rounding up: $10.05 at 5 % =
 * 50.25¢ → 50¢. Here, not in the estimate, so the proposal page's live total needs no zod.
 */
export function taxCents(subtotalCents: number, rateBasisPoints: number): number {
  return mulDivRoundHalfUp(subtotalCents, rateBasisPoints, 10_000);
}
