import fs from "node:fs";
import path from "node:path";
import {
  alertDue,
  diskProblem,
  kansasMonth,
  reportDue,
  type BackupProblem,
  type BackupReport,
} from "~/lib/backup-health";
import { businessToday } from "~/lib/business-time";
import { businessHour } from "~/lib/lead-digest";
import { hostOf } from "~/lib/offsite";
import { enqueueMail } from "~/models/outbox.server";
import { changeSetting, getSetting } from "~/models/settings.server";
import { repeatInBackground } from "~/server/background.server";
import { backupsDirOf, liveState } from "~/server/backup-store.server";
import { paths } from "~/server/env.server";
import { filesUnder } from "~/server/folder-walk.server";
import { backUpInChild, type BackupRun } from "~/services/backup-process.server";
import { backupIsStale, backUpNow, backupOverview, newestBackupAt, nightlyBackupDue } from "~/services/backups.server";
import { offsiteProblem, offsiteTarget, sendOffsiteCopy } from "~/services/offsite.server";

/**
 * Keeping the owner's backups safe (decisions 0058, 0090, 0091): the nightly run, and the
 * owner told when something is wrong (on every admin page, and by mail at most once a
 * day) and once a month where his last backup is.
 */

/** The disk holding the database (and the backups beside it): how full it is. */
function diskOfData() {
  try {
    return fs.statfsSync(path.dirname(paths.database));
  } catch {
    return null;
  }
}

/** What is wrong with the backups now; empty when all is well. */
export function backupProblems(now = new Date()): BackupProblem[] {
  const problems: BackupProblem[] = [];
  const { lastFailure } = getSetting("backupHealth");
  if (lastFailure) problems.push({ kind: "backup-failed", at: new Date(lastFailure.at), message: lastFailure.message });
  else if (backupIsStale(now)) problems.push({ kind: "backup-stale", newest: newestBackupAt() });
  const offsite = offsiteProblem(now);
  if (offsite) problems.push(offsite);
  const disk = diskProblem(diskOfData());
  if (disk) problems.push(disk);
  return problems;
}

/** A backup that could not be made, kept for the warnings until one is made. */
export function noteBackupFailure(error: unknown, now = new Date()) {
  const message = error instanceof Error ? error.message : String(error);
  try {
    changeSetting("backupHealth", (health) => ({ ...health, lastFailure: { at: now.toISOString(), message } }));
  } catch (noting) {
    // The database itself may be what failed: the failure is in the log all the same.
    console.error("The failed backup could not be noted:", noting);
  }
}

export function noteBackupMade() {
  changeSetting("backupHealth", (health) => (health.lastFailure ? { ...health, lastFailure: null } : null));
}

/**
 * Mails the owner when something is wrong and he was not told today. The day is taken
 * before the mail is queued, so two runs never both queue one; the mail is written when it
 * goes, from what is wrong then (nothing left: not sent).
 */
export function warnIfNeeded(now = new Date()): boolean {
  if (backupProblems(now).length === 0) return false;
  const taken = changeSetting("backupHealth", (health) =>
    alertDue(health.alertedOn, now) ? { ...health, alertedOn: businessToday(now) } : null,
  );
  if (!taken) return false;
  enqueueMail({ kind: "backup-alert", recipient: getSetting("contact").notificationEmail }, now);
  return true;
}

/** The monthly mail, queued on the first of the month after the backup hour. */
export function reportIfDue(now = new Date()): boolean {
  const hour = getSetting("backups").hour;
  const taken = changeSetting("backupHealth", (health) =>
    reportDue(health.reportedMonth, businessHour(now), hour, now)
      ? { ...health, reportedMonth: kansasMonth(now) }
      : null,
  );
  if (!taken) return false;
  enqueueMail({ kind: "backup-report", recipient: getSetting("contact").notificationEmail }, now);
  return true;
}

/** What the monthly mail says, read when it goes. */
export function backupReport(now = new Date()): BackupReport {
  const { backups, newest, hour } = backupOverview(now);
  const place = offsiteTarget();
  const { lastSent } = getSetting("offsiteStatus");
  return {
    newest: newest && {
      at: newest.at,
      bytes: filesUnder(newest.dir).reduce((sum, file) => sum + fs.statSync(path.join(newest.dir, file)).size, 0),
      where: path.relative(process.cwd(), backupsDirOf(liveState())) || backupsDirOf(liveState()),
    },
    kept: backups.length,
    offsite: place && {
      place: `the bucket ${place.target.bucket} at ${hostOf(place.target.endpoint)}`,
      lastSent: lastSent ? new Date(lastSent.at) : null,
    },
    problems: backupProblems(now),
    hour,
  };
}

// Checked every ten minutes; the first check waits a few minutes after start, so a server
// started for a moment (a test, a restart loop) does not copy everything on its way up.
const CHECK_EVERY_MS = 10 * 60 * 1000;
const FIRST_CHECK_AFTER_MS = 5 * 60 * 1000;

/**
 * A backup now, noted for the warnings (a failure too), then sent off-site: what the backup
 * command does, in whichever process runs it. `onWritten` hears of it once it is whole on
 * the disk, before the sending.
 */
export async function backUpAndSend(now = new Date(), onWritten?: (made: ReturnType<typeof backUpNow>) => void) {
  let made: ReturnType<typeof backUpNow>;
  try {
    made = backUpNow(now);
  } catch (error) {
    noteBackupFailure(error, now);
    throw error;
  }
  noteBackupMade();
  onWritten?.(made);
  return { made, sent: await sendOffsiteCopy(made, now) };
}

/**
 * The nightly backup when due, made in a process of its own (decision 0092) so the site keeps
 * answering; then the owner's warnings and monthly mail. `backUp`: how the backup is made
 * (tests make it here, on their own clock).
 */
export async function nightlyRound(now = new Date(), backUp: () => Promise<BackupRun> = () => backUpInChild("done")) {
  try {
    if (nightlyBackupDue(now)) {
      const run = await backUp();
      // The child notes its own failure; one that died before it could is noted here.
      if (!run.made) noteBackupFailure(new Error(run.message), now);
    }
  } catch (error) {
    // The backups folder itself unreadable, say: the owner hears of it like any failure.
    console.error("The nightly backup failed:", error);
    noteBackupFailure(error, now);
  }
  warnIfNeeded(now);
  reportIfDue(now);
}

export function startNightlyBackups() {
  setTimeout(() => {
    repeatInBackground("nightly-backup", CHECK_EVERY_MS, () => nightlyRound());
  }, FIRST_CHECK_AFTER_MS).unref();
}
