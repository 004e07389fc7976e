import { asc, count, eq, inArray } from "drizzle-orm";
import { leadPhotos, type LeadPhoto } from "~/db/schema";
import { getDb } from "~/server/db.server";

/** What a photo row records of its (already written, private) file. */
export type PhotoFile = Pick<LeadPhoto, "storedName" | "originalName" | "contentType" | "width" | "height" | "bytes">;

export function listPhotos(leadId: number): LeadPhoto[] {
  return getDb().select().from(leadPhotos).where(eq(leadPhotos.leadId, leadId)).orderBy(asc(leadPhotos.id)).all();
}

/** How many photos each of these leads has (none: not in the map). */
export function photoCounts(ids: number[]): Map<number, number> {
  if (!ids.length) return new Map();
  const rows = getDb()
    .select({ id: leadPhotos.leadId, n: count() })
    .from(leadPhotos)
    .where(inArray(leadPhotos.leadId, ids))
    .groupBy(leadPhotos.leadId)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Every photo file a lead owns: upload housekeeping keeps these. */
export function listPhotoFiles(): Pick<LeadPhoto, "storedName">[] {
  return getDb().select({ storedName: leadPhotos.storedName }).from(leadPhotos).all();
}
