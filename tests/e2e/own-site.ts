import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "react-router";
import { FAKE_RESEND_URL, FAKE_TWILIO_ENV } from "../../playwright.config";
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

/** Someone on the team (an owner, office or crew account), made directly in the site's database. */
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
    db.prepare(
      "insert into users (email, password_hash, name, role) values (?, 'not-a-hash', ?, ?) on conflict (email) do update set name = excluded.name, role = excluded.role",
    ).run(email, name, role);
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
  };
}

type SiteFiles = { dir: string; dbPath: string; uploads: string };

const siteFiles = (dir: string): SiteFiles => ({
  dir,
  dbPath: path.join(dir, "app.db"),
  uploads: path.join(dir, "uploads"),
});

/** Starts the built server on a site's files and resolves once it answers. */
async function startServer(files: SiteFiles, port: number, env: Record<string, string>) {
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: baseURL,
      DATABASE_PATH: files.dbPath,
      UPLOADS_DIR: files.uploads,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RESEND_API_KEY: "re_e2e_fake",
      RESEND_BASE_URL: FAKE_RESEND_URL,
      MAIL_FROM: "Website <web@example.com>",
      ...FAKE_TWILIO_ENV,
      CONTACT_RATE_LIMIT: "1000",
      // Rendering the sitemap ahead cost each site about 3 s of CPU while its test ran.
      PAGE_CACHE_WARM: "0",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    child.kill();
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  };
  try {
    await waitForHealth(`${baseURL}/healthz`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

// A first start migrates, seeds the demo content and resizes its pictures: seconds of a
// 2-core machine's time. Each worker does it once per kind of first start and keeps the
// stopped site's files; every test's site starts from a copy of them, with its own
// environment. Only these variables change what a first start writes (the demo content, the
// first owner's account, the cookie secret); the rest, a mail key or a site address, are read
// while the site runs.
const SHAPES_FIRST_START = ["SEED_DEMO_CONTENT", "ADMIN_EMAIL", "ADMIN_PASSWORD", "SESSION_SECRET"];
type PreparedSites = (env: Record<string, string>) => Promise<SiteFiles>;

export const test = shared.extend<
  { ownSite: OwnSite; ownSiteEnv: Record<string, string> },
  { preparedSites: PreparedSites }
>({
  preparedSites: [
    // Playwright reads a fixture's dependencies from this pattern: none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const made = new Map<string, Promise<SiteFiles>>();
      await use((testEnv) => {
        const env = Object.fromEntries(Object.entries(testEnv).filter(([name]) => SHAPES_FIRST_START.includes(name)));
        const key = JSON.stringify(Object.entries(env).sort());
        let files = made.get(key);
        if (!files) {
          files = (async () => {
            const site = siteFiles(
              path.resolve(".tmp", `own-site-prepared-${workerInfo.workerIndex}-${randomBytes(4).toString("hex")}`),
            );
            fs.mkdirSync(site.dir, { recursive: true });
            const server = await startServer(site, portFor(workerInfo.workerIndex), env);
            await server.stop();
            return site;
          })();
          made.set(key, files);
        }
        return files;
      });
      for (const files of made.values()) {
        const site = await files.catch(() => null);
        if (site) fs.rmSync(site.dir, { recursive: true, force: true });
      }
    },
    { scope: "worker" },
  ],
  // Extra environment for the site's server (SEED_DEMO_CONTENT, SITE_URL…): override with test.use().
  ownSiteEnv: [{}, { option: true }],
  ownSite: async ({ ownSiteEnv, preparedSites }, use, testInfo) => {
    const template = await preparedSites(ownSiteEnv);
    const files = siteFiles(path.resolve(".tmp", `own-site-${testInfo.workerIndex}-${randomBytes(4).toString("hex")}`));
    fs.cpSync(template.dir, files.dir, { recursive: true });
    try {
      const { baseURL, stop } = await startServer(files, portFor(testInfo.workerIndex), ownSiteEnv);
      try {
        const { dbPath } = files;
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
        await stop();
      }
    } finally {
      fs.rmSync(files.dir, { recursive: true, force: true });
    }
  },
});

export { expect } from "@playwright/test";
