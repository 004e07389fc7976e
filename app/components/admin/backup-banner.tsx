import { HardDriveDownload } from "lucide-react";
import { href, Link } from "react-router";

/**
 * Shown to the owner on every admin page while there is no backup from the last two days
 * (issue 32.2): the server was off at night, or the disk is full. Nothing otherwise.
 */
export function BackupBanner({ stale }: { stale: boolean }) {
  if (!stale) return null;
  return (
    <aside aria-label="Backups" className="border-b border-amber-200 bg-amber-50 text-amber-950" data-testid="backup-banner">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <p className="flex items-center gap-2">
          <HardDriveDownload aria-hidden className="size-4 shrink-0" />
          <span>
            <strong>No backup in the last two days.</strong> Make one now and download a copy.
          </span>
        </p>
        <Link to={href("/admin/backups")} className="font-semibold underline underline-offset-2 hover:no-underline">
          Backups
        </Link>
      </div>
    </aside>
  );
}
