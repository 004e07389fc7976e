import type { RoofPicture } from "~/services/roof-customer-files.server";
import { cleanImage } from "~/server/image-clean.server";
import { IMAGE_FIELD, LEAD_PHOTO_FIELD, REMOVE_FIELD, VIEWS, type RoofView } from "~/lib/roof-drawing";
import { listPhotos } from "~/models/lead-photo.server";
import { readUpload } from "~/server/storage.server";
import type { ParsedUpload } from "~/server/upload.server";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { refusal, type Refusal } from "~/lib/refusal";

/** The pictures posted with a customer, each decoded in full and cleaned (see cleanImage). */
export async function readRoofImages(
  parsed: Extract<ParsedUpload, { form: FormData }>,
): Promise<{ files: Partial<Record<RoofView, RoofPicture>>; remove: Partial<Record<RoofView, boolean>> } | Refusal> {
  const files: Partial<Record<RoofView, RoofPicture>> = {};
  const remove: Partial<Record<RoofView, boolean>> = {};
  for (const view of VIEWS) {
    const file = parsed.files.get(IMAGE_FIELD[view]);
    if (file && file.bytes.byteLength > 0) {
      const image = await cleanImage(file.bytes);
      if (!image) return refusal(UPLOAD_MESSAGES.notImage);
      files[view] = { image, name: file.name };
    }
    remove[view] = parsed.form.get(REMOVE_FIELD[view]) === "1";
  }
  return { files, remove };
}

export const LEAD_PHOTO_GONE = "That photo is no longer with the job";

/**
 * Photos of the customer's lead (the quote request's, the crew's) chosen as pictures (a file
 * chosen for the same view wins). Copied into the roof pictures, so the request keeps its own. Only the
 * customer's own lead's photos can be picked. Refused when a chosen photo is gone or not a picture.
 */
export async function addLeadPhotos(
  form: FormData,
  leadId: number | null,
  files: Partial<Record<RoofView, RoofPicture>>,
): Promise<Refusal | null> {
  const photos = leadId ? listPhotos(leadId) : [];
  for (const view of VIEWS) {
    const chosen = form.get(LEAD_PHOTO_FIELD[view]);
    if (files[view] || typeof chosen !== "string" || chosen === "") continue;
    const photo = photos.find((p) => String(p.id) === chosen);
    const stored = photo ? await readUpload(photo.storedName, "private") : null;
    if (!photo || !stored) return refusal(LEAD_PHOTO_GONE);
    const image = await cleanImage(stored.bytes);
    if (!image) return refusal(UPLOAD_MESSAGES.notImage);
    files[view] = { image, name: photo.originalName };
  }
  return null;
}
