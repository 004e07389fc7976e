import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { users } from "~/db/schema";
import { getSetting } from "~/models/settings.server";
import { backupsDirOf, listBackups, liveState, MANIFEST_FILE, restoreBackup } from "~/server/backup-store.server";
import { closeDb, getDb } from "~/server/db.server";
import { backUpNow, backupIsStale, newestBackupAt } from "~/services/backups.server";
import * as layout from "~/routes/admin/layout";

// Decision 0064: the owner's "no backup for two days" warning is on every
// admin page, so it reads the note a backup leaves in the database, not the backups folder.
// A database restored or copied from elsewhere carries the note of the place it came from:
// then the folder is read again, and the note never claims a backup that is not there.

const DAY = 86_400_000;
const now = new Date();
// Backups made later in this file are timed a day apart and after the one `npm run backup`
// makes: the plan keeps only the newest of each day.
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
let cookie = "";

beforeAll(async () => {
  cookie = await signedInOwner();
  // A site in use for a month: without a backup it would be warned.
  getDb()
    .update(users)
    .set({ createdAt: new Date(now.getTime() - 30 * DAY) })
    .run();
}, 60_000); // Hashing passwords on a busy machine.

afterEach(() => {
  vi.restoreAllMocks();
});

/** Whether the admin header warns, and how many folders were read to know it. */
async function warning() {
  const readdir = vi.spyOn(fs, "readdirSync");
  const header = (await layout.loader(
    routeArgs(new Request("http://site.test/admin/leads", { headers: { Cookie: cookie } })),
  )) as unknown as {
    data: { backupProblems: string[] };
  };
  const folderReads = readdir.mock.calls.length;
  readdir.mockRestore();
  return { stale: header.data.backupProblems.includes("backup-stale"), folderReads };
}

describe("the note of the newest backup", () => {
  it("is written by a backup from the admin, and the warning reads only it", async () => {
    const old = backUpNow(new Date(now.getTime() - 3 * DAY));
    expect(getSetting("lastBackup").name).toBe(old.name);
    expect(await warning()).toEqual({ stale: true, folderReads: 0 });
    const made = backUpNow(new Date(now.getTime() - 60_000));
    expect(getSetting("lastBackup").name).toBe(made.name);
    expect(await warning()).toEqual({ stale: false, folderReads: 0 });
  });

  it("is written by npm run backup, another process", async () => {
    const before = getSetting("lastBackup").name;
    const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/backup.ts"], {
      encoding: "utf8",
      env: { ...process.env, PORT: "1" },
    });
    expect(result.status, result.stderr).toBe(0);
    const newest = listBackups(liveState())[0]!;
    expect(newest.name).not.toBe(before);
    expect(getSetting("lastBackup").name).toBe(newest.name);
    expect(newestBackupAt()).toEqual(newest.at);
    expect(await warning()).toEqual({ stale: false, folderReads: 0 });
  });

  it("restored from a backup, names the newest kept, not the older one its copy noted", () => {
    const older = backUpNow(later(24));
    const newer = backUpNow(later(48));
    // The copy was taken before its own note was written.
    closeDb();
    restoreBackup(newer.dir, liveState(), now);
    expect(getSetting("lastBackup").name).toBe(older.name);
    expect(newestBackupAt()).toEqual(newer.at);
    expect(backupIsStale(now)).toBe(false);
    expect(getSetting("lastBackup").name).toBe(newer.name);
    expect(listBackups(liveState()).map((b) => b.name)).toContain(older.name);
  });

  it("restored on a server without those backups, claims none and warns", async () => {
    const made = backUpNow(later(72));
    const downloaded = fs.mkdtempSync(path.join(os.tmpdir(), "downloaded-backup-"));
    fs.cpSync(made.dir, path.join(downloaded, made.name), { recursive: true });
    fs.rmSync(backupsDirOf(liveState()), { recursive: true, force: true });
    closeDb();
    restoreBackup(path.join(downloaded, made.name), liveState(), now);
    expect(getSetting("lastBackup").name).not.toBeNull();
    expect(newestBackupAt()).toBeNull();
    expect(getSetting("lastBackup").name).toBeNull();
    expect((await warning()).stale).toBe(true);
    fs.rmSync(downloaded, { recursive: true, force: true });
  });

  it("naming a backup that lost its manifest, is not believed", async () => {
    const old = backUpNow(later(96));
    const made = backUpNow(later(120));
    expect(await warning()).toEqual({ stale: false, folderReads: 0 });
    // Inside the backup's own folder: the backups folder itself looks unchanged.
    fs.rmSync(path.join(made.dir, MANIFEST_FILE));
    expect(newestBackupAt()).toEqual(old.at);
    expect(getSetting("lastBackup").name).toBe(old.name);
  });
});
