import { backupDue, backupTime, isBackupStale } from "~/lib/backup-plan";
import { getSetting, setSetting } from "~/models/settings.server";
import { firstAccountAt } from "~/models/user.server";
import {
  backupsFolderStamp,
  findBackup,
  isBackupKept,
  listBackups,
  liveState,
  makeBackup,
  pruneBackups,
  type BackupInfo,
  type StateLocations,
} from "~/server/backup-store.server";
import { tarGzStream } from "~/server/tar.server";
import { downloadResponse } from "~/server/responses.server";

/** What the Backups page and the admin's warning show. */
export function backupOverview(now = new Date()) {
  const backups = listBackups(liveState());
  const newest = backups[0] ?? null;
  return {
    backups,
    newest,
    stale: backupIsStale(now),
    hour: getSetting("backups").hour,
  };
}

/**
 * Whether the owner should be warned: no backup for two days. A site in use for less than
 * that, which has had no night yet, is not warned about a backup it could not have made.
 */
export function backupIsStale(now = new Date()): boolean {
  return isBackupStale(newestBackupAt() ?? firstAccountAt() ?? now, now);
}

/**
 * When the newest backup kept was made, read from the note a backup leaves (settings group
 * `lastBackup`, decision 0064) rather than from the folder: every admin page asks. The note
 * holds while the backups folder is as it was when it was written and the backup it names
 * is there. Otherwise (a restored or copied database, which carries the note of the place
 * it came from; a backup removed by hand) the folder is read and the note written again.
 */
export function newestBackupAt(): Date | null {
  const state = liveState();
  const stamp = backupsFolderStamp(state);
  if (stamp === null) return null;
  const note = getSetting("lastBackup");
  if (note.folderStamp === stamp) {
    if (note.name === null) return null;
    if (isBackupKept(state, note.name)) return backupTime(note.name);
  }
  return noteNewestBackup(state);
}

/**
 * Reads the folder and notes its newest backup for `newestBackupAt`. A note that cannot be
 * written (the database busy) is left for the next read: the answer stands all the same,
 * and no admin page fails over a warning.
 */
function noteNewestBackup(state: StateLocations): Date | null {
  // The folder's time first: a backup another process adds while this one reads changes
  // it again, so the note is read past rather than miss that backup.
  const folderStamp = backupsFolderStamp(state);
  const newest = listBackups(state)[0] ?? null;
  try {
    setSetting("lastBackup", { name: newest?.name ?? null, folderStamp });
  } catch (error) {
    console.error("The newest backup could not be noted:", error);
  }
  return newest?.at ?? null;
}

/**
 * A backup now, the ones no longer kept removed, and the newest noted: what the admin's
 * button, the nightly run and `npm run backup` do.
 */
export function backUpNow(now = new Date()): BackupInfo & { removed: string[] } {
  const state = liveState();
  const made = makeBackup(state, now);
  const removed = pruneBackups(state, now);
  noteNewestBackup(state);
  return { ...made, removed };
}

/** Whether the nightly backup is due: the owner's hour has come and none was made this Kansas day. */
export function nightlyBackupDue(now = new Date()): boolean {
  return backupDue(getSetting("backups").hour, newestBackupAt(), now);
}

/** A kept backup as a .tar.gz download, streamed; undefined for a name not kept. */
export function backupDownload(name: string): Response | undefined {
  const backup = findBackup(liveState(), name);
  if (!backup) return undefined;
  return downloadResponse(
    tarGzStream(backup.dir, `backup-${backup.name}`),
    "application/gzip",
    `backup-${backup.name}.tar.gz`,
  );
}
