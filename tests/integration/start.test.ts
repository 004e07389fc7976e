import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OFFSITE_MESSAGES } from "~/lib/offsite";
import { backUpNow } from "~/services/backups.server";
import { sendOffsiteCopy } from "~/services/offsite.server";
import { startFakeS3, type FakeS3 } from "../fake-s3";
import { makeLostSite, missingFromRestoredSite, offsiteVariables, PASSPHRASE } from "./lost-site";

// `npm start` and the Docker image run this same script.
const PORT = 3300 + Math.floor(Math.random() * 500);
const SITE = `http://127.0.0.1:${PORT}`;
let child: ChildProcess | undefined;
// What Vite adds to a test's environment. VITEST stays: it keeps the site from reading a
// developer's .env (app/server/env.server.ts), whose admin and mail settings would change the start.
const VITE_ADDS = /^(NODE_ENV|MODE|PROD|DEV|SSR|BASE_URL)$/;

/** A folder of its own for each server started: a machine's data and uploads. */
function machine(name: string) {
  const root = fs.mkdtempSync(path.join(path.dirname(process.env.DATABASE_PATH!), `${name}-`));
  return { root, DATABASE_PATH: path.join(root, "data/app.db"), UPLOADS_DIR: path.join(root, "uploads") };
}

/** The start as far as it goes: the site serving, or the process gone (and its exit code). */
type Start = { serving: true; output: () => string } | { serving: false; code: number | null; output: () => string };

function start(on: ReturnType<typeof machine>, extra: Record<string, string> = {}): Promise<Start> {
  // As a person's shell would start it: `npm test` serves the build this makes to the browser
  // tests (scripts/test.js).
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !VITE_ADDS.test(name))),
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATABASE_PATH: on.DATABASE_PATH,
    UPLOADS_DIR: on.UPLOADS_DIR,
    ...extra,
  };
  delete env.ADMIN_PASSWORD;
  delete env.ADMIN_EMAIL;
  child = spawn(process.execPath, ["scripts/start.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  const output = () => text;
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes(`Site ready on http://localhost:${PORT}`)) resolve({ serving: true, output });
    };
    child!.stdout!.on("data", onData);
    child!.stderr!.on("data", onData);
    child!.on("exit", (code) => resolve({ serving: false, code, output }));
  });
}

async function serving(on: ReturnType<typeof machine>, extra: Record<string, string> = {}) {
  const started = await start(on, extra);
  if (!started.serving) throw new Error(`start.js exited with ${started.code}:\n${started.output()}`);
  return started;
}

function stop(): Promise<number | null> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve(child?.exitCode ?? null);
    child.removeAllListeners("exit");
    child.on("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

/** Every file under a folder, by its path inside it. */
const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

afterEach(async () => {
  await stop();
});

describe("npm start", () => {
  it("builds if needed, migrates, seeds, prints the first admin once and serves", { timeout: 180_000 }, async () => {
    const site = machine("first-start");
    const first = await serving(site);
    expect(first.output()).toMatch(/password: \S{20}/);
    expect(first.output()).toContain("added demo projects");
    const health = await fetch(`${SITE}/healthz`);
    expect(health.status).toBe(200);
    const home = await (await fetch(`${SITE}/`)).text();
    expect(home).toContain("Two-Story Custom Home Framing, Derby");
    expect(await stop()).toBe(0);

    const second = await serving(site);
    expect(second.output()).not.toContain("password:");
    expect(second.output()).not.toContain("added demo projects");
  });
});

// The disaster (decision 0095): the server is lost; a new one, with an empty data folder and
// RESTORE_FROM_OFFSITE, puts the newest off-site copy back on its first start.
describe("npm start on a new server, from the off-site copies", () => {
  let s3: FakeS3;
  let invoiceNumber: string;
  beforeAll(async () => {
    s3 = await startFakeS3();
    ({ invoiceNumber } = await makeLostSite(s3));
    expect(await sendOffsiteCopy(backUpNow())).toBe(true);
  });
  afterAll(async () => {
    await s3?.stop();
  });
  const restoring = (passphrase: string) => ({
    ...offsiteVariables(s3),
    RESTORE_FROM_OFFSITE: "newest",
    OFFSITE_PASSPHRASE: passphrase,
    SITE_URL: SITE,
    PAGE_CACHE_WARM: "0",
  });

  it.each([
    {
      what: "a wrong passphrase",
      extra: () => restoring("not the one we chose"),
      why: OFFSITE_MESSAGES.wrongRestorePassphrase,
    },
    {
      what: "its storage out of reach",
      extra: () => ({ ...restoring(PASSPHRASE), OFFSITE_ENDPOINT: "http://127.0.0.1:1" }),
      why: "Could not reach 127.0.0.1:1. Check the address.",
    },
  ])("does not start with $what: says why, and leaves the data folder empty", { timeout: 180_000 }, async (t) => {
    const site = machine("not-restored");
    const started = await start(site, t.extra());
    expect(started).toMatchObject({ serving: false, code: 1 });
    expect(started.output()).toContain(`The site did not start. Restoring from the off-site copies failed: ${t.why}`);
    expect(filesUnder(site.root)).toEqual([]);
  });

  it(
    "restores the newest copy before anything else, and never over a database already there",
    { timeout: 180_000 },
    async () => {
      const site = machine("new-server");
      const first = await serving(site, restoring(PASSPHRASE));
      expect(first.output()).toContain("Fetching the off-site copy");
      expect(first.output()).toContain("1 public and 1 private picture files.");
      // Nothing made for an empty site: the restored one has its owner and no demo content.
      expect(first.output()).not.toContain("added demo projects");
      expect(first.output()).not.toContain("password:");
      expect(await missingFromRestoredSite(SITE, invoiceNumber)).toEqual([]);
      // The fetched copy is gone once in place.
      expect(
        fs.readdirSync(path.join(site.root, "data/backups")).filter((name) => name.startsWith("unpacked-")),
      ).toEqual([]);
      expect(await stop()).toBe(0);

      // The variables left in place by the next start: the site is kept as it is.
      const asked = s3.requests.length;
      const again = await serving(site, restoring(PASSPHRASE));
      expect(again.output()).toContain("RESTORE_FROM_OFFSITE skipped: there is a database already");
      expect(s3.requests.length).toBe(asked);
      expect(await missingFromRestoredSite(SITE, invoiceNumber)).toEqual([]);
    },
  );
});
