import type { Image } from "~/db/schema";
import type { ImageUse } from "~/lib/image-in-use";
import { deleteUnusedImageRow, insertImage } from "~/models/image.server";
import type { CleanImage } from "~/server/image-clean.server";
import { removeImageFiles, saveImageFiles, type ImageFile } from "~/server/image-files.server";

/** A cleaned picture waiting to be stored, with the name it was uploaded under. */
export type PictureUpload = { image: CleanImage; name: string };

/**
 * Files first (of every picture given, by key), then the rows `write` makes (in one
 * transaction of its own). If a file or the rows cannot be written, or `write` answers
 * null (the record they were for is gone), the new files go again: never a row without
 * its file, never a file nobody owns.
 */
export async function withPictureFiles<K extends string, T>(
  pictures: Partial<Record<K, PictureUpload>>,
  purpose: Image["purpose"],
  write: (files: Partial<Record<K, ImageFile>>) => T,
): Promise<T> {
  const files: Partial<Record<K, ImageFile>> = {};
  const discard = () => removeImageFiles(...Object.values<ImageFile | undefined>(files));
  try {
    for (const key of Object.keys(pictures) as K[]) {
      const picture = pictures[key];
      if (picture) files[key] = await saveImageFiles(picture.image, picture.name, purpose);
    }
    const result = write(files);
    if (result == null) discard();
    return result;
  } catch (error) {
    discard();
    throw error;
  }
}

/** One picture's files, then the rows `write` makes; see withPictureFiles. */
export function withImageFiles<T>(
  image: CleanImage,
  originalName: string,
  purpose: Image["purpose"],
  write: (file: ImageFile) => T,
): Promise<T> {
  return withPictureFiles({ picture: { image, name: originalName } }, purpose, (files) => write(files.picture!));
}

/** A picture into the library (or another purpose): its files, then its row. */
export function storeImage(input: {
  image: CleanImage;
  originalName: string;
  alt?: string;
  purpose?: Image["purpose"];
}): Promise<Image> {
  const purpose = input.purpose ?? "library";
  return withImageFiles(input.image, input.originalName, purpose, (file) =>
    insertImage({ ...file, alt: input.alt ?? "" }),
  );
}

/**
 * Deletes a library picture (its row, then its files) unless the site shows it (a project,
 * or a place the owner chose it for in the settings): a public page never loses its
 * picture. Answers what stopped it, or null when it was gone.
 */
export function deleteLibraryImage(id: number): { deleted: true } | { usedBy: ImageUse[] } | null {
  const result = deleteUnusedImageRow(id);
  if (!result || "usedBy" in result) return result;
  removeImageFiles(result.deleted);
  return { deleted: true };
}
