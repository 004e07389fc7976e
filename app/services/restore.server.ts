import fs from "node:fs";
import path from "node:path";
import { x as extractTar } from "tar";
import { isBackupName } from "~/lib/backup-plan";
import { BUSINESS_TIME_ZONE } from "~/lib/business-time";
import { formatBytes } from "~/lib/format-bytes";
import { hostOf, OFFSITE_MESSAGES, type OffsiteTarget } from "~/lib/offsite";
import { backupHoldings, RESTORE_MESSAGES, restoredMessage, type RestoreConfirm } from "~/lib/backup-restore";
import { formatKansasDateTime } from "~/lib/business-time";
import { isRefusal, refusal, type Refusal } from "~/lib/refusal";
import { getSetting } from "~/models/settings.server";
import { getUserByEmail } from "~/models/user.server";
import {
  backupsDirOf,
  checkBackup,
  findBackup,
  listBackups,
  liveState,
  MANIFEST_FILE,
  restoreBackup,
  type BackupManifest,
} from "~/server/backup-store.server";
import { closeDb } from "~/server/db.server";
import { paths } from "~/server/env.server";
import { whileClosed } from "~/server/maintenance.server";
import { invalidatePublicPages } from "~/server/page-cache.server";
import { isMultipart, readForm } from "~/server/request-body.server";
import { receiveBackupUpload } from "~/server/restore-upload.server";
import { restoreInChild } from "~/services/backup-process.server";
import { forgetCookies } from "~/services/cookies.server";
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

// ".partial": what a crash leaves behind is removed by pruneBackups after an hour.
const unpackFolder = () => path.join(backupsDirOf(liveState()), `unpacked-${Date.now()}.partial`);

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
      throw new UnusableBackupError(RESTORE_MESSAGES.notAnArchive);
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
    discardFound({ folder, unpacked });
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

/** Where an admin restore's backup comes from, as the form chose it. */
export type RestoreChoice = Pick<RestoreConfirm, "from" | "backup" | "passphrase"> & { uploaded?: string | null };

/** A checked backup, ready to go in; nothing changed yet. */
export type ReadyBackup = FoundBackup & { manifest: BackupManifest };

/** Removes what was unpacked or fetched for a restore (never a backup kept here). */
export const discardFound = (found: FoundBackup) =>
  found.unpacked && fs.rmSync(found.unpacked, { recursive: true, force: true });

async function findChosen(choice: RestoreChoice): Promise<FoundBackup | Refusal> {
  if (choice.from === "here") {
    const kept = findBackup(liveState(), choice.backup);
    return kept ? { folder: kept.dir } : refusal(RESTORE_MESSAGES.notFound);
  }
  if (choice.from === "offsite") {
    const { target } = getSetting("offsite");
    if (!target) return refusal(OFFSITE_MESSAGES.notSetUp);
    if (!choice.passphrase) return refusal(RESTORE_MESSAGES.passphraseMissing, { field: "passphrase" });
    return fetchOffsiteCopy(target, choice.passphrase, choice.backup);
  }
  if (!choice.uploaded) return refusal(RESTORE_MESSAGES.chooseFile, { field: "backupFile" });
  try {
    return await unpackBackupArchive(choice.uploaded);
  } finally {
    fs.rmSync(choice.uploaded, { force: true });
  }
}

/**
 * The chosen backup found (fetched or unpacked when it must be) and checked as a restore
 * checks it: the owner hears of a damaged or foreign file before the site closes.
 */
export async function prepareRestore(choice: RestoreChoice): Promise<ReadyBackup | Refusal> {
  let found: FoundBackup | Refusal;
  try {
    found = await findChosen(choice);
  } catch (error) {
    if (error instanceof UnusableBackupError)
      return refusal(error.message, error.message.includes("passphrase") ? { field: "passphrase" } : {});
    console.error("Getting a backup to restore failed:", error);
    return refusal(`The backup could not be read: ${(error as Error).message}`);
  }
  if ("refused" in found) return found;
  const check = checkBackup(found.folder);
  if (!check.ok) {
    discardFound(found);
    return refusal(`This backup cannot be put back: ${check.problems[0]}`);
  }
  return { ...found, manifest: check.manifest };
}

/**
 * Puts a checked backup in place of the site's state: the site closes (the maintenance
 * page), its database connection is closed, `npm run restore` swaps the files in a process
 * of its own (the current state kept aside as before-restore-<time>), then the site opens
 * on the restored database, migrated to this version as at any start. The owner's
 * account in the restored database, found by his email, gets a new session.
 */
export async function restoreNow(
  ready: ReadyBackup,
  ownerEmail: string,
): Promise<{ message: string; ownerId: number | null } | Refusal> {
  const run = await whileClosed(async () => {
    closeDb();
    try {
      return await restoreInChild(ready.folder);
    } finally {
      discardFound(ready);
      // What was cached belongs to the state that is gone.
      invalidatePublicPages();
      forgetCookies();
    }
  });
  if (!run.restored) {
    console.error("A restore from the admin failed:", run.message);
    return refusal(RESTORE_MESSAGES.failed, { status: 500 });
  }
  const owner = getUserByEmail(ownerEmail);
  const { manifest } = ready;
  return {
    message: restoredMessage(
      formatKansasDateTime(manifest.createdAt),
      backupHoldings(manifest.counts, manifest.files),
      path.basename(run.keptIn),
    ),
    ownerId: owner && owner.role === "owner" && !owner.removedAt ? owner.id : null,
  };
}

/** What the restore page lists: the backups kept here, and the off-site ones when they are on. */
export async function restoreChoices() {
  const here = listBackups(liveState()).map((b) => ({
    name: b.name,
    when: formatKansasDateTime(b.at),
    detail: backupHoldings(b.counts, b.files),
  }));
  const { target } = getSetting("offsite");
  if (!target) return { here, offsite: null };
  try {
    const { copies, where } = await offsiteCopies(target);
    return {
      here,
      offsite: {
        where,
        copies: copies.map((c) => ({ name: c.name, when: formatKansasDateTime(c.at), detail: formatBytes(c.bytes) })),
        problem: null,
      },
    };
  } catch (error) {
    const { storageProblem } = await import("~/server/s3.server");
    return { here, offsite: { where: target.bucket, copies: [], problem: storageProblem(error, target.endpoint) } };
  }
}

/**
 * The restore form: a posted backup file is streamed into the backups folder first
 * (server/restore-upload.server.ts); the choice of a kept or off-site one is a plain form.
 */
export async function readRestoreForm(request: Request) {
  if (!isMultipart(request)) return { form: await readForm(request), uploaded: null, uploadError: null };
  const received = await receiveBackupUpload(request, backupsDirOf(liveState()));
  return { form: received.form, uploaded: received.file, uploadError: "error" in received ? received.error : null };
}
