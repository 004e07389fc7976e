import { data, href, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import {
  createSession,
  deleteSession,
  getSessionUser,
  type SessionDevice,
  type SessionUser,
} from "~/models/session.server";
import { recordSignIn } from "~/models/sign-in.server";
import { getUserByEmail, getUserById } from "~/models/user.server";
import { signInFailed, signInRefused, signInSucceeded } from "~/services/login-throttle.server";
import { appCookie } from "~/services/cookies.server";
import { hashPassword, verifyPassword } from "~/server/password.server";
import type { Role } from "~/lib/roles";
import { SIGNED_OUT_MESSAGE } from "~/lib/login-form";
import { asksForJson, jsonRefusal } from "~/server/responses.server";

export const LOGIN_FAILED = "Failed to login";
/** The throttle's answer, to a password or a two-step code alike. */
export const LOGIN_TOO_MANY = "Too many login attempts. Please wait 15 minutes and try again.";

const sessionCookie = () => appCookie("__session", { maxAge: 30 * 24 * 60 * 60 });

// Compared against when the email is unknown, so a wrong email takes as long as a wrong
// password and the timing does not tell which accounts exist.
let dummyHash: Promise<string> | undefined;

export class LoginError extends Error {}

export const authenticator = new Authenticator<{ id: number; email: string }>().use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const user = getUserByEmail(email);
    dummyHash ??= hashPassword("not a password anyone has");
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
    // A removed person's password no longer opens anything.
    if (!user || !ok || user.removedAt) throw new LoginError(LOGIN_FAILED);
    return { id: user.id, email: user.email };
  }),
  "form",
);

/**
 * Starts a session (a new random id every login) and returns its Set-Cookie value. The
 * device (browser's User-Agent, client address) is what the account page lists. Every
 * sign-in comes through here, so here the account's last sign-in is recorded.
 */
export async function startSession(userId: number, device: SessionDevice = {}): Promise<string> {
  const now = new Date();
  const id = createSession(userId, now, device);
  recordSignIn(userId, now);
  return sessionCookie().serialize(id);
}

/** The device a request comes from, for its new session: `ip` as the rate limits see it. */
export function requestDevice(request: Request, ip: string): SessionDevice {
  return { userAgent: request.headers.get("User-Agent"), ip: ip === "unknown" ? null : ip };
}

/**
 * The signed-in admin's current password, asked again before a change to the account.
 * Guarded by the login throttle like the sign-in form: a stolen session cannot guess it.
 */
export async function confirmPassword(
  admin: SessionUser,
  password: string,
  ip: string,
): Promise<"ok" | "wrong" | "too-many"> {
  if (await signInRefused(admin.email, ip)) return "too-many";
  const user = getUserById(admin.userId);
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    await signInFailed(admin.email, ip);
    return "wrong";
  }
  await signInSucceeded(admin.email, ip);
  return "ok";
}

export async function getAdmin(request: Request): Promise<SessionUser | null> {
  const id: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof id === "string" ? getSessionUser(id) : null;
}

/**
 * The first line of every admin loader and action. Pages send an anonymous visitor to
 * the login page (and back afterwards); resource routes answer 401.
 */
export async function requireAdmin(request: Request, opts: { resource?: boolean } = {}): Promise<SessionUser> {
  const admin = await getAdmin(request);
  if (admin) return admin;
  // A script (a phone's upload queue) cannot follow a redirect to a sign-in page: it is told so.
  if (asksForJson(request)) throw jsonRefusal(401, SIGNED_OUT_MESSAGE);
  if (opts.resource) throw new Response("Unauthorized", { status: 401 });
  const url = new URL(request.url);
  throw redirect(`${href("/admin/login")}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * requireAdmin, and the signed-in person's role must be one of `roles` (lib/access.ts says
 * which, per route and intent): otherwise a 403 whose data names the roles that may, for
 * the admin layout's error page. Resource routes answer a plain 403.
 */
export async function requireRole(
  request: Request,
  roles: readonly Role[],
  opts: { resource?: boolean } = {},
): Promise<SessionUser> {
  const user = await requireAdmin(request, opts);
  if (roles.includes(user.role)) return user;
  if (opts.resource) throw new Response("Forbidden", { status: 403 });
  throw data({ forbidden: true, roles }, { status: 403 });
}

/** Deletes the session row and returns the Set-Cookie value that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const admin = await getAdmin(request);
  if (admin) deleteSession(admin.sessionId);
  return sessionCookie().serialize("", { maxAge: 0 });
}
