import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { backupName, backupsToKeep, backupTime, isBackupName } from "~/lib/backup-plan";
import { z } from "~/lib/zod";
import { paths } from "~/server/env.server";
import { filesUnder } from "~/server/folder-walk.server";
import { privateUploadsDir } from "~/server/storage.server";

/**
 * Backups of the whole state (decision 0058): the SQLite file and both picture
 * folders, in backups/ beside the database, so that in Docker they sit on the data volume.
 * Used by the nightly task, the admin's "Back up now" and `npm run backup`; restored by
 * `npm run restore`.
 */

/** Where the state lives: the database and the two picture folders. */
export type StateLocations = {
  database: string;
  uploads: string;
  privateUploads: string;
};

/** The folders of pictures a backup carries, by the name each has inside it. */
const PICTURE_FOLDERS = {
  uploads: "uploads",
  "private-uploads": "privateUploads",
} as const satisfies Record<string, keyof StateLocations>;
export const BACKUP_PICTURE_FOLDERS: readonly string[] = Object.keys(PICTURE_FOLDERS);

/** The site's own state, where the environment puts it. */
export const liveState = (): StateLocations => ({
  database: paths.database,
  uploads: paths.uploads,
  privateUploads: privateUploadsDir,
});

export const DATABASE_FILE = "app.db";
export const MANIFEST_FILE = "manifest.json";

export const backupsDirOf = (state: StateLocations) => path.join(path.dirname(state.database), "backups");

const BackupManifestSchema = z.object({
  name: z.string(),
  createdAt: z.string(),
  /** Rows per table when it was made: a restore checks them. */
  counts: z.record(z.string(), z.number()),
  /** Files per picture folder. */
  files: z.record(z.string(), z.number()),
  /** Migrations applied to the database copied. */
  migrations: z.number(),
  bytes: z.number(),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

export type BackupInfo = BackupManifest & { dir: string; at: Date };

/** Rows per table of an open database (SQLite's own tables left out). */
export function tableCounts(db: Database.Database): Record<string, number> {
  const tables = db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name",
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((table) => [
      table,
      Number(
        db
          .prepare(`select count(*) from "${table.replace(/"/g, '""')}"`)
          .pluck()
          .get(),
      ),
    ]),
  );
}

function migrationsOf(db: Database.Database): number {
  const has = db.prepare("select 1 from sqlite_master where name = '__drizzle_migrations'").get();
  return has ? Number(db.prepare("select count(*) from __drizzle_migrations").pluck().get()) : 0;
}

/** The rows per table and the migrations of a database file, as a manifest counts them. */
function describeDatabase(file: string, options: Database.Options = {}) {
  const db = new Database(file, options);
  try {
    return { counts: tableCounts(db), migrations: migrationsOf(db) };
  } finally {
    db.close();
  }
}

/**
 * Copies a picture folder into the backup. A picture is never rewritten once stored (each
 * upload gets a new random name), so one the previous backup already holds at the same
 * size is hard-linked from it rather than copied: eleven kept backups cost about one
 * folder of pictures, not eleven.
 */
function copyPictures(from: string, to: string, previous: string | null): { files: number; bytes: number } {
  let bytes = 0;
  const files = filesUnder(from);
  for (const relative of files) {
    const source = path.join(from, relative);
    const target = path.join(to, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const size = fs.statSync(source).size;
    const earlier = previous ? path.join(previous, relative) : null;
    if (earlier && fs.existsSync(earlier) && fs.statSync(earlier).size === size) {
      try {
        fs.linkSync(earlier, target);
        continue;
      } catch {
        // A filesystem without hard links: copied like any other.
      }
    }
    fs.copyFileSync(source, target);
    bytes += size;
  }
  fs.mkdirSync(to, { recursive: true });
  return { files: files.length, bytes };
}

/**
 * Makes a backup now: the database copied with `VACUUM INTO` (one read transaction, so a
 * consistent copy while the site keeps writing; compact too), then the pictures. It is
 * written under a ".partial" name and renamed when complete: a backup listed is a whole one.
 */
export function makeBackup(state: StateLocations, now = new Date()): BackupInfo {
  const root = backupsDirOf(state);
  const name = backupName(now);
  const dir = path.join(root, name);
  const partial = `${dir}.partial`;
  fs.mkdirSync(root, { recursive: true });
  // Made here and nowhere else: a second backup in the same second (the nightly one and
  // `npm run backup`) stops rather than write into the first one's folder. One a crash
  // left behind is removed by pruneBackups after an hour.
  try {
    fs.mkdirSync(partial);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      throw new Error(`Another backup is being made right now (${partial}).`);
    throw error;
  }
  try {
    const copy = path.join(partial, DATABASE_FILE);
    const source = new Database(state.database, {
      readonly: true,
      fileMustExist: true,
    });
    try {
      source.prepare("vacuum into ?").run(copy);
    } finally {
      source.close();
    }
    const { counts, migrations } = describeDatabase(copy, { readonly: true });
    const previous = listBackups(state)[0]?.dir ?? null;
    const files: Record<string, number> = {};
    let bytes = fs.statSync(copy).size;
    for (const [folder, key] of Object.entries(PICTURE_FOLDERS)) {
      const copied = copyPictures(
        state[key],
        path.join(partial, folder),
        previous ? path.join(previous, folder) : null,
      );
      files[folder] = copied.files;
      bytes += copied.bytes;
    }
    const manifest: BackupManifest = {
      name,
      createdAt: now.toISOString(),
      counts,
      files,
      migrations,
      bytes,
    };
    writeManifest(partial, manifest);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
    // When it was made as its name says (to the second), as a listing reads it back.
    return { ...manifest, dir, at: backupTime(name)! };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

function writeManifest(dir: string, manifest: BackupManifest) {
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Gives the state moved aside by a restore its manifest, so it is a backup like any other
 * and can itself be put back (`npm run restore -- data/backups/before-restore-<time>`).
 */
function describeAside(dir: string, now: Date) {
  // Writable: a WAL moved aside beside it is folded in as it opens.
  const { counts, migrations } = describeDatabase(path.join(dir, DATABASE_FILE));
  const files: Record<string, number> = {};
  let bytes = fs.statSync(path.join(dir, DATABASE_FILE)).size;
  for (const folder of Object.keys(PICTURE_FOLDERS)) {
    const listed = filesUnder(path.join(dir, folder));
    files[folder] = listed.length;
    for (const relative of listed) bytes += fs.statSync(path.join(dir, folder, relative)).size;
  }
  writeManifest(dir, { name: path.basename(dir), createdAt: now.toISOString(), counts, files, migrations, bytes });
}

/** A manifest's text read; null when it is not one this site wrote (a hand edit, a damaged disk). */
export function parseManifest(text: string): BackupManifest | null {
  try {
    const manifest = BackupManifestSchema.safeParse(JSON.parse(text));
    return manifest.success ? manifest.data : null;
  } catch {
    return null;
  }
}

/** A backup folder's manifest; null when it is missing or not one this site wrote. */
function readManifest(dir: string): BackupManifest | null {
  try {
    return parseManifest(fs.readFileSync(path.join(dir, MANIFEST_FILE), "utf8"));
  } catch {
    return null;
  }
}

/** The whole backups kept, newest first (a folder without its manifest is not one). */
export function listBackups(state: StateLocations): BackupInfo[] {
  const root = backupsDirOf(state);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter(isBackupName)
    .flatMap((name) => {
      const dir = path.join(root, name);
      const manifest = readManifest(dir);
      return manifest ? [{ ...manifest, dir, at: backupTime(name)! }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** When the backups folder last changed (a backup added or removed, a restore); null while there is none. */
export function backupsFolderStamp(state: StateLocations): number | null {
  return fs.statSync(backupsDirOf(state), { throwIfNoEntry: false })?.mtimeMs ?? null;
}

/** Whether the backup of this name is kept: its folder with the manifest, which is written last. */
export const isBackupKept = (state: StateLocations, name: string) =>
  isBackupName(name) && fs.existsSync(path.join(backupsDirOf(state), name, MANIFEST_FILE));

/** The kept backup of this name, or undefined (a name that is not a backup's never reaches the disk). */
export function findBackup(state: StateLocations, name: string): BackupInfo | undefined {
  if (!isBackupName(name)) return undefined;
  return listBackups(state).find((b) => b.name === name);
}

/**
 * Removes the backups the plan no longer keeps (7 daily, 4 weekly: lib/backup-plan.ts) and
 * what a backup that failed half-way left behind. A folder named like a backup whose
 * manifest cannot be read is not one this site can vouch for, so it is left alone (it
 * may still be someone's only copy). The names removed.
 */
export function pruneBackups(state: StateLocations, now = new Date()): string[] {
  const root = backupsDirOf(state);
  if (!fs.existsSync(root)) return [];
  const names = fs.readdirSync(root);
  const whole = names.filter((n) => isBackupName(n) && readManifest(path.join(root, n)) !== null);
  const keep = backupsToKeep(whole);
  const removed: string[] = [];
  for (const name of names) {
    const leftover =
      name.endsWith(".partial") && now.getTime() - fs.statSync(path.join(root, name)).mtimeMs > 60 * 60 * 1000;
    if ((whole.includes(name) && !keep.has(name)) || leftover) {
      fs.rmSync(path.join(root, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

export type BackupCheck = { ok: true; manifest: BackupManifest } | { ok: false; problems: string[] };

/**
 * Whether a backup folder is whole: its manifest, a database SQLite finds sound with the
 * rows the manifest counted, and every picture file it listed.
 */
export function checkBackup(dir: string): BackupCheck {
  const manifest = readManifest(dir);
  if (!manifest)
    return {
      ok: false,
      problems: [`No ${MANIFEST_FILE} in ${dir}: not a backup this site made.`],
    };
  const problems: string[] = [];
  const file = path.join(dir, DATABASE_FILE);
  if (!fs.existsSync(file)) return { ok: false, problems: [`No ${DATABASE_FILE} in ${dir}.`] };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.prepare("pragma integrity_check").pluck().all() as string[];
    if (integrity.join() !== "ok") problems.push(`The database is damaged: ${integrity.slice(0, 3).join("; ")}`);
    const counts = tableCounts(db);
    for (const [table, expected] of Object.entries(manifest.counts)) {
      if (counts[table] !== expected)
        problems.push(`${table}: ${counts[table] ?? "no table"} rows, the backup counted ${expected}`);
    }
  } finally {
    db.close();
  }
  for (const folder of Object.keys(PICTURE_FOLDERS)) {
    const found = filesUnder(path.join(dir, folder)).length;
    if (found !== manifest.files[folder])
      problems.push(`${folder}: ${found} files, the backup counted ${manifest.files[folder]}`);
  }
  return problems.length ? { ok: false, problems } : { ok: true, manifest };
}

/** A rename, or a copy and delete where the two sit on different volumes (Docker's two). */
function move(from: string, to: string) {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/** A new folder named `name` (or name-2, -3… when a restore in the same second made one). */
function asideFolder(root: string, name: string): string {
  fs.mkdirSync(root, { recursive: true });
  for (let n = 1; ; n++) {
    const dir = path.join(root, n === 1 ? name : `${name}-${n}`);
    try {
      fs.mkdirSync(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/** Undoes a restore that failed half-way: the state moved aside goes back in place. */
function putBack(aside: string, state: StateLocations) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${state.database}${suffix}`, { force: true });
  for (const suffix of ["", "-wal", "-shm"]) {
    const file = path.join(aside, `${DATABASE_FILE}${suffix}`);
    if (fs.existsSync(file)) move(file, `${state.database}${suffix}`);
  }
  for (const [folder, key] of Object.entries(PICTURE_FOLDERS)) {
    const target = state[key];
    for (const entry of fs.readdirSync(target)) fs.rmSync(path.join(target, entry), { recursive: true, force: true });
    for (const entry of fs.readdirSync(path.join(aside, folder)))
      move(path.join(aside, folder, entry), path.join(target, entry));
  }
  fs.rmSync(aside, { recursive: true, force: true });
}

/**
 * Puts a backup back in place of the state (the site stopped): checked first, then the
 * current database and folders moved aside into backups/before-restore-<time>/ (nothing is
 * deleted; with a manifest, so it can be put back in turn), then the backup's copied in and
 * checked again where it now lives. When that fails, the state moved aside goes back.
 */
export function restoreBackup(
  dir: string,
  state: StateLocations,
  now = new Date(),
): { manifest: BackupManifest; movedAside: string } {
  const check = checkBackup(dir);
  if (!check.ok) throw new Error(`This backup cannot be restored:\n- ${check.problems.join("\n- ")}`);
  const aside = asideFolder(backupsDirOf(state), `before-restore-${backupName(now)}`);
  for (const suffix of ["", "-wal", "-shm"]) {
    const file = `${state.database}${suffix}`;
    if (fs.existsSync(file)) move(file, path.join(aside, `${DATABASE_FILE}${suffix}`));
  }
  for (const [folder, key] of Object.entries(PICTURE_FOLDERS)) {
    // A folder may be a mount point (a Docker volume): its contents move, never the folder.
    const target = state[key];
    fs.mkdirSync(target, { recursive: true });
    fs.mkdirSync(path.join(aside, folder), { recursive: true });
    for (const entry of fs.readdirSync(target)) move(path.join(target, entry), path.join(aside, folder, entry));
  }
  if (fs.existsSync(path.join(aside, DATABASE_FILE))) describeAside(aside, now);
  try {
    for (const [folder, key] of Object.entries(PICTURE_FOLDERS))
      fs.cpSync(path.join(dir, folder), state[key], { recursive: true });
    fs.mkdirSync(path.dirname(state.database), { recursive: true });
    fs.copyFileSync(path.join(dir, DATABASE_FILE), state.database);
    const db = new Database(state.database, {
      readonly: true,
      fileMustExist: true,
    });
    try {
      const counts = tableCounts(db);
      const wrong = Object.entries(check.manifest.counts).filter(([table, n]) => counts[table] !== n);
      if (wrong.length)
        throw new Error(
          `The restored database does not hold what the backup counted: ${wrong.map(([t]) => t).join(", ")}`,
        );
    } finally {
      db.close();
    }
  } catch (error) {
    // Half a backup is worse than none: what was there goes back where it was.
    putBack(aside, state);
    throw error;
  }
  return { manifest: check.manifest, movedAside: aside };
}
