/**
 * The Leads list's page links (decision 0056): a cursor names the row a page starts after
 * (or ends before), and every link carries the filters the page was asked with, so "Older"
 * and "Newer" work without scripts and a copied address shows the same leads.
 */

/** A place in the list's order: among the due follow-ups (by day), or the rest (by created_at). */
export type LeadCursor = { due: true; day: string; id: number } | { due: false; at: number; id: number };

/** A lead's own buttons (components/lead-detail.tsx), posted to the Leads list's route. */
export const LEAD_LIST_INTENTS = {
  read: "read",
  unread: "unread",
  archive: "archive",
  unarchive: "unarchive",
  resend: "resend",
} as const;

/** How many leads a page shows: a phone's few screens, well under an admin page's 150 KB (decision 0055). */
export const LEADS_PAGE_SIZE = 40;

/** A cursor as a URL value: "d2026-11-20.17" or "n1764230400000.17". */
export function encodeCursor(cursor: LeadCursor): string {
  return cursor.due ? `d${cursor.day}.${cursor.id}` : `n${cursor.at}.${cursor.id}`;
}

/** A cursor from the URL; anything hand-made that is not one reads as none (the first page). */
export function decodeCursor(value: string | null): LeadCursor | null {
  if (!value || value.length > 40) return null;
  const due = /^d(\d{4}-\d{2}-\d{2})\.([1-9]\d{0,9})$/.exec(value);
  if (due) return { due: true, day: due[1], id: Number(due[2]) };
  const rest = /^n(\d{1,15}(?:\.\d{1,6})?)\.([1-9]\d{0,9})$/.exec(value);
  if (rest) return { due: false, at: Number(rest[1]), id: Number(rest[2]) };
  return null;
}

/** The list's filters as they sit in its URL ("" or absent: not narrowed). */
export type LeadListFilters = { view?: "archived" | ""; status: string; service: string; who: string; q: string };

/** The address of the list with these filters, at a page (`after`/`before` a cursor) or its start. */
export function leadListUrl(
  base: string,
  filters: LeadListFilters,
  page: { after?: LeadCursor | null; before?: LeadCursor | null } = {},
): string {
  const params = new URLSearchParams();
  if (filters.view) params.set("view", filters.view);
  for (const key of ["status", "service", "who", "q"] as const) if (filters[key]) params.set(key, filters[key]);
  if (page.after) params.set("after", encodeCursor(page.after));
  else if (page.before) params.set("before", encodeCursor(page.before));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
