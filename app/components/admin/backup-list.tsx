import { History } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export type ListedBackup = { name: string; when: string; detail: string };

/** Backups listed by when they were made and what they hold, each with its links: the Backups and restore pages. */
export function BackupList<T extends ListedBackup>({
  testId,
  items,
  actions,
}: {
  testId: string;
  items: T[];
  actions: (item: T) => ReactNode;
}) {
  return (
    <ul className="mt-2 divide-y divide-line" data-testid={testId}>
      {items.map((item) => (
        <li key={item.name} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
          <div>
            <p className="font-medium">{item.when}</p>
            <p className="text-sm text-ink-soft">{item.detail}</p>
          </div>
          <div className="flex gap-4">{actions(item)}</div>
        </li>
      ))}
    </ul>
  );
}

export const backupLinkClass = "inline-flex items-center gap-1 font-semibold text-brand underline";

/** The way to a backup's last look before it is put back. */
export function RestoreLink({ to, when }: { to: string; when: string }) {
  return (
    <Link to={to} className={backupLinkClass} aria-label={`Restore the backup of ${when}`}>
      <History aria-hidden className="size-4" /> Restore…
    </Link>
  );
}
