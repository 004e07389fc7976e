import { and, asc, desc, eq, gte, isNull } from "drizzle-orm";
import { invoices, leadNotes, leadPhotos, payments, visits, type Payment, type Visit } from "~/db/schema";
import type { PhotoFile } from "./lead-photo.server";
import { getDb, inTransaction } from "~/server/db.server";

/**
 * What the homeowner's job page reads that no other model answers in this shape (issue 33):
 * the next visits still to come, the receipts across the lead's invoices, and the photos
 * the homeowner adds from the page (with a history entry saying so).
 */

/** Who the history names for photos added through the job page. */
export const HOMEOWNER_JOB_AUTHOR = "Homeowner (job page)";

/** The lead's visits not cancelled that have not ended yet, soonest first. */
export function upcomingVisits(leadId: number, now = new Date(), limit = 5): Visit[] {
  // A visit still under way counts: it started at most a day ago (the longest a work day runs).
  const from = new Date(now.getTime() - 24 * 3600_000);
  return getDb()
    .select()
    .from(visits)
    .where(and(eq(visits.leadId, leadId), isNull(visits.cancelledAt), gte(visits.startsAt, from)))
    .orderBy(asc(visits.startsAt), asc(visits.id))
    .limit(limit + 5)
    .all()
    .filter((v) => v.startsAt.getTime() + v.durationMinutes * 60_000 > now.getTime())
    .slice(0, limit);
}

/** Every payment on the lead's invoices, newest first, with the invoice's number. */
export function listLeadReceipts(leadId: number): (Payment & { invoiceNumber: number | null })[] {
  return getDb()
    .select({ payment: payments, invoiceNumber: invoices.number })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(invoices.leadId, leadId))
    .orderBy(desc(payments.receivedOn), desc(payments.id))
    .all()
    .map(({ payment, invoiceNumber }) => ({ ...payment, invoiceNumber }));
}

/** The homeowner's photos (files already written, private) and a history entry, together. */
export function addHomeownerPhotos(leadId: number, photos: PhotoFile[], now = new Date()): void {
  inTransaction(() => {
    const db = getDb();
    db.insert(leadPhotos)
      .values(photos.map((p) => ({ ...p, leadId, createdAt: now })))
      .run();
    const body = `Added ${photos.length === 1 ? "a photo" : `${photos.length} photos`} from the job page`;
    db.insert(leadNotes).values({ leadId, author: HOMEOWNER_JOB_AUTHOR, authorId: null, body, createdAt: now }).run();
  });
}
