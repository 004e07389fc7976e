import { HardDriveDownload } from "lucide-react";
import { href } from "react-router";
import { AdminBanner } from "./admin-banner";

/**
 * Shown to the owner on every admin page while backups are not safe: no backup in the last
 * two days (the server was off at night, or the disk is full), or off-site copies that
 * failed or stopped (decision 0090). Nothing otherwise; the local one is said first.
 */
export function BackupBanner({ stale, offsite }: { stale: boolean; offsite: "failed" | "stale" | null }) {
  if (!stale && !offsite) return null;
  return (
    <AdminBanner
      label="Backups"
      testId="backup-banner"
      icon={HardDriveDownload}
      to={href("/admin/backups")}
      linkText="Backups"
    >
      {stale ? (
        <>
          <strong>No backup in the last two days.</strong> Make one now and download a copy.
        </>
      ) : offsite === "failed" ? (
        <>
          <strong>The last off-site copy could not be sent.</strong> See what went wrong on the Backups page.
        </>
      ) : (
        <>
          <strong>No off-site copy in the last two days.</strong> Check the connection on the Backups page.
        </>
      )}
    </AdminBanner>
  );
}
