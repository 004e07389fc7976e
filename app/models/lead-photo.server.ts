import { and, asc, count, desc, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import { leadPhotos, users, type LeadPhoto } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import type { JobPhotoTag } from "~/lib/job-photo-tags";
import { writeCountedHistory } from "./lead-history.server";
import { getDb, inTransaction } from "~/server/db.server";

/** What a photo row records of its (already written, private) file. */
export type PhotoFile = Pick<LeadPhoto, "storedName" | "originalName" | "contentType" | "width" | "height" | "bytes">;

/** A photo the team took on the job: its file, and what they said of it. */
export type JobPhotoFile = PhotoFile & {
  tag: JobPhotoTag;
  caption: string;
  takenAt: Date | null;
  clientKey: string | null;
};

export function listPhotos(leadId: number): LeadPhoto[] {
  return getDb().select().from(leadPhotos).where(eq(leadPhotos.leadId, leadId)).orderBy(asc(leadPhotos.id)).all();
}

/** A lead's photos with the name of whoever took them (null: the homeowner's, or an account since removed). */
export function listPhotosWithTaker(leadId: number): (LeadPhoto & { takerName: string | null })[] {
  return getDb()
    .select({
      photo: leadPhotos,
      takerName: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
    })
    .from(leadPhotos)
    .leftJoin(users, eq(users.id, leadPhotos.takenBy))
    .where(eq(leadPhotos.leadId, leadId))
    .orderBy(asc(leadPhotos.id))
    .all()
    .map(({ photo, takerName }) => ({ ...photo, takerName }));
}

/** The photos shown on the homeowner's job page, newest first by when they were taken. */
export function listSharedPhotos(leadId: number): LeadPhoto[] {
  return getDb()
    .select()
    .from(leadPhotos)
    .where(and(eq(leadPhotos.leadId, leadId), isNotNull(leadPhotos.sharedAt)))
    .orderBy(desc(sql`coalesce(${leadPhotos.takenAt}, ${leadPhotos.createdAt})`), desc(leadPhotos.id))
    .all();
}

/**
 * The photo of this lead a file belongs to: the original (name.jpg) or one of its smaller
 * copies (name-w480.webp). Undefined for a file of no photo of this lead.
 */
export function findLeadPhotoOfFile(leadId: number, fileName: string): LeadPhoto | undefined {
  const base = /^([a-f0-9]{24})(?:-w\d+)?\.(?:jpg|png|webp)$/.exec(fileName)?.[1];
  if (!base) return undefined;
  return getDb()
    .select()
    .from(leadPhotos)
    .where(and(eq(leadPhotos.leadId, leadId), like(leadPhotos.storedName, `${base}.%`)))
    .get();
}

export function getLeadPhoto(leadId: number, photoId: number): LeadPhoto | undefined {
  return getDb()
    .select()
    .from(leadPhotos)
    .where(and(eq(leadPhotos.leadId, leadId), eq(leadPhotos.id, photoId)))
    .get();
}

/** Which of these keys the lead's photos have already: their photos were sent before. */
export function knownClientKeys(leadId: number, keys: readonly string[]): Set<string> {
  if (!keys.length) return new Set();
  const rows = getDb()
    .select({ key: leadPhotos.clientKey })
    .from(leadPhotos)
    .where(and(eq(leadPhotos.leadId, leadId), inArray(leadPhotos.clientKey, [...keys])))
    .all();
  return new Set(rows.map((r) => r.key!));
}

/**
 * The team's photos of a job (files already written, private) and one history entry, in
 * one transaction. A photo whose key the lead has already (a send retried while the first
 * was still on its way) is not stored again: the stored names of the rows actually added.
 */
export function addJobPhotos(leadId: number, photos: JobPhotoFile[], by: Actor, now = new Date()): Set<string> {
  if (!photos.length) return new Set();
  return inTransaction(() => {
    const added = getDb()
      .insert(leadPhotos)
      .values(photos.map((p) => ({ ...p, leadId, takenBy: by.id, createdAt: now })))
      .onConflictDoNothing({ target: [leadPhotos.leadId, leadPhotos.clientKey] })
      .returning({ storedName: leadPhotos.storedName })
      .all();
    if (added.length) writeCountedHistory({ leadId, kind: "job-photos", count: added.length }, by, now);
    return new Set(added.map((r) => r.storedName));
  });
}

/** Shows a photo on the homeowner's job page, or stops: the row as it now is (undefined: not this lead's). */
export function setPhotoShared(leadId: number, photoId: number, shared: boolean, now = new Date()) {
  return getDb()
    .update(leadPhotos)
    .set({ sharedAt: shared ? now : null })
    .where(and(eq(leadPhotos.leadId, leadId), eq(leadPhotos.id, photoId)))
    .returning()
    .get();
}

/** Removes a photo's row; the caller removes its files. The row that was (undefined: not this lead's). */
export function deleteLeadPhoto(leadId: number, photoId: number): LeadPhoto | undefined {
  return getDb()
    .delete(leadPhotos)
    .where(and(eq(leadPhotos.leadId, leadId), eq(leadPhotos.id, photoId)))
    .returning()
    .get();
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
