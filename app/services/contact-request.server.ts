import { HONEYPOT_FIELD, MAX_PHOTOS, MESSAGES, PHOTO_FIELD, PHOTO_MESSAGES, type ContactResult } from "~/lib/contact-form";
import { parseContactForm } from "~/lib/contact-schema";
import { inServiceArea, OUTSIDE_AREA_NOTE } from "~/lib/service-area";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { createContactMessage, type PhotoFile } from "~/models/contact-message.server";
import { cleanImage, type CleanImage } from "~/server/image-clean.server";
import { writePicture } from "~/server/image-files.server";
import { env } from "~/server/env.server";
import { sqliteLimiter } from "~/server/rate-limit.server";
import { removeUpload } from "~/server/storage.server";
import { parsePhotoForm, type PostedPhoto } from "~/server/upload.server";
import { deliverContactMessage } from "~/services/contact-mailer.server";

// How many messages one address may send in 10 minutes (CONTACT_RATE_LIMIT).
const perIp = sqliteLimiter("contact-ip", env.CONTACT_RATE_LIMIT, 10 * 60);

export type ContactAnswer = { status: 200 | 400 | 429 | 500; result: ContactResult };

const refuse = (status: ContactAnswer["status"], message: string, values: Record<string, string>): ContactAnswer => ({
  status,
  result: { status: "error", message, values },
});

/**
 * One quote request, from the form posted without scripts (/contact) or by the page's
 * script (/contact/send, for upload progress): read (capped while streaming; a hostile
 * body throws a 4xx Response), checked, its photos decoded and cleaned, then the message
 * and its photos stored together, and only then the mail (stored first, retried).
 * Everything a visitor typed comes back with any refusal.
 */
export async function receiveContactRequest(request: Request, ip: string): Promise<ContactAnswer> {
  const { form, photos, extra } = await parsePhotoForm(request, PHOTO_FIELD, MAX_PHOTOS);
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") return refuse(400, MESSAGES.failed, {});
  const parsed = parseContactForm(form);
  if (!parsed.ok) return { status: 400, result: parsed.result };
  const values = Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, v ?? ""]));

  // The cheap refusals first, before the rate limit counts this try.
  if (extra) return refuse(400, PHOTO_MESSAGES.tooMany, values);
  const oversize = photos.find((p) => !p.bytes);
  if (oversize) return refuse(400, PHOTO_MESSAGES.refused(oversize.name, UPLOAD_MESSAGES.tooLarge), values);
  if (!(await perIp.hit(ip))) return refuse(429, MESSAGES.tooMany, values);

  const cleaned = await cleanPhotos(photos);
  if ("refused" in cleaned) return refuse(400, PHOTO_MESSAGES.refused(cleaned.refused, UPLOAD_MESSAGES.notImage), values);

  let id: number;
  try {
    id = await storeWithPhotos(parsed.data, cleaned.images);
  } catch (error) {
    console.error("Could not store a contact message:", error);
    return refuse(500, MESSAGES.failed, values);
  }
  // Stored first; the mail goes out after the visitor has their answer, and is retried if it fails.
  void deliverContactMessage(id).catch((error) => console.error("Contact mail failed:", error));
  const note = inServiceArea(parsed.data) ? {} : { note: OUTSIDE_AREA_NOTE };
  return { status: 200, result: { status: "success", message: MESSAGES.success, ...note } };
}

/** Every photo decoded in full and re-encoded without metadata, or the name of the first that is not a picture. */
async function cleanPhotos(photos: PostedPhoto[]): Promise<{ images: { image: CleanImage; name: string }[] } | { refused: string }> {
  const images: { image: CleanImage; name: string }[] = [];
  for (const photo of photos) {
    const image = photo.bytes && (await cleanImage(photo.bytes));
    if (!image) return { refused: photo.name };
    images.push({ image, name: photo.name });
  }
  return { images };
}

/** The files first (private), then the message and photo rows in one transaction; if that fails, the files go again. */
async function storeWithPhotos(input: Parameters<typeof createContactMessage>[0], images: { image: CleanImage; name: string }[]): Promise<number> {
  const written: PhotoFile[] = [];
  try {
    for (const { image, name } of images) {
      const storedName = await writePicture(image, "private");
      written.push({
        storedName,
        originalName: name.slice(0, 255),
        contentType: image.info.contentType,
        width: image.info.width,
        height: image.info.height,
        bytes: image.bytes.byteLength,
      });
    }
    return createContactMessage(input, written).id;
  } catch (error) {
    for (const file of written) removeUpload(file.storedName, "private");
    throw error;
  }
}
