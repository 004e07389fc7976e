import { generateSecret, generateURI, verify } from "otplib";

// Two-step sign-in's codes: RFC 6238 TOTP as authenticator apps make them (SHA-1, 6 digits,
// 30 seconds), through otplib. A code is taken from the step before, now, or the step after,
// so a phone's clock a little off still works (decision 0051).

export const TOTP_PERIOD_SECONDS = 30;

/** A fresh shared secret: 20 random bytes, Base32, as authenticator apps expect. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address the QR code carries: the app shows "issuer (email)". */
export function totpUri({ issuer, email, secret }: { issuer: string; email: string; secret: string }): string {
  return generateURI({ issuer: issuer.trim() || "Admin", label: email, secret });
}

/** The secret for typing into an app by hand: groups of four, easier to read aloud. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** What the person typed, without the spaces or dashes apps show in the middle. */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]/g, "");
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** The time step (30-second slot since 1970) of a moment. */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The time step of the secret's code `code`, if it is the code of the step before, the
 * current one or the one after at `nowMs`; otherwise null. Refusing a step already used
 * (a replayed code) is the caller's part: it needs storage.
 */
export async function matchTotp(secret: string, code: string, nowMs: number): Promise<number | null> {
  const token = normalizeCode(code);
  if (!isTotpCode(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    // A secret otplib refuses (never one we made): no code matches it.
    return null;
  }
}
