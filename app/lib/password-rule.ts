import { z } from "./zod";

// The one rule for a password being chosen: the account page, a reset link, an invitation,
// `npm run admin:create` and the first admin from ADMIN_PASSWORD (decision 0077). The length
// is checked everywhere, the browser included; how easy a password is to guess needs a
// strength estimator and its dictionaries, which only the server loads
// (server/password-strength.server.ts) and hands to `withGuessCheck`.

export const MIN_PASSWORD_LENGTH = 8;
// Long enough for any passphrase; a bound, so a hostile post cannot make scrypt chew megabytes.
export const MAX_PASSWORD_LENGTH = 200;

/**
 * The lowest estimator score (zxcvbn, 0 to 4) a new password may have. 2 means it takes
 * about a million guesses or more: "password", "qwerty123" and "Password1!" score below it,
 * a pair of plain words ("prairie wind") reaches it.
 */
export const MIN_PASSWORD_SCORE = 2;

/** The rule's words, wherever a password is chosen. */
export const PASSWORD_RULE_MESSAGES = {
  short: `Please choose a password of at least ${MIN_PASSWORD_LENGTH} characters`,
  long: `Please keep the password under ${MAX_PASSWORD_LENGTH} characters`,
  common:
    "That password is too common and easy to guess. Please choose another: a few words you will remember make a strong one",
} as const;

/** What the page says beside a new password field. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, and not a common one like “password”. A few words you will remember make a strong one.`;

/** A password being chosen: the length rule; `missing` is the page's own word for an empty field. */
export const chosenPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(MIN_PASSWORD_LENGTH, PASSWORD_RULE_MESSAGES.short)
    .max(MAX_PASSWORD_LENGTH, PASSWORD_RULE_MESSAGES.long);

const rightLength = (password: string) =>
  password.length >= MIN_PASSWORD_LENGTH && password.length <= MAX_PASSWORD_LENGTH;

/** Why a password cannot be chosen, given the estimator's score for it; null when it can. */
export function passwordRefusal(password: string, score: () => number): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_RULE_MESSAGES.short;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_RULE_MESSAGES.long;
  return score() < MIN_PASSWORD_SCORE ? PASSWORD_RULE_MESSAGES.common : null;
}

/**
 * A form's schema with the guess check added on `field`. The length rule stays the schema's
 * own, so a password of the wrong length gets one message, not two, and is never scored.
 */
export function withGuessCheck<K extends string, S extends z.ZodType<Record<K, string>>>(
  schema: S,
  field: K,
  score: (password: string) => number,
): S {
  return schema.superRefine((value, ctx) => {
    const password: string = value[field];
    if (!rightLength(password)) return;
    const refusal = passwordRefusal(password, () => score(password));
    if (refusal) ctx.addIssue({ code: "custom", path: [field], message: refusal });
  });
}
