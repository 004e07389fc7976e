import { randomBytes } from "node:crypto";
import { createCookie, type Cookie, type CookieOptions } from "react-router";
import { getSetting, setSetting } from "~/models/settings.server";
import { env } from "~/server/env.server";

/**
 * SESSION_SECRET, or one generated once and kept in the database, so no install shares a
 * default. Start-up calls this, so requests only ever read it.
 */
export function ensureCookieSecret(): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const stored = getSetting("secrets").sessionSecret;
  if (stored) return stored;
  const generated = randomBytes(32).toString("hex");
  setSetting("secrets", { sessionSecret: generated });
  return generated;
}

export function cookieSecure(): boolean {
  if (env.COOKIE_SECURE) return env.COOKIE_SECURE === "1" || env.COOKIE_SECURE === "true";
  return env.NODE_ENV === "production";
}

const made = new Map<string, Cookie>();

/**
 * Made again on next use, with the secret the database holds then: after a backup from
 * another server is put back, its secret is the one every later start reads.
 */
export function forgetCookies() {
  made.clear();
}

/** Signed, HttpOnly, SameSite=Lax, Secure in production. Created on first use. */
export function appCookie(name: string, options: CookieOptions = {}): Cookie {
  let cookie = made.get(name);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookieSecure(),
      secrets: [ensureCookieSecret()],
      ...options,
    });
    made.set(name, cookie);
  }
  return cookie;
}
