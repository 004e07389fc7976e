import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { E2E_DIR } from "../../playwright.config";

export const ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };

/**
 * Signs in without the login form: writes a session row for the admin into the e2e
 * database and hands the browser the signed cookie the server would have set.
 */
export async function signIn(page: Page, baseURL: string) {
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    const user = db.prepare("select id from users where email = ?").get(ADMIN.email) as { id: number };
    const secrets = db.prepare("select value from settings where key = 'secrets'").pluck().get() as string;
    const id = randomBytes(32).toString("base64url");
    const now = Date.now();
    db.prepare("insert into sessions (id, user_id, expires_at, last_seen_at) values (?, ?, ?, ?)").run(
      id,
      user.id,
      now + 86_400_000,
      now,
    );
    const cookie = createCookie("__session", { secrets: [JSON.parse(secrets).sessionSecret] });
    const value = (await cookie.serialize(id)).split(";")[0].split("=").slice(1).join("=");
    await page.context().addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  } finally {
    db.close();
  }
}

export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ page, baseURL }, use) => {
    // Admin pages may load Google Maps when a test saved a key: nothing leaves this machine.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort("blockedbyclient"));
    await signIn(page, baseURL!);
    await use(page);
  },
});

export { expect };
