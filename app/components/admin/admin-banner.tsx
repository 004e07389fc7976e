import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A strip under the admin header about something the owner should act on, with the way there. */
export function AdminBanner({
  label,
  testId,
  icon: Icon,
  to,
  linkText,
  children,
}: {
  label: string;
  testId: string;
  icon: LucideIcon;
  to: string;
  linkText: string;
  children: ReactNode;
}) {
  return (
    <aside aria-label={label} className="border-b border-amber-200 bg-amber-50 text-amber-950" data-testid={testId}>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <p className="flex items-center gap-2">
          <Icon aria-hidden className="size-4 shrink-0" />
          <span>{children}</span>
        </p>
        <Link to={to} className="font-semibold underline underline-offset-2 hover:no-underline">
          {linkText}
        </Link>
      </div>
    </aside>
  );
}
