import { loadSharp } from "~/server/sharp.server";
import type { CleanImage } from "~/server/image-clean.server";
import { variantName, variantWidths } from "~/lib/image-variants";
import { writeUpload, type UploadStore } from "~/server/storage.server";

/** Writes the smaller WebP copies of a just-stored picture (see variantWidths). */
export async function writeVariants(storedName: string, image: CleanImage, store: UploadStore) {
  await writeCopies(
    storedName,
    image.bytes,
    variantWidths({ storedName, contentType: image.info.contentType, width: image.info.width }),
    store,
  );
}

/**
 * Writes a WebP copy of a stored picture at each of `widths`. The picture is already
 * upright and without metadata (cleanImage), and sharp adds none.
 */
export async function writeCopies(
  storedName: string,
  bytes: Uint8Array,
  widths: readonly number[],
  store: UploadStore,
) {
  const sharp = await loadSharp();
  for (const width of widths) {
    writeUpload(
      variantName(storedName, width),
      await sharp(bytes).resize({ width }).webp({ quality: 78 }).toBuffer(),
      store,
    );
  }
}
