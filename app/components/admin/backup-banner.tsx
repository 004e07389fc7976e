import { HardDriveDownload } from "lucide-react";
import { href } from "react-router";
import { AdminBanner } from "./admin-banner";

/**
 * Shown to the owner on every admin page while there is no backup from the last two days:
 * the server was off at night, or the disk is full. Nothing otherwise.
 */
export function BackupBanner({ stale }: { stale: boolean }) {
  if (!stale) return null;
  return (
    <AdminBanner
      label="Backups"
      testId="backup-banner"
      icon={HardDriveDownload}
      to={href("/admin/backups")}
      linkText="Backups"
    >
      <strong>No backup in the last two days.</strong> Make one now and download a copy.
    </AdminBanner>
  );
}
