import { backupDue, isBackupStale } from "~/lib/backup-plan";
import { getSetting } from "~/models/settings.server";
import { firstAccountAt } from "~/models/user.server";
import { repeatInBackground } from "~/server/background.server";
import {
  findBackup,
  listBackups,
  liveState,
  makeBackup,
  pruneBackups,
  type BackupInfo,
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
  const newest = listBackups(liveState())[0]?.at ?? firstAccountAt() ?? now;
  return isBackupStale(newest, now);
}

/** A backup now, and the ones no longer kept removed. */
export function backUpNow(now = new Date()): BackupInfo {
  const state = liveState();
  const made = makeBackup(state, now);
  pruneBackups(state, now);
  return made;
}

/** The nightly backup, if its hour has come and none was made today: what the background loop runs. */
export function runDueBackup(now = new Date()): BackupInfo | null {
  const newest = listBackups(liveState())[0] ?? null;
  if (!backupDue(getSetting("backups").hour, newest?.at ?? null, now))
    return null;
  return backUpNow(now);
}

// Checked every ten minutes; the first check waits a few minutes after start, so a server
// started for a moment (a test, a restart loop) does not copy everything on its way up.
const CHECK_EVERY_MS = 10 * 60 * 1000;
const FIRST_CHECK_AFTER_MS = 5 * 60 * 1000;

export function startNightlyBackups() {
  setTimeout(() => {
    repeatInBackground("nightly-backup", CHECK_EVERY_MS, async () => {
      const made = runDueBackup();
      if (made) console.log(`Nightly backup written to ${made.dir}`);
    });
  }, FIRST_CHECK_AFTER_MS).unref();
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
