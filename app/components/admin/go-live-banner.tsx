import { Rocket } from "lucide-react";
import { href, Link } from "react-router";

/**
 * Shown on every admin page until the go-live checklist is clear (issue 29.3): how many
 * items are left, and the way to the list. Nothing at zero.
 */
export function GoLiveBanner({ remaining }: { remaining: number }) {
  if (remaining <= 0) return null;
  return (
    <aside aria-label="Before you go live" className="border-b border-amber-200 bg-amber-50 text-amber-950" data-testid="go-live-banner">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <p className="flex items-center gap-2">
          <Rocket aria-hidden className="size-4 shrink-0" />
          <span>
            <strong>{remaining === 1 ? "1 thing" : `${remaining} things`}</strong> to do before you go live: demo content, your facts, pictures
            and settings.
          </span>
        </p>
        <Link to={href("/admin/go-live")} className="font-semibold underline underline-offset-2 hover:no-underline">
          See the list
        </Link>
      </div>
    </aside>
  );
}
