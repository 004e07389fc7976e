import { and, asc, count, desc, eq, inArray, notExists, notInArray, or, sql } from "drizzle-orm";
import { getDb, inTransaction } from "~/server/db.server";
import { images, projects, type Image } from "~/db/schema";
import { pageImageUses, type ImageUse, type ProjectUse } from "~/lib/image-in-use";
import type { ImageFile, StoredImage } from "~/server/image-files.server";
import { invalidatePublicPages } from "~/server/page-cache.server";
import { getSetting } from "./settings.server";

type NewImage = ImageFile & { alt?: string; createdAt?: Date; demo?: boolean };

// Library and portfolio pictures are on public pages; the roof tool's never are.
const shownPublicly = (purpose: Image["purpose"]) => purpose !== "roof";

// Called inside another model's inTransaction (a project, a roof customer), this and
// deleteImageRow write in that same transaction: the process has one connection.
export function insertImage(image: NewImage): Image {
  const row = getDb().insert(images).values(image).returning().get();
  if (shownPublicly(row.purpose)) invalidatePublicPages();
  return row;
}

const LIBRARY = sql`${images.purpose} = 'library'`;
// A picture's place in the library's order, newest first. Compared with the place of the
// picture a link names, read in SQL: created_at is stored with fractions of a millisecond,
// which a Date in the link would round away (and with them the pictures of that moment).
const placeOf = sql`(${images.createdAt}, ${images.id})`;
const placeOfId = (id: number) => sql`(select created_at, id from images where id = ${id})`;

/**
 * Library pictures, newest first: the first `limit`, those after the picture `after`, or
 * the `limit` just before the picture `before` (still newest first). Keyset on
 * (created_at, id), never OFFSET: page 30 costs what page 1 does.
 */
export function listImages({
  limit = 100,
  after,
  before,
}: { limit?: number; after?: number; before?: number } = {}): Image[] {
  const query = getDb().select().from(images);
  if (before) {
    return query
      .where(and(LIBRARY, sql`${placeOf} > ${placeOfId(before)}`))
      .orderBy(asc(images.createdAt), asc(images.id))
      .limit(limit)
      .all()
      .reverse();
  }
  return query
    .where(and(LIBRARY, after ? sql`${placeOf} < ${placeOfId(after)}` : undefined))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(limit)
    .all();
}

/** Whether a library picture is older (or newer) than the picture `id`. */
export function hasImageBeyond(side: "older" | "newer", id: number): boolean {
  const beyond = side === "older" ? sql`${placeOf} < ${placeOfId(id)}` : sql`${placeOf} > ${placeOfId(id)}`;
  return !!getDb().select({ id: images.id }).from(images).where(and(LIBRARY, beyond)).limit(1).get();
}

/** Every stored picture, the roof tool's included. */
export function countAllImages(): number {
  return getDb().select({ n: count() }).from(images).get()?.n ?? 0;
}

export function countImages(): number {
  return getDb().select({ n: count() }).from(images).where(eq(images.purpose, "library")).get()?.n ?? 0;
}

export function updateImageAlt(id: number, alt: string): boolean {
  const changed =
    getDb()
      .update(images)
      .set({ alt })
      .where(and(eq(images.id, id), eq(images.purpose, "library")))
      .run().changes > 0;
  if (changed) invalidatePublicPages();
  return changed;
}

/** Deletes the row and returns it (its files are the caller's to remove), or undefined when there was none. */
export function deleteImageRow(id: number, purpose: Image["purpose"]): Image | undefined {
  const row = getDb()
    .delete(images)
    .where(and(eq(images.id, id), eq(images.purpose, purpose)))
    .returning()
    .get();
  if (row && shownPublicly(row.purpose)) invalidatePublicPages();
  return row;
}

export function getImage(id: number): Image | undefined {
  return getDb().select().from(images).where(eq(images.id, id)).get();
}

/** Every stored picture's name and purpose: what the files on disk must match. */
export function listStoredFiles(): Pick<Image, "id" | "storedName" | "purpose" | "contentType" | "width">[] {
  return getDb()
    .select({
      id: images.id,
      storedName: images.storedName,
      purpose: images.purpose,
      contentType: images.contentType,
      width: images.width,
    })
    .from(images)
    .all();
}

/** After a stored file was cleaned again in place: its new size and upright dimensions. */
export function updateImageFile(id: number, file: Pick<Image, "bytes" | "width" | "height">) {
  getDb().update(images).set(file).where(eq(images.id, id)).run();
  invalidatePublicPages();
}

/**
 * Where a library picture is shown: the projects whose picture (or video thumbnail, or
 * before picture) it is,
 * and the places the owner chose it for in the settings (his pictures, the team's photos).
 */
export function listImageUses(imageIds: number[]): Map<number, ImageUse[]> {
  const uses = new Map<number, ImageUse[]>();
  if (imageIds.length === 0) return uses;
  const inSettings = pageImageUses(getSetting("media"), getSetting("words"));
  for (const id of imageIds) {
    const places = inSettings.get(id);
    if (places) uses.set(id, places);
  }
  const rows = getDb()
    .select({
      imageId: projects.imageId,
      beforeImageId: projects.beforeImageId,
      projectId: projects.id,
      title: projects.title,
      category: projects.category,
    })
    .from(projects)
    .where(or(inArray(projects.imageId, imageIds), inArray(projects.beforeImageId, imageIds)))
    .orderBy(asc(projects.title))
    .all();
  const add = (imageId: number, use: ProjectUse) => uses.set(imageId, [...(uses.get(imageId) ?? []), use]);
  const asked = new Set(imageIds);
  for (const { imageId, beforeImageId, ...use } of rows) {
    if (imageId !== null && asked.has(imageId)) add(imageId, { kind: "project", ...use });
    if (beforeImageId !== null && asked.has(beforeImageId))
      add(beforeImageId, { kind: "project", ...use, before: true });
  }
  return uses;
}

/**
 * Deletes a library picture nothing uses, in one transaction with the check, so a project
 * or a setting saved meanwhile cannot lose its picture. Answers what stopped it otherwise.
 */
export function deleteUnusedImageRow(id: number): { deleted: Image } | { usedBy: ImageUse[] } | null {
  return inTransaction(() => {
    const usedBy = listImageUses([id]).get(id);
    if (usedBy) return { usedBy };
    const deleted = deleteImageRow(id, "library");
    return deleted ? { deleted } : null;
  });
}

// Demo pictures (decision 0043). One an owner's project or page setting shows (its id in
// `keep`) is kept: removing the demo content never takes a picture off his own pages.
function removableDemoImage(keep: number[]) {
  const db = getDb();
  const shownByOwnProject = db
    .select({ one: sql`1` })
    .from(projects)
    .where(and(or(eq(projects.imageId, images.id), eq(projects.beforeImageId, images.id)), eq(projects.demo, false)));
  return and(
    eq(images.demo, true),
    notExists(shownByOwnProject),
    keep.length > 0 ? notInArray(images.id, keep) : undefined,
  );
}

/** Demo pictures that removing the demo content would delete (it keeps those in use: see above). */
export function countRemovableDemoImages(keep: number[]): number {
  return getDb().select({ n: count() }).from(images).where(removableDemoImage(keep)).get()?.n ?? 0;
}

/** Every picture still marked demo, in use or not. */
export function countDemoImages(): number {
  return getDb().select({ n: count() }).from(images).where(eq(images.demo, true)).get()?.n ?? 0;
}

/**
 * After the demo projects went (same transaction): deletes the demo pictures nothing of the
 * owner's shows, and makes the others his (no longer demo). The deleted rows' files are the
 * caller's to remove once the transaction has committed.
 */
export function deleteDemoImages(keep: number[]): { deleted: StoredImage[]; kept: number } {
  const db = getDb();
  const deleted = db
    .delete(images)
    .where(removableDemoImage(keep))
    .returning({ storedName: images.storedName, purpose: images.purpose })
    .all();
  const kept = db.update(images).set({ demo: false }).where(eq(images.demo, true)).run().changes;
  if (deleted.length > 0 || kept > 0) invalidatePublicPages();
  return { deleted, kept };
}
