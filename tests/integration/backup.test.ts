import Database from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { paths } from "~/server/env.server";
import { seedDemoContent } from "~/services/seed.server";
import { privateUploadsDir } from "~/server/storage.server";
import {
  backupsDirOf,
  checkBackup,
  listBackups,
  liveState,
  makeBackup,
  pruneBackups,
} from "~/server/backup-store.server";
import { getDb } from "~/server/db.server";
import { tarGzStream } from "~/server/tar.server";
import { createLead } from "~/models/lead.server";

// Decision 0058: backups beside the database (on the data volume in Docker), whole or
// not at all, checked, kept 7 daily and 4 weekly, and restored into a fresh place.

const tsx = path.resolve("node_modules/.bin/tsx");
const run = (script: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(tsx, [script, ...args], {
    encoding: "utf8",
    env: { ...env, PORT: "1" },
  });

const count = (file: string, sql: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).pluck().get();
  } finally {
    db.close();
  }
};

describe("npm run backup", () => {
  it("copies the database and both picture folders into backups/<time>/ beside the database", async () => {
    await seedDemoContent();
    fs.mkdirSync(privateUploadsDir, { recursive: true });
    fs.writeFileSync(path.join(privateUploadsDir, "0123456789abcdef01234567.jpg"), "a roof picture");
    const result = run("scripts/backup.ts", []);
    expect(result.status, result.stderr).toBe(0);
    const out = path.join(path.dirname(paths.database), "backups");
    expect(result.stdout).toContain(`Backup written to ${out}`);
    const [backup] = listBackups(liveState());
    expect(backup!.dir.startsWith(out)).toBe(true);
    expect(count(path.join(backup!.dir, "app.db"), "select count(*) from projects")).toBe(9);
    expect(fs.readdirSync(path.join(backup!.dir, "uploads")).sort()).toEqual(
      fs
        .readdirSync(paths.uploads)
        .filter((n) => n !== ".gitkeep")
        .sort(),
    );
    expect(fs.readdirSync(path.join(backup!.dir, "private-uploads"))).toEqual(["0123456789abcdef01234567.jpg"]);
    expect(checkBackup(backup!.dir)).toMatchObject({ ok: true });
  });

  it("links the pictures an earlier backup already holds instead of copying them again", () => {
    const first = makeBackup(liveState(), new Date("2026-11-20T09:00:00Z"));
    const second = makeBackup(liveState(), new Date("2026-11-21T09:00:00Z"));
    const picture = fs
      .readdirSync(path.join(first.dir, "uploads"))
      .find((n) => n.endsWith(".webp") || n.endsWith(".jpg"))!;
    const a = fs.statSync(path.join(first.dir, "uploads", picture));
    const b = fs.statSync(path.join(second.dir, "uploads", picture));
    expect(b.ino).toBe(a.ino);
    // Only the database was copied: every picture is a link.
    expect(second.bytes).toBe(fs.statSync(path.join(second.dir, "app.db")).size);
  });

  it("leaves nothing half-written when the copy fails, and lists only whole backups", () => {
    const before = listBackups(liveState()).length;
    const broken = {
      ...liveState(),
      database: path.join(path.dirname(paths.database), "missing.db"),
    };
    expect(() => makeBackup(broken, new Date("2026-11-22T09:00:00Z"))).toThrow();
    expect(fs.readdirSync(backupsDirOf(broken)).filter((n) => n.endsWith(".partial"))).toEqual([]);
    expect(listBackups(liveState())).toHaveLength(before);
  });

  it("stops a second backup in the same second, leaving the first one's folder alone", () => {
    const at = new Date("2026-11-23T09:00:00Z");
    const partial = path.join(backupsDirOf(liveState()), "2026-11-23T09-00-00Z.partial");
    // The first is still writing (another process: the nightly one, or npm run backup).
    fs.mkdirSync(partial, { recursive: true });
    fs.writeFileSync(path.join(partial, "app.db"), "being written");
    expect(() => makeBackup(liveState(), at)).toThrow(/Another backup is being made/);
    expect(fs.readFileSync(path.join(partial, "app.db"), "utf8")).toBe("being written");
    fs.rmSync(partial, { recursive: true });
    expect(makeBackup(liveState(), at).name).toBe("2026-11-23T09-00-00Z");
  });

  it("keeps 7 daily and 4 weekly, and never touches what it did not make", () => {
    const state = liveState();
    const root = backupsDirOf(state);
    fs.writeFileSync(path.join(root, "owner-notes.txt"), "mine");
    for (let day = 0; day < 30; day++) makeBackup(state, new Date(Date.UTC(2026, 9, 20 + day, 9)));
    pruneBackups(state);
    const kept = listBackups(state);
    expect(kept.length).toBeLessThanOrEqual(11);
    expect(kept.length).toBeGreaterThanOrEqual(7);
    expect(fs.existsSync(path.join(root, "owner-notes.txt"))).toBe(true);
  });

  it("says a backup whose database was damaged or whose pictures went missing cannot be trusted", () => {
    const made = makeBackup(liveState(), new Date("2026-11-23T09:00:00Z"));
    const picture = fs.readdirSync(path.join(made.dir, "uploads"))[0]!;
    fs.rmSync(path.join(made.dir, "uploads", picture));
    const check = checkBackup(made.dir);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.problems.join(" ")).toMatch(/uploads: \d+ files, the backup counted \d+/);
  });
});

describe("backup under load, then npm run restore into a fresh place", () => {
  it("finds every write acknowledged before the backup began, and the site starts on it", async () => {
    getDb();
    createLead({
      name: "Before the load",
      email: "before@example.com",
      phone: null,
      message: "Roof",
    });
    // Another process writes leads as fast as it can, printing each id once SQLite has committed it.
    const writer = spawn(
      process.execPath,
      [
        "-e",
        `const db = new (require("better-sqlite3"))(process.argv[1]); db.pragma("busy_timeout = 5000");
         const insert = db.prepare("insert into leads (name, email, message, subject) values (?, ?, ?, ?)");
         const end = Date.now() + 4000;
         (function loop() { if (Date.now() > end) return; const { lastInsertRowid } = insert.run("Under load", "load@example.com", "Roof", "Quote"); process.stdout.write(lastInsertRowid + "\\n"); setImmediate(loop); })();`,
        paths.database,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let acknowledged = 0;
    writer.stdout.on("data", (chunk: Buffer) => {
      const ids = chunk.toString().trim().split("\n").map(Number);
      acknowledged = Math.max(acknowledged, ...ids);
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = acknowledged;
    expect(before).toBeGreaterThan(0);
    const made = makeBackup(liveState(), new Date("2026-11-24T09:00:00Z"));
    await new Promise((resolve) => writer.on("exit", resolve));

    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "site-restore-"));
    const env = {
      ...process.env,
      DATABASE_PATH: path.join(fresh, "data", "app.db"),
      UPLOADS_DIR: path.join(fresh, "uploads"),
    };
    const restored = run("scripts/restore.ts", [made.dir], env);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("Restored the backup");
    const file = env.DATABASE_PATH;
    const ids = new Set(
      new Database(file, { readonly: true }).prepare("select id from leads").pluck().all() as number[],
    );
    for (let id = 1; id <= before; id++)
      expect(ids.has(id), `lead ${id} was acknowledged before the backup`).toBe(true);
    expect(fs.readdirSync(path.join(fresh, "uploads")).length).toBe(made.files.uploads);

    // The app opens it: its migrations find it up to date, the leads there.
    const start = spawnSync(
      tsx,
      [
        "-e",
        `(async () => { const { getDb } = await import("./app/server/db.server.ts"); console.log(getDb().$client.prepare("select count(*) from leads").pluck().get()); })();`,
      ],
      {
        encoding: "utf8",
        env: { ...env, SEED_DEMO_CONTENT: "0", ADMIN_PASSWORD: "pw-12345678" },
      },
    );
    expect(start.status, start.stderr).toBe(0);
    expect(Number(start.stdout.trim().split("\n").at(-1))).toBe(made.counts.leads);
    fs.rmSync(fresh, { recursive: true, force: true });
  });

  it("restores a downloaded .tar.gz, and keeps no unpacked copy of it, nor of a refused one", async () => {
    getDb();
    const made = makeBackup(liveState(), new Date("2026-11-25T09:00:00Z"));
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "site-restore-"));
    const env = {
      ...process.env,
      DATABASE_PATH: path.join(fresh, "data", "app.db"),
      UPLOADS_DIR: path.join(fresh, "uploads"),
    };
    const archive = path.join(fresh, "backup.tar.gz");
    await pipeline(tarGzStream(made.dir, `backup-${made.name}`), fs.createWriteStream(archive));
    const restored = run("scripts/restore.ts", [archive], env);
    expect(restored.status, restored.stderr).toBe(0);
    expect(count(env.DATABASE_PATH, "select count(*) from leads")).toBe(made.counts.leads);
    const backups = path.join(fresh, "data", "backups");
    expect(fs.readdirSync(backups).filter((n) => n.startsWith("unpacked-"))).toEqual([]);

    // Names that climb out of the folder: tar refuses them, and nothing is left behind.
    const hostile = path.join(fresh, "hostile.tar.gz");
    const make = spawnSync(
      "python3",
      [
        "-c",
        `import tarfile, io, sys
t = tarfile.open(sys.argv[1], "w:gz")
for name in ["../../escaped.txt", "x/../../../escaped.txt"]:
    i = tarfile.TarInfo(name); i.size = 4; t.addfile(i, io.BytesIO(b"evil"))
t.close()`,
        hostile,
      ],
      { encoding: "utf8" },
    );
    expect(make.status, make.stderr).toBe(0);
    const refused = run("scripts/restore.ts", [hostile], env);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("not a backup this site made");
    expect(fs.readdirSync(backups).filter((n) => n.startsWith("unpacked-"))).toEqual([]);
    expect(fs.existsSync(path.join(fresh, "data", "escaped.txt"))).toBe(false);
    expect(fs.existsSync(path.join(fresh, "escaped.txt"))).toBe(false);
    expect(count(env.DATABASE_PATH, "select count(*) from leads")).toBe(made.counts.leads);
    fs.rmSync(fresh, { recursive: true, force: true });
  });

  it("refuses a folder that is not a backup, and changes nothing", () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "site-restore-"));
    fs.mkdirSync(path.join(fresh, "not-a-backup"));
    const env = {
      ...process.env,
      DATABASE_PATH: path.join(fresh, "data", "app.db"),
      UPLOADS_DIR: path.join(fresh, "uploads"),
    };
    const result = run("scripts/restore.ts", [path.join(fresh, "not-a-backup")], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("not a backup this site made");
    expect(fs.existsSync(env.DATABASE_PATH)).toBe(false);
    fs.rmSync(fresh, { recursive: true, force: true });
  });
});
