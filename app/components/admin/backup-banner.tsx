import { HardDriveDownload } from "lucide-react";
import { href } from "react-router";
import type { BackupProblemKind } from "~/lib/backup-health";
import { AdminBanner } from "./admin-banner";

const SAYS: Record<BackupProblemKind, { headline: string; then: string }> = {
  "backup-failed": { headline: "The last backup failed.", then: "See what went wrong on the Backups page." },
  "backup-stale": { headline: "No backup in the last two days.", then: "Make one now and download a copy." },
  "offsite-failed": {
    headline: "The last off-site copy could not be sent.",
    then: "See what went wrong on the Backups page.",
  },
  "offsite-stale": {
    headline: "No off-site copy in the last two days.",
    then: "Check the connection on the Backups page.",
  },
  "disk-full": { headline: "The server's disk is nearly full.", then: "Backups may soon fail: free some space." },
};

/**
 * Shown to the owner on every admin page while backups are not safe (services/
 * backup-health.server.ts): the first thing wrong, in his words. Nothing otherwise.
 */
export function BackupBanner({ problems }: { problems: readonly BackupProblemKind[] }) {
  const first = problems[0];
  if (!first) return null;
  return (
    <AdminBanner
      label="Backups"
      testId="backup-banner"
      icon={HardDriveDownload}
      to={href("/admin/backups")}
      linkText="Backups"
    >
      <strong>{SAYS[first].headline}</strong> {SAYS[first].then}
    </AdminBanner>
  );
}
