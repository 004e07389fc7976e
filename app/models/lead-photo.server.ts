import { asc, count, eq, inArray } from "drizzle-orm";
import { contactMessagePhotos, type ContactMessagePhoto } from "~/db/schema";
import { getDb } from "~/server/db.server";

/** What a photo row records of its (already written, private) file. */
export type PhotoFile = Pick<ContactMessagePhoto, "storedName" | "originalName" | "contentType" | "width" | "height" | "bytes">;

export function listPhotos(leadId: number): ContactMessagePhoto[] {
  return getDb().select().from(contactMessagePhotos).where(eq(contactMessagePhotos.messageId, leadId)).orderBy(asc(contactMessagePhotos.id)).all();
}

/** How many photos each of these leads has (none: not in the map). */
export function photoCounts(ids: number[]): Map<number, number> {
  if (!ids.length) return new Map();
  const rows = getDb()
    .select({ id: contactMessagePhotos.messageId, n: count() })
    .from(contactMessagePhotos)
    .where(inArray(contactMessagePhotos.messageId, ids))
    .groupBy(contactMessagePhotos.messageId)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Every photo file a lead owns: upload housekeeping keeps these. */
export function listPhotoFiles(): Pick<ContactMessagePhoto, "storedName">[] {
  return getDb().select({ storedName: contactMessagePhotos.storedName }).from(contactMessagePhotos).all();
}

