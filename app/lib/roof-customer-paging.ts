import { ROOF_TOOL } from "./roof-customer-form";
import { normalizeSearch } from "./search-query";

/**
 * The roof tool's Saved Customers, a page at a time (decision 0054): newest first,
 * read on the keyset (created_at, id). A cursor names the customer a page starts after
 * ("Older") or ends before ("Newer"); links carry the search and the open customer, so they
 * work without scripts and a copied address shows the same list.
 */
export const ROOF_CUSTOMERS_PAGE_SIZE = 25;

/** A place in the list: created_at exactly as stored (fractions of a millisecond too), and the id. */
export type RoofCustomerCursor = { at: number; id: number };

/** "1764230400000.17", or "1764230400123.5.17" for a stored fraction. */
export const encodeRoofCursor = (c: RoofCustomerCursor) => `${c.at}.${c.id}`;

/** A cursor from the URL; anything hand-made that is not one reads as none (the first page). */
export function decodeRoofCursor(value: string | null): RoofCustomerCursor | null {
  const m = value && value.length <= 40 ? /^(\d{1,15}(?:\.\d{1,6})?)\.([1-9]\d{0,9})$/.exec(value) : null;
  return m ? { at: Number(m[1]), id: Number(m[2]) } : null;
}

/** What the list was asked for, from the tool's URL. */
export function roofListQuery(params: URLSearchParams) {
  const after = decodeRoofCursor(params.get("after"));
  return { q: normalizeSearch(params.get("q")), after, before: after ? null : decodeRoofCursor(params.get("before")) };
}

/** The tool's address: a customer open (or none), the list searched for `q`, at a page. */
export function roofToolUrl({
  customer,
  q,
  after,
  before,
}: {
  customer?: number | null;
  q?: string;
  after?: string | null;
  before?: string | null;
}): string {
  const params = new URLSearchParams();
  if (customer) params.set("customer", String(customer));
  if (q) params.set("q", q);
  if (after) params.set("after", after);
  else if (before) params.set("before", before);
  const query = params.toString();
  return query ? `${ROOF_TOOL}?${query}` : ROOF_TOOL;
}
