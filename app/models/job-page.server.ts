import { desc, eq } from "drizzle-orm";
import { invoices, leadPhotos, payments, type Payment } from "~/db/schema";
import { systemActor } from "~/lib/actor";
import { writeLeadHistory } from "./lead-history.server";
import type { PhotoFile } from "./lead-photo.server";
import { getDb, inTransaction } from "~/server/db.server";

/**
 * What the homeowner's job page reads that no other model answers in this shape:
 * the receipts across the lead's invoices, and the photos the homeowner adds from the page
 * (with a history entry saying so). Its visits are models/visit.server.ts's.
 */

/** Who the history names for photos added through the job page. */
export const HOMEOWNER_JOB_AUTHOR = "Homeowner (job page)";

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
    writeLeadHistory(
      { leadId, kind: "homeowner-photos", count: photos.length },
      systemActor(HOMEOWNER_JOB_AUTHOR),
      now,
    );
  });
}
