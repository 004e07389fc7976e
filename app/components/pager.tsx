import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/**
 * "Newer" and "Older" for a keyset-paged list (issue 31): plain links, so they work without
 * scripts; each address carries the list's filters. Nothing when the list fits one page.
 */
export function Pager({ label, newer, older }: { label: string; newer: string | null; older: string | null }) {
  if (!newer && !older) return null;
  const link = "inline-flex min-h-10 items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold text-brand-dark underline";
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4">
      {newer ? (
        <Link to={newer} className={link} rel="prev">
          <ChevronLeft aria-hidden className="size-4" /> Newer
        </Link>
      ) : (
        <span />
      )}
      {older && (
        <Link to={older} className={link} rel="next">
          Older <ChevronRight aria-hidden className="size-4" />
        </Link>
      )}
    </nav>
  );
}
