import fs from "node:fs";
import path from "node:path";
import { x as extractTar } from "tar";
import { isBackupName } from "~/lib/backup-plan";
import { BUSINESS_TIME_ZONE } from "~/lib/business-time";
import { formatBytes } from "~/lib/format-bytes";
import { hostOf, OFFSITE_MESSAGES, type OffsiteTarget } from "~/lib/offsite";
import { isRefusal, refusal, type Refusal } from "~/lib/refusal";
import {
  backupsDirOf,
  liveState,
  MANIFEST_FILE,
  restoreBackup,
  type BackupManifest,
} from "~/server/backup-store.server";
import { paths } from "~/server/env.server";
import { offsitePlaceForRestore } from "~/services/offsite.server";

/**
 * Where a backup to put back is found: a folder kept here, a downloaded .tar.gz unpacked,
 * or an off-site copy fetched. The terminal's `npm run restore`, the first start on a new
 * server and the Backups page all come through here, so they read a backup one way.
 */

/** A backup's folder, and what to remove once it is restored (an unpacked or fetched copy). */
export type FoundBackup = { folder: string; unpacked?: string };

/** A problem with the backup given, in the owner's words; nothing was changed. */
export class UnusableBackupError extends Error {}

const unpackFolder = () => path.join(backupsDirOf(liveState()), `unpacked-${Date.now()}`);

/**
 * A downloaded .tar.gz unpacked beside the backups, read with node-tar: only files and
 * folders come out (no links), and nothing lands outside the folder (node-tar strips a
 * leading "/" and refuses names that climb out with "..").
 */
export async function unpackBackupArchive(archive: string): Promise<FoundBackup> {
  const source = path.resolve(archive);
  if (!fs.existsSync(source)) throw new UnusableBackupError(`There is nothing at ${source}.`);
  if (fs.statSync(source).isDirectory()) return { folder: source };
  const into = unpackFolder();
  fs.mkdirSync(into, { recursive: true });
  try {
    try {
      await extractTar({
        file: source,
        cwd: into,
        strict: true,
        filter: (_name, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory"),
      });
    } catch {
      throw new UnusableBackupError("That file is not a backup this site made (it is not a .tar.gz archive).");
    }
    const folder = fs
      .readdirSync(into)
      .map((name) => path.join(into, name))
      .find((dir) => fs.existsSync(path.join(dir, MANIFEST_FILE)));
    if (!folder) throw new UnusableBackupError("That file holds no backup this site made.");
    return { folder, unpacked: into };
  } catch (error) {
    fs.rmSync(into, { recursive: true, force: true });
    throw error;
  }
}

/** The off-site copies, newest first, and the words naming where they are. */
export async function offsiteCopies(target: OffsiteTarget) {
  const [{ openStorage, storageProblem }, { listOffsiteBackups }] = await Promise.all([
    import("~/server/s3.server"),
    import("~/server/offsite-store.server"),
  ]);
  const storage = openStorage(target);
  try {
    const copies = await listOffsiteBackups(storage, target.folder);
    return { storage, copies, where: `${target.bucket} at ${hostOf(target.endpoint)}` };
  } catch (error) {
    // The SDK's own words ("connect ECONNREFUSED ...") tell the owner nothing to do.
    throw new Error(storageProblem(error, target.endpoint), { cause: error });
  }
}

/**
 * The off-site copy named (the newest when none is) fetched and decrypted into a folder
 * beside the backups. `say` hears what is happening, for a terminal.
 */
export async function fetchOffsiteCopy(
  target: OffsiteTarget,
  passphrase: string,
  name?: string,
  say: (line: string) => void = () => {},
): Promise<FoundBackup & { unpacked: string }> {
  const { storage, copies, where } = await offsiteCopies(target);
  if (copies.length === 0) throw new UnusableBackupError(`There is no off-site copy in ${where}.`);
  const chosen = name ? copies.find((c) => c.name === name) : copies[0];
  if (!chosen) throw new UnusableBackupError(`There is no off-site copy named ${name} in ${where}.`);
  const { fetchBackup } = await import("~/server/offsite-store.server");
  const { WrongPassphraseError } = await import("~/server/offsite-crypto.server");
  const { storageProblem } = await import("~/server/s3.server");
  const into = unpackFolder();
  say(`Fetching the off-site copy ${chosen.name} (${formatBytes(chosen.bytes)}) from ${where}...`);
  try {
    await fetchBackup(storage, target.folder, passphrase, chosen.name, path.join(into, chosen.name));
  } catch (error) {
    fs.rmSync(into, { recursive: true, force: true });
    if (error instanceof WrongPassphraseError) throw new UnusableBackupError(OFFSITE_MESSAGES.wrongRestorePassphrase);
    throw new Error(storageProblem(error, target.endpoint), { cause: error });
  }
  return { folder: path.join(into, chosen.name), unpacked: into };
}

/**
 * The backup found put in place, checked before and after (decision 0058), then the
 * unpacked or fetched copy removed: once in place (or refused) a second full copy of
 * years of pictures need not stay on the disk.
 */
export function putBackupInPlace({ folder, unpacked }: FoundBackup) {
  try {
    return restoreBackup(folder, liveState());
  } finally {
    if (unpacked) fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

/** What a restore put back, in the owner's words: for the terminal and the server's log. */
export function restoredLines(manifest: BackupManifest): string[] {
  const at = new Date(manifest.createdAt).toLocaleString("en-US", { timeZone: BUSINESS_TIME_ZONE });
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  return [
    `Restored the backup of ${at} (Kansas time):`,
    `  ${rows} rows checked, ${manifest.files.uploads} public and ${manifest.files["private-uploads"]} private picture files.`,
  ];
}

/**
 * A new server's first start from an off-site copy (RESTORE_FROM_OFFSITE, decision 0095):
 * with no database yet, the copy chosen ("newest", or a copy's name) is fetched with the
 * OFFSITE_* variables and OFFSITE_PASSPHRASE, checked and put in place before anything
 * opens the database, so no demo content is ever seeded under it. A database already there
 * is never replaced: the variable is then only noted in the log. A refusal means the site
 * must not start: an empty site that looks new would hide that nothing was restored.
 */
export async function restoreOnFirstStart(
  choice: string,
  source: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<Refusal | null> {
  if (fs.existsSync(paths.database)) {
    log(
      `RESTORE_FROM_OFFSITE skipped: there is a database already (${paths.database}), and a restore never replaces one. Take RESTORE_FROM_OFFSITE and OFFSITE_PASSPHRASE out of the site's environment.`,
    );
    return null;
  }
  const failed = (why: string) => refusal(`Restoring from the off-site copies failed: ${why}`);
  if (choice !== "newest" && !isBackupName(choice))
    return failed(`RESTORE_FROM_OFFSITE is "newest" or a copy's name (such as 2026-11-29T09-00-05Z), not "${choice}".`);
  const place = offsitePlaceForRestore(source);
  if (isRefusal(place)) return failed(place.refused);
  if (!source.OFFSITE_PASSPHRASE) return failed("set OFFSITE_PASSPHRASE to the passphrase the copies are locked with.");
  try {
    const found = await fetchOffsiteCopy(
      place.target,
      source.OFFSITE_PASSPHRASE,
      choice === "newest" ? undefined : choice,
      log,
    );
    restoredLines(putBackupInPlace(found).manifest).forEach((line) => log(line));
    return null;
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}
