import sharp from "sharp";
import type { CleanImage } from "~/server/image-clean.server";
import { variantName, variantWidths } from "~/lib/image-variants";
import { writeUpload, type UploadStore } from "~/server/storage.server";

/** Writes the smaller WebP copies of a just-stored picture (see variantWidths). */
export async function writeVariants(storedName: string, image: CleanImage, store: UploadStore) {
  const widths = variantWidths({ storedName, contentType: image.info.contentType, width: image.info.width });
  for (const width of widths) writeUpload(variantName(storedName, width), await variantBytes(image.bytes, width), store);
}

/** A copy `width` px wide of a stored picture. Already upright and without metadata (cleanImage), and sharp adds none. */
export function variantBytes(bytes: Uint8Array, width: number): Promise<Buffer> {
  return sharp(bytes).resize({ width }).webp({ quality: 78 }).toBuffer();
}
