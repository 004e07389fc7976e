/**
 * The page of a keyset-paged admin list a URL is on (its `after`/`before`), kept on
 * the links that open an editor from that page and on the redirect after its save, so the
 * owner lands back on the page he was working on, not on the first.
 */
const PAGE_KEYS = ["after", "before"] as const;

/** The page's own query, nothing else ("?after=42", or "" on the first page). */
export function pageQuery(search: string | URLSearchParams): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of PAGE_KEYS) {
    const value = from.get(key);
    // Ids only: anything else was typed by hand and would only land on the first page anyway.
    if (value && /^\d{1,12}$/.test(value)) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}

/** A link on the same page with one more parameter (`?after=42&edit=7`). */
export function withPageParam(
  path: string,
  search: string | URLSearchParams,
  key: string,
  value: string | number,
): string {
  const query = new URLSearchParams(pageQuery(search));
  query.set(key, String(value));
  return `${path}?${query.toString()}`;
}
