import { parseWithZod } from "@conform-to/zod/v4";
import { MAX_PHOTOS, PHOTO_MESSAGES } from "~/lib/contact-form";
import { JOB_PHOTO_FIELDS, JOB_PHOTO_MESSAGES, JobPhotoFieldsSchema, photoKeys, takenAtOf } from "~/lib/job-photos";
import type { Actor } from "~/lib/actor";
import { refusal, isRefusal, type Refusal } from "~/lib/refusal";
import { addJobPhotos, deleteLeadPhoto, getLeadPhoto, knownClientKeys } from "~/models/lead-photo.server";
import type { LeadPhoto } from "~/db/schema";
import { withPrivatePhotos } from "~/server/image-files.server";
import { removeUpload } from "~/server/storage.server";
import { cleanPostedPhotos, parsePhotoForm, type PhotoForm } from "~/server/upload.server";

/**
 * A post to a lead's photos: the fields and up to five photos (more are counted, not
 * read), capped while streaming. A hostile body throws a 4xx Response.
 */
export const readJobPhotoForm = (request: Request) => parsePhotoForm(request, JOB_PHOTO_FIELDS.photo, MAX_PHOTOS);

/**
 * Photos the team adds to a job from the lead page or a phone's queue: the quote form's
 * limits (five a post, 10 MB each, JPEG, PNG or WebP decoded in full and written again
 * without metadata or location), stored private with the lead's other photos, all or none.
 * A photo whose key the lead has already is done: not written again, not an error.
 */
export async function storeTeamPhotos(
  { form, photos, extra }: PhotoForm,
  leadId: number,
  by: Actor,
  now = new Date(),
): Promise<{ added: number } | Refusal> {
  const submission = parseWithZod(form, { schema: JobPhotoFieldsSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flat();
    return refusal(errors.find((e): e is string => typeof e === "string") ?? JOB_PHOTO_MESSAGES.failed);
  }
  if (photos.length === 0) return refusal(JOB_PHOTO_MESSAGES.choosePhotos);
  if (extra) return refusal(PHOTO_MESSAGES.tooMany);
  const fields = submission.value;
  const keys = photoKeys(fields.key, photos.length);
  const known = knownClientKeys(
    leadId,
    keys.filter((k): k is string => k !== null),
  );
  // Sent before: neither decoded nor written again.
  const fresh = photos.flatMap((photo, i) => (keys[i] !== null && known.has(keys[i]) ? [] : [{ photo, key: keys[i] }]));
  if (fresh.length === 0) return { added: 0 };
  const cleaned = await cleanPostedPhotos(fresh.map((f) => f.photo));
  if (isRefusal(cleaned)) return cleaned;
  const takenAt = takenAtOf(form.get(JOB_PHOTO_FIELDS.takenAt), now);
  let unused: string[] = [];
  try {
    const added = await withPrivatePhotos(cleaned.images, (files) => {
      const added = addJobPhotos(
        leadId,
        files.map((file, i) => ({
          ...file,
          tag: fields.tag,
          caption: fields.caption,
          takenAt,
          clientKey: fresh[i].key,
        })),
        by,
        now,
      );
      // Keys another send of the same photos stored in the meantime: their files are not needed.
      unused = files.filter((f) => !added.has(f.storedName)).map((f) => f.storedName);
      return added.size;
    });
    for (const name of unused) removeUpload(name, "private");
    return { added };
  } catch (error) {
    console.error("Could not store a job's photos:", error);
    return refusal(JOB_PHOTO_MESSAGES.failed, { status: 500 });
  }
}

/**
 * Deletes a photo of this lead, its row then its files: the owner's and the office's, or
 * the photo of whoever took it (`mayDelete` decides from the row). Undefined: no such photo here.
 */
export function removeLeadPhoto(
  leadId: number,
  photoId: number,
  mayDelete: (photo: LeadPhoto) => boolean,
): LeadPhoto | undefined | Refusal {
  const photo = getLeadPhoto(leadId, photoId);
  if (!photo) return undefined;
  if (!mayDelete(photo)) return refusal(JOB_PHOTO_MESSAGES.notYours, { status: 403 });
  const deleted = deleteLeadPhoto(leadId, photoId);
  if (deleted) removeUpload(deleted.storedName, "private");
  return deleted;
}
