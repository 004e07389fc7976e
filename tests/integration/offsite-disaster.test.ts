import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFSITE_MESSAGES } from "~/lib/offsite";
import { backUpNow } from "~/services/backups.server";
import { sendOffsiteCopy } from "~/services/offsite.server";
import { startFakeS3, type FakeS3 } from "../fake-s3";
import { makeLostSite, offsiteVariables, PASSPHRASE, PICTURES } from "./lost-site";

// The disaster the off-site copies are for (decision 0090): a site with leads, an invoice,
// a payment and pictures sends its backup off-site; the server is lost; on a new machine
// with an empty data folder, `npm run restore -- s3` with the passphrase puts it all back.

let s3: FakeS3;

const tsx = path.resolve("node_modules/.bin/tsx");
/** The restore command on the new machine: its own empty folders, the storage named by OFFSITE_*. */
function restoreOnNewMachine(root: string, args: string[], extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "1",
    DATABASE_PATH: path.join(root, "data/app.db"),
    UPLOADS_DIR: path.join(root, "uploads"),
    ...offsiteVariables(s3),
    ...extra,
  };
  // Asynchronous: the fake S3 answers from this very process.
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(tsx, ["scripts/restore.ts", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(async () => {
  s3 = await startFakeS3();
  await makeLostSite(s3);
  expect(await sendOffsiteCopy(backUpNow())).toBe(true);
});
afterAll(async () => {
  await s3?.stop();
});

describe("npm run restore -- s3, on a new machine after the server is lost", () => {
  const newMachine = fs.mkdtempSync(path.join(os.tmpdir(), "new-machine-"));
  afterAll(() => fs.rmSync(newMachine, { recursive: true, force: true }));

  it("lists the off-site copies", async () => {
    const listed = await restoreOnNewMachine(newMachine, ["s3", "--list"]);
    expect(listed.stderr).toBe("");
    expect(listed.stdout).toMatch(
      /Off-site copies in site-backups at 127\.0\.0\.1:\d+, newest first:\n {2}\d{4}-\d\d-\d\dT/,
    );
  });

  it("refuses a wrong passphrase and leaves the new machine as it was", async () => {
    const wrong = await restoreOnNewMachine(newMachine, ["s3"], { OFFSITE_PASSPHRASE: "not the one we chose" });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr.trim()).toBe(OFFSITE_MESSAGES.wrongRestorePassphrase);
    expect(fs.existsSync(path.join(newMachine, "data/app.db"))).toBe(false);
    // Nothing fetched is left behind either.
    const backups = path.join(newMachine, "data/backups");
    expect(fs.existsSync(backups) ? fs.readdirSync(backups) : []).toEqual([]);
  });

  it("puts every lead, invoice, payment and picture back", async () => {
    const restored = await restoreOnNewMachine(newMachine, ["s3"], { OFFSITE_PASSPHRASE: PASSPHRASE });
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain("Fetching the off-site copy");
    expect(restored.stdout).toContain("1 public and 1 private picture files.");
    const db = new Database(path.join(newMachine, "data/app.db"), { readonly: true });
    try {
      expect(db.prepare("select name from leads").pluck().all()).toEqual(["Karen Miller"]);
      expect(db.prepare("select kind, state, paid_cents from invoices").all()).toEqual([
        { kind: "deposit", state: "partly_paid", paid_cents: 50_000 },
      ]);
      expect(db.prepare("select amount_cents, check_number from payments").all()).toEqual([
        { amount_cents: 50_000, check_number: "1042" },
      ]);
    } finally {
      db.close();
    }
    expect(fs.readFileSync(path.join(newMachine, "uploads", PICTURES.public.file), "utf8")).toBe(PICTURES.public.text);
    expect(fs.readFileSync(path.join(newMachine, "data/private-uploads", PICTURES.private.file), "utf8")).toBe(
      PICTURES.private.text,
    );
  });
});
