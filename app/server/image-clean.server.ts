import type { Sharp } from "sharp";
import { loadSharp } from "~/server/sharp.server";
import { sniffImage, type ImageInfo } from "~/lib/image-type";
import { isAcceptedImageType, type AcceptedImageType } from "~/lib/upload-rules";

/**
 * A picture that decoded in full, was turned upright by its EXIF orientation and was
 * re-encoded in its own format with no metadata at all (no EXIF, GPS, XMP, IPTC, ICC or
 * comments). Only this reaches the disk: the storage functions take nothing else.
 */
export type CleanImage = {
  bytes: Buffer;
  info: ImageInfo & { contentType: AcceptedImageType; width: number; height: number };
};

const ENCODE: Record<AcceptedImageType, (image: Sharp) => Sharp> = {
  "image/jpeg": (image) => image.jpeg({ quality: 90, mozjpeg: true }),
  "image/png": (image) => image.png(),
  "image/webp": (image) => image.webp({ quality: 90 }),
};

// A 10 MB file can claim far more pixels than any camera takes (a decompression bomb);
// 100 megapixels is twice a 50 MP phone photo and about 400 MB to decode.
const MAX_PIXELS = 100_000_000;

/**
 * Decodes every pixel (a file cut short or only dressed up as a picture fails here, not
 * in a visitor's browser), applies the orientation, and writes it out again. Without
 * `keepMetadata`, sharp converts to sRGB and drops every metadata block. Null when the
 * bytes are not a whole JPEG, PNG or WebP.
 */
export async function cleanImage(bytes: Uint8Array): Promise<CleanImage | null> {
  const type = sniffImage(bytes);
  if (!type || !isAcceptedImageType(type.contentType)) return null;
  const contentType = type.contentType;
  const sharp = await loadSharp();
  try {
    const decoded = sharp(bytes, { failOn: "error", limitInputPixels: MAX_PIXELS }).rotate();
    const { data, info } = await ENCODE[contentType](decoded).toBuffer({ resolveWithObject: true });
    return { bytes: data, info: { ...type, contentType, width: info.width, height: info.height } };
  } catch {
    return null;
  }
}

/**
 * True when a stored file (a path: only its header is read) still carries metadata a
 * clean picture would not (see cleanImage). False for a file that is not a picture.
 */
export async function hasMetadata(file: string): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    const m = await sharp(file).metadata();
    return !!(m.exif || m.icc || m.xmp || m.iptc || m.comments?.length || (m.orientation && m.orientation !== 1));
  } catch {
    return false;
  }
}
