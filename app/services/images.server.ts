import type { Image } from "~/db/schema";
import { deleteImageRow, insertImage } from "~/models/image.server";
import type { CleanImage } from "~/server/image-clean.server";
import { removeImageFiles, saveImageFiles, type ImageFile } from "~/server/image-files.server";

/**
 * Files first, then the rows `write` makes (in one transaction of its own). If writing
 * the rows fails, or `write` answers null (the record it was for is gone), the files go
 * again: never a row without its file, never a file nobody owns.
 */
export async function withImageFiles<T>(
  image: CleanImage,
  originalName: string,
  purpose: Image["purpose"],
  write: (file: ImageFile) => T,
): Promise<T> {
  const file = await saveImageFiles(image, originalName, purpose);
  try {
    const result = write(file);
    if (result == null) removeImageFiles(file);
    return result;
  } catch (error) {
    removeImageFiles(file);
    throw error;
  }
}

/** A picture into the library (or another purpose): its files, then its row. */
export function storeImage(input: { image: CleanImage; originalName: string; alt?: string; purpose?: Image["purpose"] }): Promise<Image> {
  const purpose = input.purpose ?? "library";
  return withImageFiles(input.image, input.originalName, purpose, (file) => insertImage({ ...file, alt: input.alt ?? "" }));
}

/** Deletes the row, then its files. A project using it keeps its text and loses the picture. */
export function deleteImage(id: number, purpose: Image["purpose"] = "library"): boolean {
  const row = deleteImageRow(id, purpose);
  removeImageFiles(row);
  return !!row;
}
