import { z } from "~/lib/zod";

// The printers live in money-format.ts, without zod, for public pages too.
export { formatBasisPoints, formatCents } from "./money-format";

/**
 * Money as the admin types and reads it. Whole cents inside; dollars ("12.50") in forms;
 * rates in basis points (1/100 of a percent). No float ever carries a price.
 */

/** The most a unit may cost ($100,000): beyond it, a typo, not a price. */
export const MAX_UNIT_PRICE_CENTS = 10_000_000;

/**
 * "12.50", "$1,250", "0.5", ".99" → cents; null for anything else (negative, three
 * decimals, words, an empty box). Read as text, never through a float.
 */
export function parseDollars(value: string): number | null {
  const text = value.trim().replace(/^\$\s*/, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match || (match[1] === "" && match[2] === undefined)) return null;
  const whole = Number(match[1].replaceAll(",", "") || "0");
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as a form shows them: 1250 → "12.50". */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "8.5" or "8.5%" → 850 basis points; at most two decimals (a basis point is 0.01 %); null otherwise. */
export function parsePercentToBasisPoints(value: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A form's price box: dollars typed, whole cents out, up to the most a unit may cost (or `max`). */
export function dollarsField(messages: { invalid: string; tooMuch: string }, max = MAX_UNIT_PRICE_CENTS) {
  return z
    .string({ error: messages.invalid })
    .trim()
    .transform((value, ctx) => {
      const cents = parseDollars(value);
      if (cents === null || cents > max) {
        ctx.addIssue({ code: "custom", message: cents === null ? messages.invalid : messages.tooMuch });
        return z.NEVER;
      }
      return cents;
    });
}
