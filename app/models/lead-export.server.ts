import { and, desc, eq, lt, or } from "drizzle-orm";
import { getDb } from "~/server/db.server";
import { leads, type Lead } from "~/db/schema";

/**
 * Every lead, newest first, a batch at a time (issue 31: exports stream). Each batch is
 * its own short query, read on the keyset (created_at, id) through leads_created_idx: no
 * statement stays open between batches, so other requests use the one connection freely
 * while a slow download is under way, and memory holds one batch.
 */
export function* leadBatchesNewestFirst(size = 500): Generator<Lead[]> {
  let last: Pick<Lead, "createdAt" | "id"> | undefined;
  for (;;) {
    const after = last && or(lt(leads.createdAt, last.createdAt), and(eq(leads.createdAt, last.createdAt), lt(leads.id, last.id)));
    const batch = getDb().select().from(leads).where(after).orderBy(desc(leads.createdAt), desc(leads.id)).limit(size).all();
    if (batch.length) yield batch;
    if (batch.length < size) return;
    last = batch[batch.length - 1];
  }
}
