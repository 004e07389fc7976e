import {
  attachedPhotosOf,
  CHECK_ONLY_FIELD,
  HONEYPOT_FIELD,
  REMOVE_ATTACHED_FIELD,
  MAX_PHOTOS,
  MESSAGES,
  PHOTO_FIELD,
  PHOTO_MESSAGES,
  type AttachedPhoto,
  type ContactResult,
} from "~/lib/contact-form";
import { contactRefusalMessage, parseContactForm } from "~/lib/contact-schema";
import { inServiceArea, OUTSIDE_AREA_NOTE } from "~/lib/service-area";
import { createLead } from "~/models/lead.server";
import { cleanImage, type CleanImage } from "~/server/image-clean.server";
import { withPrivatePhotos } from "~/server/image-files.server";
import {
  hasAttachedPhoto,
  keepAttachedPhoto,
  readAttachedPhoto,
  removeAttachedPhoto,
} from "~/server/attached-photo-files.server";
import { env } from "~/server/env.server";
import { sqliteLimiter } from "~/server/rate-limit.server";
import { cleanPostedPhotos, oversizePhoto, parsePhotoForm, type PostedPhoto } from "~/server/upload.server";
import { mailNewLead } from "~/services/lead-mail.server";
import { isRefusal } from "~/lib/refusal";

// How many messages one address may send in 10 minutes (CONTACT_RATE_LIMIT).
const perIp = sqliteLimiter("contact-ip", env.CONTACT_RATE_LIMIT, 10 * 60);

export type ContactAnswer = { status: 200 | 400 | 429 | 500; result: ContactResult };

/**
 * `keepPhotos`: the form was posted by the browser itself (no scripts), which cannot send
 * its files again, so photos that came with a refused form are kept for the next try.
 */
export type ContactOptions = { keepPhotos: boolean };

/**
 * One quote request, from the form posted without scripts (/contact) or by the page's
 * script (/contact/send, for upload progress): read (capped while streaming; a hostile
 * body throws a 4xx Response), checked, its photos decoded and cleaned, then the message
 * and its photos stored together, and only then the mail (stored first, retried).
 * Everything a visitor typed comes back with any refusal, and so do the photos: kept on
 * the server (decision 0034) and named in the form again as "attached".
 */
export async function receiveContactRequest(
  request: Request,
  ip: string,
  options: ContactOptions = { keepPhotos: false },
): Promise<ContactAnswer> {
  const { form, photos, extra } = await parsePhotoForm(request, PHOTO_FIELD, MAX_PHOTOS);
  // The one schema (lib/contact-schema.ts), parsed by conform: every refusal below is its reply.
  const submission = parseContactForm(form);
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "")
    return { status: 400, result: { status: "error", reply: submission.reply({ formErrors: [MESSAGES.failed] }) } };
  // The page's script checks the typed fields before it uploads any photo: nothing is stored or counted.
  if (form.has(CHECK_ONLY_FIELD)) {
    if (submission.status === "success") return { status: 200, result: { status: "checked" } };
    return {
      status: 400,
      result: { status: "error", reply: submission.reply({ formErrors: [contactRefusalMessage(submission)] }) },
    };
  }
  // Photos kept from an earlier try: only those whose token still names one. Those the
  // visitor took off go at once (only their own form knows the tokens).
  for (const token of form.getAll(REMOVE_ATTACHED_FIELD).slice(0, MAX_PHOTOS)) removeAttachedPhoto(String(token));
  const named = attachedPhotosOf(form);
  let attached = named.filter((p) => hasAttachedPhoto(p.token));
  // Kept photos the form names that are gone (older than a form's life) or, below, no
  // longer decode: the visitor is told by name, never sent on without them.
  const lost = named.filter((p) => !attached.includes(p)).map((p) => p.name);
  /**
   * A refusal that keeps the photos: those already kept, and (without scripts) the ones
   * just sent. Any the visitor sent that are not kept now are named on the photo field.
   */
  const refuseKeeping = async (
    status: ContactAnswer["status"],
    message: string,
    counted = false,
  ): Promise<ContactAnswer> => {
    // Only a 400 keeps (a 429 or 500 is no moment to write files); the photos just sent are then named as not kept.
    const { kept, dropped } = !options.keepPhotos
      ? { kept: [], dropped: [] }
      : status === 400
        ? await keepPhotos(photos, attached.length, counted ? null : ip)
        : { kept: [], dropped: photos.map((p) => p.name) };
    // A file the message already names (not a picture, too large) is not named again.
    const notKept = [...lost, ...dropped.filter((name) => !message.startsWith(`${name}: `))];
    const all = [...attached, ...kept];
    return {
      status,
      result: { status: "error", reply: refusal(message, notKept), ...(all.length ? { attached: all } : {}) },
    };
  };
  /** Conform's reply with the form's one message, and the photos not kept named on the photo field. */
  const refusal = (message: string, notKept: string[]) =>
    submission.reply({
      formErrors: [message],
      ...(notKept.length ? { fieldErrors: { [PHOTO_FIELD]: [PHOTO_MESSAGES.notKept(notKept)] } } : {}),
    });
  if (submission.status !== "success") return refuseKeeping(400, contactRefusalMessage(submission));
  const input = submission.value;

  // The cheap refusals first, before the rate limit counts this try.
  if (extra || attached.length + photos.length > MAX_PHOTOS) {
    return {
      status: 400,
      result: {
        status: "error",
        reply: refusal(PHOTO_MESSAGES.tooMany, lost),
        ...(attached.length ? { attached } : {}),
      },
    };
  }
  const oversize = oversizePhoto(photos);
  if (oversize) return refuseKeeping(400, oversize.refused);
  if (!(await perIp.hit(ip))) return refuseKeeping(429, MESSAGES.tooMany);

  const cleaned = await cleanPostedPhotos(photos);
  if (isRefusal(cleaned)) return refuseKeeping(400, cleaned.refused, true);
  // The kept photos were cleaned when they came; decoded again here like any photo (one
  // path to the lead). One that fails is lost like an expired one, and only that one.
  const keptImages: { image: CleanImage; name: string }[] = [];
  const unreadable = new Set<string>();
  for (const p of attached) {
    const bytes = readAttachedPhoto(p.token);
    const image = bytes && (await cleanImage(bytes));
    if (image) keptImages.push({ image, name: p.name });
    else unreadable.add(p.token);
  }
  for (const token of unreadable) removeAttachedPhoto(token);
  lost.push(...attached.filter((p) => unreadable.has(p.token)).map((p) => p.name));
  attached = attached.filter((p) => !unreadable.has(p.token));
  // The visitor attached these and expects them to go: the form comes back saying which
  // to choose again (the rest as they were), rather than a lead that silently lacks them.
  if (lost.length) return refuseKeeping(400, PHOTO_MESSAGES.notKept(lost), true);
  const images = [...keptImages, ...cleaned.images];

  let id: number;
  try {
    // The files first (private), then the message and photo rows in one transaction.
    id = await withPrivatePhotos(images, (files) => createLead(input, files).id);
  } catch (error) {
    console.error("Could not store a contact message:", error);
    return refuseKeeping(500, MESSAGES.failed, true);
  }
  for (const p of attached) removeAttachedPhoto(p.token);
  // Stored first; the mail goes out after the visitor has their answer, and is retried if it fails.
  void mailNewLead(id).catch((error: unknown) => console.error("Contact mail failed:", error));
  const note = inServiceArea(input) ? {} : { note: OUTSIDE_AREA_NOTE };
  return { status: 200, result: { status: "success", message: MESSAGES.success, ...note } };
}

/**
 * The photos of a refused form that can be kept (within size, pictures, up to the form's
 * limit with those already kept), cleaned and kept, and the names of those that were not.
 * Keeping writes to disk, so it counts as a try against the address's limit (`ip`; null
 * when this post was counted already); past it, nothing new is kept.
 */
async function keepPhotos(
  photos: PostedPhoto[],
  alreadyKept: number,
  ip: string | null,
): Promise<{ kept: AttachedPhoto[]; dropped: string[] }> {
  const room = photos.filter((p) => p.bytes).slice(0, Math.max(0, MAX_PHOTOS - alreadyKept));
  const kept: AttachedPhoto[] = [];
  const keptFrom = new Set<PostedPhoto>();
  if (room.length > 0 && (ip === null || (await perIp.hit(ip)))) {
    for (const photo of room) {
      const image = await cleanImage(photo.bytes!);
      if (!image) continue;
      kept.push(keepAttachedPhoto(image.bytes, photo.name));
      keptFrom.add(photo);
    }
  }
  return { kept, dropped: photos.filter((p) => !keptFrom.has(p)).map((p) => p.name) };
}
