import sharp from "sharp";
import { variantName, variantWidths } from "./image-variants";
import type { ImageInfo } from "./image-type";
import { writeUpload } from "./storage.server";

/** Writes the smaller WebP copies of a just-stored picture (see variantWidths). */
export async function writeVariants(storedName: string, bytes: Uint8Array, info: ImageInfo) {
  const widths = variantWidths({ storedName, contentType: info.contentType, width: info.width });
  for (const width of widths) {
    const resized = await sharp(bytes).rotate().resize({ width }).webp({ quality: 78 }).toBuffer();
    writeUpload(variantName(storedName, width), resized);
  }
}
