// Two-step sign-in's recovery codes: for the day the phone is lost. Ten of them, shown once,
// each good for one sign-in; only a SHA-256 of each is kept. A code has 50 random bits (ten
// characters of 31), far past guessing behind the login throttle, so a slow hash adds nothing.

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: read off paper without doubt.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const LENGTH = 10;

/** One code as shown: "abcde-23456". */
export function newRecoveryCode(): string {
  let code = "";
  while (code.length < LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      // Rejection keeps each character equally likely (256 is not a multiple of 31).
      if (byte < ALPHABET.length * 8 && code.length < LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, newRecoveryCode);
}

/** The code as typed, in the one form that is hashed: lower case, no spaces or dashes. Null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, "");
  if (code.length !== LENGTH) return null;
  return [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** The stored form of a code (hex SHA-256 of its normalized text); null when the input cannot be a code. */
export async function hashRecoveryCode(input: string): Promise<string | null> {
  const code = normalizeRecoveryCode(input);
  if (!code) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
