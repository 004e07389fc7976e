import { desc, getTableColumns, sql } from "drizzle-orm";
import { getDb } from "~/server/db.server";
import { leads, type Lead } from "~/db/schema";

/**
 * Every lead, newest first, a batch at a time, so an export streams. Each batch is
 * its own short query, read on the keyset (created_at, id) through leads_created_idx: no
 * statement stays open between batches (an open iterate() would refuse every other
 * request's write on the one connection), and memory holds one batch.
 */
export function* leadBatchesNewestFirst(size = 500): Generator<Lead[]> {
  // created_at as stored: the default writes fractions of a millisecond, which a Date drops.
  const at = sql<number>`${leads.createdAt}`;
  let last: { at: number; id: number } | undefined;
  for (;;) {
    const after = last && sql`(${at} < ${last.at} or (${at} = ${last.at} and ${leads.id} < ${last.id}))`;
    const batch = getDb()
      .select({ ...getTableColumns(leads), at })
      .from(leads)
      .where(after)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(size)
      .all();
    if (batch.length) yield batch.map(({ at: _, ...lead }) => lead);
    if (batch.length < size) return;
    last = batch[batch.length - 1];
  }
}
