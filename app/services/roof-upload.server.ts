import type { RoofPicture } from "~/services/roof-customers.server";
import { cleanImage } from "~/server/image-clean.server";
import { IMAGE_FIELD, REMOVE_FIELD, VIEWS, type RoofView } from "~/lib/roof-drawing";
import type { ParsedUpload } from "~/server/upload.server";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";

/** The pictures posted with a customer, each decoded in full and cleaned (see cleanImage). */
export async function readRoofImages(
  parsed: Extract<ParsedUpload, { form: FormData }>,
): Promise<{ ok: true; files: Partial<Record<RoofView, RoofPicture>>; remove: Partial<Record<RoofView, boolean>> } | { ok: false; message: string }> {
  const files: Partial<Record<RoofView, RoofPicture>> = {};
  const remove: Partial<Record<RoofView, boolean>> = {};
  for (const view of VIEWS) {
    const file = parsed.files.get(IMAGE_FIELD[view]);
    if (file && file.bytes.byteLength > 0) {
      const image = await cleanImage(file.bytes);
      if (!image) return { ok: false, message: UPLOAD_MESSAGES.notImage };
      files[view] = { image, name: file.name };
    }
    remove[view] = parsed.form.get(REMOVE_FIELD[view]) === "1";
  }
  return { ok: true, files, remove };
}
