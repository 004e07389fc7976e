import { z } from "~/lib/zod";
import { businessHour } from "./lead-digest";
import { businessToday } from "./business-time";

/** The Backups page's forms. */
export const BACKUP_INTENTS = { now: "backup-now", saveHour: "save-backup-hour" } as const;

/**
 * When backups are made and which are kept (decision 0058). A backup is a folder
 * named by the moment it was made, in UTC with the colons a filesystem may refuse replaced:
 * 2026-11-27T09-00-05Z. The name alone orders backups and says when each was made.
 */

const NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/;

/** The folder name of a backup made at `at`. */
export const backupName = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");

/** When the backup of this name was made; null for anything that is not a backup's name. */
export function backupTime(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export const isBackupName = (name: string) => backupTime(name) !== null;

/** How many are kept: the newest of each of the last 7 days that have one, and of the last 4 weeks. */
export const KEEP = { daily: 7, weekly: 4 } as const;

/** Monday of the Kansas week of a Kansas day (YYYY-MM-DD), which names the week. */
function weekOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
}

/**
 * The backups to keep of those named: per Kansas day the newest, for the 7 newest days; per
 * week the newest, for the 4 newest weeks. The rest may go. Names that are not backups'
 * are none of this function's business: they are never in the answer and never deleted.
 */
export function backupsToKeep(names: readonly string[], keep: { daily: number; weekly: number } = KEEP): Set<string> {
  const newestFirst = names
    .flatMap((name) => {
      const at = backupTime(name);
      return at ? [{ name, at }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const { name, at } of newestFirst) {
    const day = businessToday(at);
    const week = weekOf(day);
    if (!days.has(day) && days.size < keep.daily) kept.add(name);
    if (!weeks.has(week) && weeks.size < keep.weekly) kept.add(name);
    days.add(day);
    weeks.add(week);
  }
  return kept;
}

/**
 * Whether the nightly backup is due: none made yet this Kansas day and the owner's hour has
 * come on Wellington's clock. A server that was off at that hour makes it when it is back.
 */
export function backupDue(hour: number, newest: Date | null, now: Date): boolean {
  if (newest && businessToday(newest) === businessToday(now)) return false;
  return businessHour(now) >= hour;
}

/** Older than this, the admin warns: a night was missed, and another. */
export const STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

export const isBackupStale = (newest: Date | null, now: Date) =>
  newest === null || now.getTime() - newest.getTime() > STALE_AFTER_MS;

/** The owner's choice: the hour (Kansas time) of the nightly backup. */
export const BackupSettingsSchema = z.object({
  hour: z.number().int().min(0).max(23),
});
export type BackupSettings = z.infer<typeof BackupSettingsSchema>;
export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { hour: 3 };

/**
 * The app's note of the newest backup kept, written whenever a backup is made (decision
 * 0064), so the warning on every admin page reads one row rather than the folder. It is
 * trusted only while the backups folder's modification time is still `folderStamp`: a
 * restored or copied database carries the note of the place it came from.
 */
export const LastBackupSchema = z.object({
  name: z.string().refine(isBackupName).nullable(),
  folderStamp: z.number().nullable(),
});
export type LastBackup = z.infer<typeof LastBackupSchema>;
export const NO_LAST_BACKUP: LastBackup = { name: null, folderStamp: null };

export const BACKUP_MESSAGES = {
  made: "Backup made",
  hourSaved: "Backup hour saved",
  badHour: "Please choose an hour",
  failed: "The backup could not be made. Please try again; if it keeps failing, check the free disk space.",
  notFound: "That backup is no longer kept",
} as const;

/** "3 AM" for an hour of the day. */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? "AM" : "PM"}`;
}
