import { test as base, expect, type Page, type Response } from "@playwright/test";
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { E2E_DIR } from "../../playwright.config";
import { isAdminPath } from "../../app/lib/admin-sections";

export const ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };

/**
 * A signed session cookie for the admin, written straight into the e2e database: the
 * value the server would have set after a login.
 */
export async function adminSessionCookie(): Promise<string> {
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
    return (await cookie.serialize(id)).split(";")[0].split("=").slice(1).join("=");
  } finally {
    db.close();
  }
}

/** Signs in without the login form: the browser gets the admin's session cookie. */
export async function signIn(page: Page, baseURL: string) {
  const value = await adminSessionCookie();
  await page.context().addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Resolves once the page's scripts have run: React has hydrated it and run the root's
 * effects. The sign is React Router's scroll restoration (root.tsx), which takes scrolling
 * over from the browser in an effect and hands it back when the page is left.
 */
export async function scriptsStarted(page: Page) {
  await page.waitForFunction(() => window.history.scrollRestoration === "manual");
}

/**
 * A public page starts its scripts once it has loaded (decision 0015), so right after
 * `goto` a test would still be talking to the plain-HTML page. With scripts on, each
 * load of a public page waits here until they have run. Admin pages start at once.
 */
function waitForScriptsAfterLoads(page: Page) {
  const started = async (response: Response | null) => {
    // The document's own type: a revalidated page (304) carries no Content-Type header.
    if (!response || (await page.evaluate(() => document.contentType)) !== "text/html") return;
    if (isAdminPath(new URL(page.url()).pathname)) return;
    await scriptsStarted(page);
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await started(response);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await started(response);
    return response;
  };
}

export const test = base.extend<{ adminPage: Page }>({
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) context.on("page", waitForScriptsAfterLoads);
    await use(context);
  },
  // Every page in every test is watched for Content-Security-Policy refusals: a script,
  // frame or picture the policy blocks is a broken feature, so the test fails.
  page: async ({ page }, use) => {
    const refused: string[] = [];
    // A refusal the page's own code catches (a feature probe) logs nothing by itself:
    // the event still fires, and Chrome lists it as an issue.
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) =>
        console.error(
          `Content Security Policy refused ${e.violatedDirective}: ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
        ),
      ),
    );
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    expect(refused, "Content-Security-Policy violations").toEqual([]);
  },
  adminPage: async ({ page, baseURL }, use) => {
    // Admin pages may load Google Maps when a test saved a key: nothing leaves this machine.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort("blockedbyclient"));
    await signIn(page, baseURL!);
    await use(page);
  },
});

export { expect };
