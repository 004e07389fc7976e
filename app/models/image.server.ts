import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { images, type Image } from "~/db/schema";
import { sniffImage, type ImageInfo } from "~/lib/image-type";
import { writeVariants } from "~/lib/image-variants.server";
import { newStoredName, removeUpload, writeUpload } from "~/lib/storage.server";

export class NotAnImageError extends Error {}

/**
 * Writes a picture and its smaller copies under a server-chosen name. On any failure
 * nothing is left on disk.
 */
export async function saveImageFiles(bytes: Uint8Array): Promise<{ storedName: string; info: ImageInfo }> {
  const info = sniffImage(bytes);
  if (!info) throw new NotAnImageError("Not a supported image");
  const storedName = newStoredName(info.extension);
  writeUpload(storedName, bytes);
  try {
    await writeVariants(storedName, bytes, info);
  } catch (error) {
    removeUpload(storedName);
    throw error;
  }
  return { storedName, info };
}

/** Files first, then the row; if the row cannot be written the files go again. */
export async function storeImage(input: {
  bytes: Uint8Array;
  originalName: string;
  alt?: string;
  purpose?: Image["purpose"];
}): Promise<Image> {
  const { storedName, info } = await saveImageFiles(input.bytes);
  try {
    return getDb()
      .insert(images)
      .values({
        storedName,
        originalName: input.originalName.slice(0, 255),
        contentType: info.contentType,
        bytes: input.bytes.byteLength,
        width: info.width,
        height: info.height,
        alt: input.alt ?? "",
        purpose: input.purpose ?? "library",
      })
      .returning()
      .get();
  } catch (error) {
    removeUpload(storedName);
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
  if (row) removeUpload(row.storedName);
  return !!row;
}

export function getImage(id: number): Image | undefined {
  return getDb().select().from(images).where(eq(images.id, id)).get();
}
