import { desc } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { images, type Image } from "~/db/schema";
import { sniffImage } from "~/lib/image-type";
import { newStoredName, removeUpload, writeUpload } from "~/lib/storage.server";

export class NotAnImageError extends Error {}

/**
 * Writes the file, then its row; if the row cannot be written the file is removed,
 * so the library and the uploads folder never disagree.
 */
export function storeImage(input: { bytes: Uint8Array; originalName: string; alt?: string }): Image {
  const info = sniffImage(input.bytes);
  if (!info) throw new NotAnImageError("Not a supported image");
  const storedName = newStoredName(info.extension);
  writeUpload(storedName, input.bytes);
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
      })
      .returning()
      .get();
  } catch (error) {
    removeUpload(storedName);
    throw error;
  }
}

export function listImages({ limit = 100, offset = 0 } = {}): Image[] {
  return getDb().select().from(images).orderBy(desc(images.createdAt), desc(images.id)).limit(limit).offset(offset).all();
}
