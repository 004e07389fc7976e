import { href } from "react-router";
import { TWO_STEP_MESSAGES } from "~/lib/two-step-forms";
import { z } from "~/lib/zod";

// Restoring a backup from the admin (decision 0094): the owner picks a backup kept here or
// off-site, or uploads a downloaded one, and confirms with his password (and two-step code).

export const RESTORE_INTENT = "restore-backup";

/** Where the backup to put back comes from: the form's `from`. */
export const RESTORE_SOURCES = { here: "here", offsite: "offsite", upload: "upload" } as const;
export type RestoreSource = (typeof RESTORE_SOURCES)[keyof typeof RESTORE_SOURCES];

/** The restore page, with a backup chosen for its last look. */
export const restorePagePath = (from: RestoreSource, backup: string) =>
  `${href("/admin/backups/restore")}?${new URLSearchParams({ from, backup })}`;

/** The file field of the upload form. */
export const RESTORE_FILE_FIELD = "backupFile";

/**
 * The most an uploaded backup may weigh. Far above any backup this site makes in years
 * (the pictures are resized), and still a limit: it is written to the server's disk.
 */
export const RESTORE_UPLOAD_MAX_BYTES = 20 * 1024 ** 3;

export const RESTORE_MESSAGES = {
  chooseFile: "Please choose the backup file (.tar.gz) you downloaded",
  notFound: "That backup is no longer kept. Please choose another.",
  offsiteNotFound: "That off-site copy is not in the bucket any more. Please choose another.",
  tooLarge: "That file is larger than any backup this site makes. Please check you chose the right file.",
  notAnArchive: "That file is not a backup this site made (it is not a .tar.gz archive).",
  passwordMissing: TWO_STEP_MESSAGES.passwordMissing,
  passwordWrong: TWO_STEP_MESSAGES.passwordWrong,
  codeMissing: TWO_STEP_MESSAGES.codeMissing,
  codeWrong: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
  passphraseMissing: "Please enter the off-site copies' passphrase",
  failed: "The backup could not be put back. The site is as it was before; the server's log says why.",
  signInAgain: "Please sign in with an account from the restored backup.",
};

/** The fields every restore form sends beside its source. */
export const RestoreConfirmSchema = z.object({
  currentPassword: z
    .string({ error: RESTORE_MESSAGES.passwordMissing })
    .min(1, RESTORE_MESSAGES.passwordMissing)
    .max(1000),
  code: z.string().trim().max(40, RESTORE_MESSAGES.codeWrong).default(""),
  passphrase: z.string().max(1000).default(""),
  from: z.enum([RESTORE_SOURCES.here, RESTORE_SOURCES.offsite, RESTORE_SOURCES.upload]),
  backup: z.string().max(100).default(""),
});
export type RestoreConfirm = z.infer<typeof RestoreConfirmSchema>;

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The rows and files a backup holds that the owner knows by name, in his words. */
export function backupHoldings(counts: Record<string, number>, files: Record<string, number>): string {
  const pictures = Object.values(files).reduce((a, b) => a + b, 0);
  return [
    count(counts.leads ?? 0, "lead", "leads"),
    count(counts.roof_customers ?? 0, "roof customer", "roof customers"),
    count(counts.invoices ?? 0, "invoice", "invoices"),
    count(counts.payments ?? 0, "payment", "payments"),
    count(counts.projects ?? 0, "project", "projects"),
    count(pictures, "picture file", "picture files"),
  ].join(", ");
}

/** What the owner reads once a backup is back: when it was made, what it held, where the old state is. */
export function restoredMessage(made: string, holdings: string, keptAs: string): string {
  return `Restored the backup of ${made}: ${holdings}. What was here before is kept as ${keptAs}.`;
}
