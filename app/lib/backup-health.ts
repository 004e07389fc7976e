import { href } from "react-router";
import { hourLabel } from "./backup-plan";
import { businessToday, formatKansasDateTime } from "./business-time";
import { formatBytes } from "./format-bytes";
import { z } from "./zod";

/**
 * Whether the owner's backups are safe, and what he is told when they are not (decision
 * 0091): on every admin page, and by mail at most once a Kansas day; plus a mail on the
 * first of each month saying where the last backup is and how big it is.
 */

/** The disk is "nearly full" from this share used: a backup may no longer fit. */
export const DISK_FULL_AT = 0.9;

export type BackupProblem =
  | { kind: "backup-failed"; at: Date; message: string }
  | { kind: "backup-stale"; newest: Date | null }
  | { kind: "offsite-failed"; at: Date; message: string }
  | { kind: "offsite-stale"; newest: Date }
  | { kind: "disk-full"; usedShare: number; free: number };
export type BackupProblemKind = BackupProblem["kind"];

/** The app's notes: the last backup that failed (cleared by one that works), and what was mailed when. */
export const BackupHealthSchema = z.object({
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** The Kansas day (YYYY-MM-DD) of the last warning mailed. */
  alertedOn: z.string().nullable(),
  /** The Kansas month (YYYY-MM) of the last monthly mail. */
  reportedMonth: z.string().nullable(),
});
export type BackupHealth = z.infer<typeof BackupHealthSchema>;
export const HEALTHY: BackupHealth = { lastFailure: null, alertedOn: null, reportedMonth: null };

/** The disk's share in use, from what `statfs` says; null when it says nothing useful. */
export function diskProblem(disk: { blocks: number; bavail: number; bsize: number } | null): BackupProblem | null {
  if (!disk || disk.blocks <= 0) return null;
  const usedShare = (disk.blocks - disk.bavail) / disk.blocks;
  return usedShare >= DISK_FULL_AT ? { kind: "disk-full", usedShare, free: disk.bavail * disk.bsize } : null;
}

/** One line for each problem, in the owner's words. */
export function problemLine(problem: BackupProblem): string {
  switch (problem.kind) {
    case "backup-failed":
      return `The backup of ${formatKansasDateTime(problem.at)} failed: ${problem.message}`;
    case "backup-stale":
      return problem.newest
        ? `The newest backup is from ${formatKansasDateTime(problem.newest)}: none in the last two days. Check that the server stays on at night.`
        : "There is no backup yet.";
    case "offsite-failed":
      return `A backup could not be sent off-site (${formatKansasDateTime(problem.at)}): ${problem.message}`;
    case "offsite-stale":
      return `The newest off-site copy is from ${formatKansasDateTime(problem.newest)}: none sent in the last two days.`;
    case "disk-full":
      return `The server's disk is ${Math.floor(problem.usedShare * 100)}% full (${formatBytes(problem.free)} free): backups may soon fail. Free some space or get a bigger disk.`;
  }
}

/** Whether a warning may be mailed today: one a Kansas day, whatever the number of problems. */
export const alertDue = (alertedOn: string | null, now: Date) => alertedOn !== businessToday(now);

export function alertMail(problems: readonly BackupProblem[], origin: string): { subject: string; text: string } {
  const text = [
    "Your website's backups need a look:",
    "",
    ...problems.map((p) => `- ${problemLine(p)}`),
    "",
    `Backups page: ${origin}${href("/admin/backups")}`,
    "",
    "This warning comes at most once a day, while something is wrong.",
  ].join("\n");
  return {
    subject: `Backups need a look: ${problems.length === 1 ? shortOf(problems[0]!) : `${problems.length} problems`}`,
    text,
  };
}

const shortOf = (problem: BackupProblem) =>
  ({
    "backup-failed": "a backup failed",
    "backup-stale": "no backup for two days",
    "offsite-failed": "an off-site copy failed",
    "offsite-stale": "no off-site copy for two days",
    "disk-full": "the disk is nearly full",
  })[problem.kind];

/** The Kansas month (YYYY-MM) of a moment. */
export const kansasMonth = (at: Date) => businessToday(at).slice(0, 7);

/** The monthly mail is due from the owner's backup hour of the first day of a month not yet reported. */
export function reportDue(reportedMonth: string | null, hourNow: number, backupHour: number, now: Date): boolean {
  return reportedMonth !== kansasMonth(now) && businessToday(now).endsWith("-01") && hourNow >= backupHour;
}

export type BackupReport = {
  newest: { at: Date; bytes: number; where: string } | null;
  kept: number;
  offsite: { place: string; lastSent: Date | null } | null;
  problems: readonly BackupProblem[];
  hour: number;
};

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export function reportMail(report: BackupReport, origin: string, now: Date): { subject: string; text: string } {
  const month = monthName.format(new Date(`${kansasMonth(now)}-15T12:00:00Z`));
  const text = [
    `Your website's backups, ${month}.`,
    "",
    report.newest
      ? `Last backup: ${formatKansasDateTime(report.newest.at)}, ${formatBytes(report.newest.bytes)}, on the server in ${report.newest.where}. ${report.kept} kept there (the last 7 days and 4 weeks), made every night at ${hourLabel(report.hour)} Kansas time.`
      : "There is no backup on the server yet.",
    report.offsite
      ? `Off-site copies: in ${report.offsite.place}${
          report.offsite.lastSent ? `, last sent ${formatKansasDateTime(report.offsite.lastSent)}` : ", none sent yet"
        }. Only your passphrase opens them.`
      : "Off-site copies are off: if the server is lost, the backups on it go too. Turn them on in the Backups page.",
    "",
    ...(report.problems.length
      ? ["Needs a look:", ...report.problems.map((p) => `- ${problemLine(p)}`), ""]
      : ["All is well.", ""]),
    `Backups page: ${origin}${href("/admin/backups")}`,
  ].join("\n");
  const subject = `Backups for ${month}: ${report.problems.length ? "needs a look" : "all well"}`;
  return { subject, text };
}
