import { createHash, randomBytes } from "node:crypto";

/**
 * The secret in a link sent to a homeowner (a proposal, a review request): 32 random bytes,
 * 43 characters of base64url. Only its SHA-256 is stored, like a password: a copy of the
 * database (a backup) opens nothing.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Whether a string can be one of our tokens at all: anything else is not looked up. */
export function isLinkToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
