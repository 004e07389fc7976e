import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "react-router";
import { FAKE_RESEND_URL } from "../../playwright.config";
import { ADMIN, test as shared } from "./fixtures";

/**
 * A site of the test's own: the built server on a fresh database and uploads folder, for
 * tests that change what every page shows (the owner's pictures, his facts, removing the
 * demo content, his password), so the other tests' shared site stays as it was seeded.
 */
export type OwnSite = {
  baseURL: string;
  dbPath: string;
  /** Gives the page's browser the owner's session cookie for this site. */
  signIn: (page: Page) => Promise<void>;
  /** A session cookie value as the server would have set after a login. */
  sessionCookie: () => Promise<string>;
  /** Signs the page in as a team member (made in the site's database the first time), cookies of anyone before cleared. */
  signInAs: (page: Page, person: TeamMember) => Promise<void>;
};

/** Someone on the team (issue 30): their account is made directly in the site's database. */
export type TeamMember = { email: string; name: string; role: "owner" | "office" | "crew" };

// Apart from the shared servers' ports (3099-3201) and screenshot servers (3500-3599): one
// block per worker, one port per site.
let started = 0;
const portFor = (workerIndex: number) => 4400 + (workerIndex % 50) * 20 + (started++ % 20);

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site's server stopped (code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

function addMember(dbPath: string, { email, name, role }: TeamMember) {
  const db = new Database(dbPath);
  try {
    db.prepare("insert into users (email, password_hash, name, role) values (?, 'not-a-hash', ?, ?) on conflict (email) do update set name = excluded.name, role = excluded.role").run(email, name, role);
  } finally {
    db.close();
  }
}

function sessionCookieFor(dbPath: string, email = ADMIN.email) {
  return async () => {
    const db = new Database(dbPath);
    try {
      const user = db.prepare("select id from users where email = ?").get(email) as { id: number };
      const secrets = db.prepare("select value from settings where key = 'secrets'").pluck().get() as string;
      const id = randomBytes(32).toString("base64url");
      const now = Date.now();
      db.prepare("insert into sessions (id, user_id, expires_at, last_seen_at) values (?, ?, ?, ?)").run(id, user.id, now + 86_400_000, now);
      const cookie = createCookie("__session", { secrets: [JSON.parse(secrets).sessionSecret] });
      return (await cookie.serialize(id)).split(";")[0].split("=").slice(1).join("=");
    } finally {
      db.close();
    }
  };
}

export const test = shared.extend<{ ownSite: OwnSite; ownSiteEnv: Record<string, string> }>({
  // Extra environment for the site's server (SEED_DEMO_CONTENT, SITE_URL…): override with test.use().
  ownSiteEnv: [{}, { option: true }],
  ownSite: async ({ ownSiteEnv }, use, testInfo) => {
    const dir = path.resolve(".tmp", `own-site-${testInfo.workerIndex}-${randomBytes(4).toString("hex")}`);
    fs.mkdirSync(dir, { recursive: true });
    const port = portFor(testInfo.workerIndex);
    const baseURL = `http://127.0.0.1:${port}`;
    const dbPath = path.join(dir, "app.db");
    const child = spawn(process.execPath, ["server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        SITE_URL: baseURL,
        DATABASE_PATH: dbPath,
        UPLOADS_DIR: path.join(dir, "uploads"),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        RESEND_API_KEY: "re_e2e_fake",
        RESEND_BASE_URL: FAKE_RESEND_URL,
        MAIL_FROM: "Website <web@example.com>",
        CONTACT_RATE_LIMIT: "1000",
        ...ownSiteEnv,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    try {
      await waitForHealth(`${baseURL}/healthz`, child);
      const sessionCookie = sessionCookieFor(dbPath);
      const withCookie = async (page: Page, value: string) =>
        page.context().addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
      await use({
        baseURL,
        dbPath,
        sessionCookie,
        signIn: async (page) => withCookie(page, await sessionCookie()),
        signInAs: async (page, person) => {
          addMember(dbPath, person);
          await page.context().clearCookies();
          await withCookie(page, await sessionCookieFor(dbPath, person.email)());
        },
      });
    } finally {
      child.kill();
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
});

export { expect } from "@playwright/test";
