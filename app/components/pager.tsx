import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/**
 * "Newer" and "Older" for a keyset-paged list, or other words for a numbered one
 * (`words`, with `note` between them: "Page 2 of 5"): plain links, so they work without
 * scripts; each address carries the list's filters. Nothing when the list fits one page.
 */
export function Pager({
  label,
  newer,
  older,
  words = ["Newer", "Older"],
  note,
}: {
  label: string;
  newer: string | null;
  older: string | null;
  words?: [previous: string, next: string];
  note?: string;
}) {
  if (!newer && !older) return null;
  const link =
    "inline-flex min-h-10 items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold text-brand-dark underline";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      {newer ? (
        <Link to={newer} className={link} rel="prev">
          <ChevronLeft aria-hidden className="size-4" /> {words[0]}
        </Link>
      ) : (
        <span />
      )}
      {note && <span className="text-sm text-ink-soft">{note}</span>}
      {older ? (
        <Link to={older} className={link} rel="next">
          {words[1]} <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
