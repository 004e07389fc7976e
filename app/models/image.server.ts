import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "~/server/db.server";
import { images, type Image } from "~/db/schema";
import type { CleanImage } from "~/server/image-clean.server";
import { writeVariants } from "~/server/image-variants.server";
import { newStoredName, removeUpload, storeFor, writeUpload } from "~/server/storage.server";

/**
 * Writes a cleaned picture and its smaller copies under a server-chosen name, in the
 * folder its purpose calls for. On any failure nothing is left on disk.
 */
export async function saveImageFiles(image: CleanImage, purpose: Image["purpose"] = "library"): Promise<string> {
  const store = storeFor(purpose);
  const storedName = newStoredName(image.info.extension);
  writeUpload(storedName, image.bytes, store);
  try {
    await writeVariants(storedName, image, store);
  } catch (error) {
    removeUpload(storedName, store);
    throw error;
  }
  return storedName;
}

/** The columns of an image row that describe its file. */
export function imageFileColumns(storedName: string, image: CleanImage, originalName: string) {
  return {
    storedName,
    originalName: originalName.slice(0, 255),
    contentType: image.info.contentType,
    bytes: image.bytes.byteLength,
    width: image.info.width,
    height: image.info.height,
  };
}

/** Files first, then the row; if the row cannot be written the files go again. */
export async function storeImage(input: { image: CleanImage; originalName: string; alt?: string; purpose?: Image["purpose"] }): Promise<Image> {
  const purpose = input.purpose ?? "library";
  const storedName = await saveImageFiles(input.image, purpose);
  try {
    return getDb()
      .insert(images)
      .values({ ...imageFileColumns(storedName, input.image, input.originalName), alt: input.alt ?? "", purpose })
      .returning()
      .get();
  } catch (error) {
    removeUpload(storedName, storeFor(purpose));
    throw error;
  }
}

export function listImages({ limit = 100, offset = 0 } = {}): Image[] {
  return getDb()
    .select()
    .from(images)
    .where(eq(images.purpose, "library"))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export function countImages(): number {
  return getDb().select({ n: count() }).from(images).where(eq(images.purpose, "library")).get()?.n ?? 0;
}

export function updateImageAlt(id: number, alt: string): boolean {
  return getDb().update(images).set({ alt }).where(and(eq(images.id, id), eq(images.purpose, "library"))).run().changes > 0;
}

/** Deletes the row, then its files. A project using it keeps its text and loses the picture. */
export function deleteImage(id: number, purpose: Image["purpose"] = "library"): boolean {
  const row = getDb().delete(images).where(and(eq(images.id, id), eq(images.purpose, purpose))).returning().get();
  if (row) removeUpload(row.storedName, storeFor(row.purpose));
  return !!row;
}

export function getImage(id: number): Image | undefined {
  return getDb().select().from(images).where(eq(images.id, id)).get();
}

/** Every stored picture's name and purpose: what the files on disk must match. */
export function listStoredFiles(): Pick<Image, "id" | "storedName" | "purpose">[] {
  return getDb().select({ id: images.id, storedName: images.storedName, purpose: images.purpose }).from(images).all();
}

/** After a stored file was cleaned again in place: its new size and upright dimensions. */
export function updateImageFile(id: number, file: Pick<Image, "bytes" | "width" | "height">) {
  getDb().update(images).set(file).where(eq(images.id, id)).run();
}
