import { createHash, randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { href } from "react-router";
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from "~/lib/recovery-codes";
import { isTotpCode, matchTotp, newTotpSecret, normalizeCode, totpStep, totpUri } from "~/lib/totp";
import { getBusinessFacts } from "~/models/settings.server";
import {
  countRecoveryCodesLeft,
  enableTwoStep,
  getTwoStep,
  replaceRecoveryCodes,
  spendRecoveryCode,
} from "~/models/two-step.server";
import { getUserById } from "~/models/user.server";
import { sqliteLimiter } from "~/server/rate-limit.server";
import { appCookie } from "~/services/cookies.server";
import { signInFailed, signInRefused, signInSucceeded } from "~/services/login-throttle.server";

// Two-step sign-in (decision 0051). Between the password and the code nothing is signed in:
// a 5-minute signed cookie names the person and a nonce. While turning it on, the new secret
// waits in a 10-minute signed cookie until the person types a code it makes.

const SETUP_SECONDS = 10 * 60;
const PENDING_SECONDS = 5 * 60;
const setupCookie = () => appCookie("__two_step_setup", { maxAge: SETUP_SECONDS, path: href("/admin/account") });
const pendingCookie = () => appCookie("__sign_in_code", { maxAge: PENDING_SECONDS, path: href("/admin/login") });
// A code's time step once used is refused until it can no longer match (replay); a pending
// sign-in's nonce once used is spent.
const usedSteps = sqliteLimiter("totp-step", 1, 4 * 30);
const usedNonces = sqliteLimiter("sign-in-nonce", 1, PENDING_SECONDS);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** Whether an account needs the code after its password. */
export const hasTwoStep = (userId: number) => getTwoStep(userId) !== null;

/**
 * Spends the time step a code was made for, and the ones before it still in the window:
 * false when that step was already used with this secret. Keyed by the account and a hash
 * of the secret (never the secret), so a new secret starts afresh.
 */
async function claimStep(userId: number, secret: string, step: number, nowMs: number): Promise<boolean> {
  const key = `${userId}:${createHash("sha256").update(secret).digest("hex").slice(0, 16)}`;
  for (let s = Math.min(step, totpStep(nowMs) - 1); s < step; s++) await usedSteps.hit(`${key}:${s}`);
  return usedSteps.hit(`${key}:${step}`);
}

async function totpAccepted(userId: number, secret: string, code: string, nowMs: number): Promise<boolean> {
  const step = await matchTotp(secret, code, nowMs);
  return step !== null && (await claimStep(userId, secret, step, nowMs));
}

// ---- Turning it on ----

export type SetupView = { secret: string; uri: string; qrSvg: string };

/** The pending secret from the setup cookie, if it is this person's and still fresh. */
async function readSetup(request: Request, userId: number): Promise<string | null> {
  const raw: unknown = await setupCookie().parse(request.headers.get("Cookie"));
  if (
    !isRecord(raw) ||
    raw.u !== userId ||
    typeof raw.s !== "string" ||
    typeof raw.e !== "number" ||
    raw.e < Date.now()
  )
    return null;
  return raw.s;
}

/**
 * The secret being set up (the same one across reloads while fresh, so a scanned code keeps
 * working), its QR code as inline SVG, and the Set-Cookie that keeps it.
 */
export async function setupView(
  request: Request,
  user: { userId: number; email: string },
): Promise<{ view: SetupView; setCookie: string | null }> {
  let secret = await readSetup(request, user.userId);
  let setCookie: string | null = null;
  if (!secret) {
    secret = newTotpSecret();
    setCookie = await setupCookie().serialize({ u: user.userId, s: secret, e: Date.now() + SETUP_SECONDS * 1000 });
  }
  const uri = totpUri({ issuer: getBusinessFacts().company, email: user.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { view: { secret, uri, qrSvg }, setCookie };
}

/** Clears the setup cookie. */
export const clearSetup = () => setupCookie().serialize("", { maxAge: 0 });

async function newCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map(async (c) => (await hashRecoveryCode(c)) as string));
  return { codes, hashes };
}

/**
 * Turns two-step on once the person typed a code the pending secret makes: answers the
 * recovery codes to show once, "expired" when no setup is pending, "wrong" for a wrong code.
 */
export async function confirmSetup(
  request: Request,
  userId: number,
  code: string,
  nowMs = Date.now(),
): Promise<{ codes: string[] } | "expired" | "wrong"> {
  const secret = await readSetup(request, userId);
  if (!secret) return "expired";
  if (!(await totpAccepted(userId, secret, code, nowMs))) return "wrong";
  const { codes, hashes } = await newCodes();
  enableTwoStep(userId, secret, hashes, new Date(nowMs));
  return { codes };
}

/** A fresh set of recovery codes (the old ones stop working): the codes, to show once. */
export async function remakeRecoveryCodes(userId: number): Promise<string[]> {
  const { codes, hashes } = await newCodes();
  replaceRecoveryCodes(userId, hashes);
  return codes;
}

export { countRecoveryCodesLeft, getTwoStep };

// ---- Signing in ----

export type PendingSignIn = { userId: number; email: string; nonce: string; redirectTo: string };

/** The cookie that sends a right password on to the code page: no session yet. */
export async function pendingSignInCookie(userId: number, redirectTo: string): Promise<string> {
  const nonce = randomBytes(16).toString("hex");
  return pendingCookie().serialize({ u: userId, n: nonce, r: redirectTo, e: Date.now() + PENDING_SECONDS * 1000 });
}

export const clearPendingSignIn = () => pendingCookie().serialize("", { maxAge: 0 });

/**
 * The sign-in waiting for its code: null when there is none, it ran out, was already used,
 * or the account can no longer sign in with it (removed, two-step turned off).
 */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const raw: unknown = await pendingCookie().parse(request.headers.get("Cookie"));
  if (!isRecord(raw)) return null;
  const { u, n, r, e } = raw;
  if (
    typeof u !== "number" ||
    typeof n !== "string" ||
    typeof r !== "string" ||
    typeof e !== "number" ||
    e < Date.now()
  )
    return null;
  if (await usedNonces.isOver(n)) return null;
  const user = getUserById(u);
  if (!user || user.removedAt || !hasTwoStep(u)) return null;
  return { userId: u, email: user.email, nonce: n, redirectTo: r };
}

/**
 * Checks the code typed at sign-in, behind the same throttle as passwords: a 6-digit code
 * from the app (its time step once), or a recovery code (once). "recovery" tells how many
 * are left so the page can say so.
 */
export async function checkSignInCode(
  pending: PendingSignIn,
  input: string,
  ip: string,
  nowMs = Date.now(),
): Promise<{ outcome: "totp" } | { outcome: "recovery"; left: number } | { outcome: "wrong" | "too-many" }> {
  if (await signInRefused(pending.email, ip)) return { outcome: "too-many" };
  const twoStep = getTwoStep(pending.userId);
  const code = normalizeCode(input);
  let outcome: "totp" | "recovery" | "wrong" = "wrong";
  if (twoStep && isTotpCode(code)) {
    if (await totpAccepted(pending.userId, twoStep.secret, code, nowMs)) outcome = "totp";
  } else if (twoStep && normalizeRecoveryCode(input)) {
    const hash = await hashRecoveryCode(input);
    if (hash && spendRecoveryCode(pending.userId, hash, new Date(nowMs))) outcome = "recovery";
  }
  if (outcome === "wrong") {
    await signInFailed(pending.email, ip);
    return { outcome };
  }
  // Spent: the same cookie cannot start a second session.
  await usedNonces.hit(pending.nonce);
  await signInSucceeded(pending.email, ip);
  return outcome === "recovery" ? { outcome, left: countRecoveryCodesLeft(pending.userId) } : { outcome };
}

/**
 * A signed-in person's 6-digit code, asked again before a step that cannot be taken back
 * (putting a backup back), behind the sign-in throttle. "off" when two-step is not on.
 */
export async function confirmTwoStepCode(
  user: { userId: number; email: string },
  input: string,
  ip: string,
  nowMs = Date.now(),
): Promise<"ok" | "wrong" | "too-many" | "off"> {
  const twoStep = getTwoStep(user.userId);
  if (!twoStep) return "off";
  if (await signInRefused(user.email, ip)) return "too-many";
  const code = normalizeCode(input);
  if (isTotpCode(code) && (await totpAccepted(user.userId, twoStep.secret, code, nowMs))) {
    await signInSucceeded(user.email, ip);
    return "ok";
  }
  await signInFailed(user.email, ip);
  return "wrong";
}
