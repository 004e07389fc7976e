import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { leads } from "~/db/schema";
import { jobValuesOf } from "./job-value.server";
import { isClosed, LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";
import type { LeadCursor } from "~/lib/lead-paging";
import { getDb } from "~/server/db.server";

// The Leads list, a page at a time (decision 0056): the most urgent first (follow-ups due,
// the longest waiting first), then the rest newest first, read with a keyset cursor on
// indexed columns ((follow_up_on, id) among the due, (created_at, id) after), never OFFSET;
// the counts per status from one grouped query. What the page costs does not grow with the
// years of leads behind it.

/** What narrows the list; the route builds it from the URL and the person's scope. */
export type LeadFilter = {
  archived: boolean;
  status: LeadStatus | null;
  service: string;
  /** Extra conditions: the crew's scope, the filter by person, the search. */
  where: (SQL | undefined)[];
};

export type LeadRow = {
  id: number;
  name: string;
  city: string | null;
  service: string | null;
  status: LeadStatus;
  followUpOn: string | null;
  source: (typeof leads.$inferSelect)["source"];
  readAt: Date | null;
  /** A reply by text nobody has read since (the row's "New reply"). */
  unreadReplyAt: Date | null;
  createdAt: Date;
  assigneeId: number | null;
  /** The job's value (lib/job-value.ts); null for the crew, or with nothing to value. */
  valueCents: number | null;
  /** The cursor's own value of created_at, exactly as stored. */
  at: number;
};

const OPEN_STATUSES = sql.raw(
  LEAD_STATUSES.filter((s) => !isClosed(s))
    .map((s) => `'${s}'`)
    .join(", "),
);

/** Due: open, with a follow-up day that has come. (Written as in the partial index leads_open_status_idx.) */
const dueOn = (today: string) => sql`(${leads.status} in (${OPEN_STATUSES}) and ${leads.followUpOn} <= ${today})`;
const notDueOn = (today: string) =>
  sql`not (${leads.status} in (${OPEN_STATUSES}) and coalesce(${leads.followUpOn}, '9999-12-31') <= ${today})`;

function baseWhere(filter: LeadFilter, withStatus = true): SQL | undefined {
  return and(
    // A literal, as the partial indexes are written (schema.ts).
    filter.archived ? isNotNull(leads.archivedAt) : sql`${leads.archivedAt} is null`,
    withStatus && filter.status ? eq(leads.status, filter.status) : undefined,
    filter.service ? eq(leads.service, filter.service) : undefined,
    ...filter.where,
  );
}

type Direction = "forward" | "backward";

/** One part of the order (the due, then the rest) read from a cursor on, in either direction. */
function readPart(
  due: boolean,
  where: SQL | undefined,
  today: string,
  from: LeadCursor | null,
  direction: Direction,
  limit: number,
): PagedRow[] {
  if (limit <= 0) return [];
  const fwd = direction === "forward";
  let after: SQL | undefined;
  let order: SQL[];
  if (due) {
    // Oldest follow-up day first.
    const day = sql`${leads.followUpOn}`;
    if (from?.due)
      after = fwd
        ? sql`(${day} > ${from.day} or (${day} = ${from.day} and ${leads.id} > ${from.id}))`
        : sql`(${day} < ${from.day} or (${day} = ${from.day} and ${leads.id} < ${from.id}))`;
    order = fwd ? [asc(leads.followUpOn), asc(leads.id)] : [desc(leads.followUpOn), desc(leads.id)];
  } else {
    // Newest first.
    const at = sql`${leads.createdAt}`;
    if (from && !from.due)
      after = fwd
        ? sql`(${at} < ${from.at} or (${at} = ${from.at} and ${leads.id} < ${from.id}))`
        : sql`(${at} > ${from.at} or (${at} = ${from.at} and ${leads.id} > ${from.id}))`;
    order = fwd ? [desc(leads.createdAt), desc(leads.id)] : [asc(leads.createdAt), asc(leads.id)];
  }
  return getDb()
    .select({
      id: leads.id,
      name: leads.name,
      city: leads.city,
      service: leads.service,
      status: leads.status,
      followUpOn: leads.followUpOn,
      source: leads.source,
      readAt: leads.readAt,
      unreadReplyAt: leads.unreadReplyAt,
      createdAt: leads.createdAt,
      assigneeId: leads.assigneeId,
      at: sql<number>`${leads.createdAt}`,
    })
    .from(leads)
    .where(and(where, due ? dueOn(today) : notDueOn(today), after))
    .orderBy(...order)
    .limit(limit)
    .all();
}

export const cursorOf = (row: Pick<LeadRow, "id" | "status" | "followUpOn" | "at">, today: string): LeadCursor =>
  row.followUpOn !== null && !isClosed(row.status) && row.followUpOn <= today
    ? { due: true, day: row.followUpOn, id: row.id }
    : { due: false, at: row.at, id: row.id };

/** `newer`: the cursor to read back from, "start" when the page before is the first one, null on the first page. */
export type LeadPage = { rows: LeadRow[]; newer: LeadCursor | "start" | null; older: LeadCursor | null };

/**
 * A page of the list: from the start, after a cursor (the next, older page) or before one
 * (the previous page). `newer`/`older` are the cursors of the pages either side, null at an end.
 */
export function readLeadPage(filter: LeadFilter, opts: PageOptions & { money: boolean }): LeadPage {
  const page = readPage(filter, opts);
  // Valued once paged: the due part sorts every due lead to take a page. The crew sees no
  // money (decision 0048): not even in the query.
  const values = opts.money ? jobValuesOf(page.rows.map((row) => row.id)) : new Map<number, number | null>();
  return { ...page, rows: page.rows.map((row) => ({ ...row, valueCents: values.get(row.id) ?? null })) };
}

/** A row as the list's order reads it, before it is valued. */
type PagedRow = Omit<LeadRow, "valueCents">;

type PageOptions = { today: string; size: number; after?: LeadCursor | null; before?: LeadCursor | null };

function readPage(filter: LeadFilter, opts: PageOptions): Omit<LeadPage, "rows"> & { rows: PagedRow[] } {
  const { today, size } = opts;
  const where = baseWhere(filter);
  const part = (due: boolean, from: LeadCursor | null, direction: Direction, limit: number) =>
    readPart(due, where, today, from, direction, limit);
  if (opts.before) {
    const from = opts.before;
    // Back through the rest (newest first), then on into the due ones, one row more than a page.
    let rows = from.due ? part(true, from, "backward", size + 1) : part(false, from, "backward", size + 1);
    if (!from.due && rows.length < size + 1) rows = rows.concat(part(true, null, "backward", size + 1 - rows.length));
    // Back at the start: the first page as it is read from the start, always the same one.
    if (rows.length <= size) return readPage(filter, { ...opts, before: null, after: null });
    const page = rows.slice(0, size).reverse();
    return { rows: page, newer: cursorOf(page[0], today), older: cursorOf(page[page.length - 1], today) };
  }
  const from = opts.after ?? null;
  let rows = from && !from.due ? [] : part(true, from, "forward", size + 1);
  if (rows.length < size + 1)
    rows = rows.concat(part(false, from && !from.due ? from : null, "forward", size + 1 - rows.length));
  const page = rows.slice(0, size);
  const first = page[0] ? cursorOf(page[0], today) : from;
  return {
    rows: page,
    newer: from && first ? (fewerBefore(first) ? "start" : first) : null,
    older: rows.length > size ? cursorOf(page[page.length - 1], today) : null,
  };

  // Whether a page or less lies before `cursor`: then "Newer" is the first page, at its own address.
  function fewerBefore(cursor: LeadCursor): boolean {
    let before = part(cursor.due, cursor, "backward", size + 1).length;
    if (!cursor.due && before <= size) before += part(true, null, "backward", size + 1 - before).length;
    return before <= size;
  }
}

/** How many leads of each status the filter (all but its status) finds: one grouped query. */
export function countLeadsByStatus(filter: LeadFilter): Record<LeadStatus, number> {
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  const rows = getDb()
    .select({ status: leads.status, n: count() })
    .from(leads)
    .where(baseWhere(filter, false))
    .groupBy(leads.status)
    .all();
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}
