import { asc, eq, isNull, sql } from "drizzle-orm";
import { contactMessages, leadNotes, type LeadNote } from "~/db/schema";
import type { LeadUpdate } from "~/lib/leads";
import { getDb, inTransaction } from "~/server/db.server";

/**
 * Saves a lead's status, follow-up day and a note, and writes its history in the same
 * transaction: a change of status is an entry (from, to), a note another. Undefined for an
 * unknown lead; otherwise whether anything changed.
 */
export function updateLead(id: number, update: LeadUpdate, author: string): boolean | undefined {
  return inTransaction(() => {
    const db = getDb();
    const lead = db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
    if (!lead) return undefined;
    const statusChanged = lead.status !== update.status;
    const changed =
      statusChanged || lead.lostReason !== update.lostReason || lead.followUpOn !== update.followUpOn || update.note !== null;
    if (!changed) return false;
    db.update(contactMessages)
      .set({ status: update.status, lostReason: update.lostReason, followUpOn: update.followUpOn })
      .where(eq(contactMessages.id, id))
      .run();
    if (statusChanged || update.note) {
      db.insert(leadNotes)
        .values({
          messageId: id,
          author,
          body: update.note,
          statusFrom: statusChanged ? lead.status : null,
          statusTo: statusChanged ? update.status : null,
        })
        .run();
    }
    return true;
  });
}

/** A lead's history, oldest first. */
export function listLeadNotes(id: number): LeadNote[] {
  return getDb().select().from(leadNotes).where(eq(leadNotes.messageId, id)).orderBy(asc(leadNotes.createdAt), asc(leadNotes.id)).all();
}

/**
 * What is waiting, for the admin's header: leads nobody has moved from New, and open leads
 * whose follow-up day has come (today's and late ones). Archived leads count for neither.
 */
export function waitingLeads(today: string): { fresh: number; due: number } {
  const { status, followUpOn } = contactMessages;
  const counts = getDb()
    .select({
      fresh: sql<number>`coalesce(sum(${status} = 'new'), 0)`,
      due: sql<number>`coalesce(sum(${followUpOn} <= ${today} and ${status} not in ('won', 'lost')), 0)`,
    })
    .from(contactMessages)
    .where(isNull(contactMessages.archivedAt))
    .get();
  return { fresh: counts?.fresh ?? 0, due: counts?.due ?? 0 };
}

/**
 * The leads behind those counts, for the daily summary mail: open, not archived, New or
 * with a follow-up day that has come. lib/lead-digest.ts sorts them into its lists.
 */
export function listWaitingLeads(today: string) {
  const { id, name, service, city, status, followUpOn, createdAt, archivedAt } = contactMessages;
  return getDb()
    .select({ id, name, service, city, status, followUpOn, createdAt })
    .from(contactMessages)
    .where(sql`${archivedAt} is null and ${status} not in ('won', 'lost') and (${status} = 'new' or ${followUpOn} <= ${today})`)
    .all();
}
