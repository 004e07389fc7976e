import { sniffImage } from "./image-type";
import { IMAGE_FIELD, REMOVE_FIELD, VIEWS, type RoofView } from "./roof-drawing";
import type { ParsedUpload } from "./upload.server";
import { ROOF_IMAGE_TYPES, ROOF_UPLOAD_MESSAGES } from "./upload-rules";

type ViewFile = { bytes: Uint8Array; name: string };

/** The pictures posted with a customer, each checked by its bytes: JPEG, PNG or WebP. */
export function readRoofImages(
  parsed: Extract<ParsedUpload, { form: FormData }>,
): { ok: true; files: Partial<Record<RoofView, ViewFile>>; remove: Partial<Record<RoofView, boolean>> } | { ok: false; message: string } {
  const files: Partial<Record<RoofView, ViewFile>> = {};
  const remove: Partial<Record<RoofView, boolean>> = {};
  for (const view of VIEWS) {
    const file = parsed.files.get(IMAGE_FIELD[view]);
    if (file && file.bytes.byteLength > 0) {
      const info = sniffImage(file.bytes);
      if (!info || !(ROOF_IMAGE_TYPES as readonly string[]).includes(info.contentType)) return { ok: false, message: ROOF_UPLOAD_MESSAGES.notImage };
      files[view] = file;
    }
    remove[view] = parsed.form.get(REMOVE_FIELD[view]) === "1";
  }
  return { ok: true, files, remove };
}
