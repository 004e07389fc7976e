import type { Image } from "~/db/schema";
import type { CleanImage } from "~/server/image-clean.server";
import { writeVariants } from "~/server/image-resize.server";
import { newStoredName, removeUpload, storeFor, writeUpload, type UploadStore } from "~/server/storage.server";

/** What an image row records of its file, and the purpose that decides its folder. */
export type ImageFile = Pick<
  Image,
  "storedName" | "purpose" | "originalName" | "contentType" | "bytes" | "width" | "height"
>;
/** Enough of an image row to find its files. */
export type StoredImage = Pick<Image, "storedName" | "purpose">;

/**
 * Writes a cleaned picture and its smaller copies under a server-chosen name, in the
 * folder its purpose calls for. On any failure nothing is left on disk.
 */
export async function saveImageFiles(
  image: CleanImage,
  originalName: string,
  purpose: Image["purpose"],
): Promise<ImageFile> {
  const storedName = await writePicture(image, storeFor(purpose));
  return {
    storedName,
    purpose,
    originalName: originalName.slice(0, 255),
    contentType: image.info.contentType,
    bytes: image.bytes.byteLength,
    width: image.info.width,
    height: image.info.height,
  };
}

/** A cleaned picture and its smaller copies on disk; its new name. On failure nothing is left. */
export async function writePicture(image: CleanImage, store: UploadStore): Promise<string> {
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

/** A photo of a lead's, written: what its row records of the file. */
export type WrittenPhoto = {
  storedName: string;
  originalName: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
};

/**
 * Photos of a lead (someone's house: private), files first, then the rows `write` makes in
 * one transaction of its own. If a file or the rows cannot be written, the new files go
 * again: never a row without its file, never a file nobody owns.
 */
export async function withPrivatePhotos<T>(
  photos: readonly { image: CleanImage; name: string }[],
  write: (files: WrittenPhoto[]) => T,
): Promise<T> {
  const written: WrittenPhoto[] = [];
  try {
    for (const { image, name } of photos) {
      written.push({
        storedName: await writePicture(image, "private"),
        originalName: name.slice(0, 255),
        contentType: image.info.contentType,
        width: image.info.width,
        height: image.info.height,
        bytes: image.bytes.byteLength,
      });
    }
    return write(written);
  } catch (error) {
    for (const file of written) removeUpload(file.storedName, "private");
    throw error;
  }
}

/** Removes stored pictures' files (and their smaller copies); a file already gone is fine. */
export function removeImageFiles(...stored: (StoredImage | null | undefined)[]) {
  for (const image of stored) if (image) removeUpload(image.storedName, storeFor(image.purpose));
}
