import { href } from "react-router";
import { z } from "~/lib/zod";
import { formatKansasTime, formatLongDay, kansasDay } from "./business-time";
import { JOB_PHOTO_TAGS, JOB_PHOTO_TAG_LABELS, type JobPhotoTag } from "./job-photo-tags";

/**
 * Photos the team takes on a job (components/admin/job-photo-form.tsx and the lead page's
 * Photos section), posted to routes/admin/lead-job-photos.tsx: by a form without scripts, by
 * a fetcher, or by a phone's queue that sends them when it has signal again (it asks for
 * JSON and sends each photo with a key of its own, so a send retried stores it once).
 */

/** Adding photos names no intent: the phone's queue posts the fields alone. */
export const ADD_PHOTOS_INTENT = "";
export const JOB_PHOTO_INTENTS = {
  share: "share-photo",
  unshare: "unshare-photo",
  delete: "delete-photo",
} as const;
export type JobPhotoRowIntent = (typeof JOB_PHOTO_INTENTS)[keyof typeof JOB_PHOTO_INTENTS];

/** The form's fields, as the phone's queue sends them too. */
export const JOB_PHOTO_FIELDS = {
  photo: "photo",
  tag: "tag",
  caption: "caption",
  key: "key",
  takenAt: "takenAt",
} as const;

export const CAPTION_MAX = 200;
/** How far back a phone's clock is believed: a photo queued for a month is older than any queue. */
export const TAKEN_AT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const JOB_PHOTO_MESSAGES = {
  added: (n: number) => (n === 1 ? "1 photo added" : `${n} photos added`),
  alreadyAdded: "These photos were added already.",
  choosePhotos: "Please take or choose at least one photo.",
  chooseTag: "Please choose what the photos show: before, during, after, damage or other.",
  captionTooLong: `Please keep the caption under ${CAPTION_MAX} characters.`,
  badKey: "This upload's key is not valid. Please reload the page and try again.",
  failed: "Sorry, the photos could not be saved. Please try again.",
  noPhoto: "That photo is not on this lead anymore. Please reload the page.",
  notYours: "Only the owner, the office or whoever took it may delete this photo.",
  shared: "The photo is on the homeowner's job page.",
  unshared: "The photo is no longer on the homeowner's job page.",
  deleted: "Photo deleted.",
  noLead: "This lead is not here anymore.",
} as const;

/** Where the lead page's photo forms post. */
export const leadPhotosPath = (leadId: number) => href("/admin/leads/:id/photos", { id: String(leadId) });
/** The lead page at its Photos section, where every post here goes back to. */
export const leadPhotosAnchor = (leadId: number) => `${href("/admin/leads/:id", { id: String(leadId) })}#photos`;

const [PATH_BEFORE, PATH_AFTER] = href("/admin/leads/:id/photos", { id: "~" }).split("~");
/**
 * Whether a request path is a lead's photo upload (its body may carry several photos): as a
 * form posts it, or as a script's fetcher does (`.data`).
 */
export function isLeadPhotosPath(requestPath: string): boolean {
  const path = requestPath.replace(/\.data$/, "");
  if (!path.startsWith(PATH_BEFORE) || !path.endsWith(PATH_AFTER)) return false;
  return /^\d+$/.test(path.slice(PATH_BEFORE.length, path.length - PATH_AFTER.length));
}

/** A text field trimmed, and gone when nothing is left of it. */
const optionalText = z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().optional());

/** The fields beside the files. The tag is required: what a photo shows is the point of it. */
export const JobPhotoFieldsSchema = z.object({
  tag: z.enum(JOB_PHOTO_TAGS, { error: JOB_PHOTO_MESSAGES.chooseTag }),
  caption: optionalText
    .pipe(z.string().max(CAPTION_MAX, { error: JOB_PHOTO_MESSAGES.captionTooLong }).optional())
    .transform((v) => v ?? ""),
  key: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: JOB_PHOTO_MESSAGES.badKey })
      .optional(),
  ),
  // A phone's clock, believed within reason (see takenAtOf); anything else is ignored.
  takenAt: z.unknown().optional(),
});
export type JobPhotoFields = z.infer<typeof JobPhotoFieldsSchema>;

/** The share, stop sharing and delete buttons: one photo each. */
export const JobPhotoRowSchema = z.object({
  intent: z.enum(Object.values(JOB_PHOTO_INTENTS) as [JobPhotoRowIntent, ...JobPhotoRowIntent[]]),
  photoId: z.coerce.number({ error: JOB_PHOTO_MESSAGES.noPhoto }).int().positive({ error: JOB_PHOTO_MESSAGES.noPhoto }),
});

/**
 * When the phone says it took the photo (ms since 1970), held to the last 30 days and never
 * later than now; null when it says nothing a number can be read from.
 */
export function takenAtOf(value: unknown, now: Date): Date | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const ms = Number(value);
  if (!Number.isFinite(ms)) return null;
  const latest = now.getTime();
  return new Date(Math.min(latest, Math.max(latest - TAKEN_AT_MAX_AGE_MS, Math.round(ms))));
}

/** Each file's own key: the key itself for one file, `${key}-${i}` for the i-th of several. */
export function photoKeys(key: string | undefined, count: number): (string | null)[] {
  return Array.from({ length: count }, (_, i) => (!key ? null : count === 1 ? key : `${key}-${i}`));
}

/**
 * The tag a crew member most likely wants when the form opens: "before" until the work is
 * done, "after" once the job is completed.
 */
export function defaultPhotoTag(job: { completedAt: Date | null }): JobPhotoTag {
  return job.completedAt ? "after" : "before";
}

/** A photo as the timeline needs it: when it was taken (or received), and what it is. */
export type TimelinePhoto = { takenAt: Date | null; createdAt: Date; id: number };

/** The lead's photos, newest first by when they were taken (else received), by Kansas day. */
export function photoTimeline<P extends TimelinePhoto>(
  photos: readonly P[],
): { day: string; label: string; photos: (P & { time: string })[] }[] {
  const at = (p: P) => (p.takenAt ?? p.createdAt).getTime();
  const sorted = [...photos].sort((a, b) => at(b) - at(a) || b.id - a.id);
  const days: { day: string; label: string; photos: (P & { time: string })[] }[] = [];
  for (const p of sorted) {
    const when = p.takenAt ?? p.createdAt;
    const day = kansasDay(when);
    if (days.at(-1)?.day !== day) days.push({ day, label: formatLongDay(day), photos: [] });
    days.at(-1)!.photos.push({ ...p, time: formatKansasTime(when) });
  }
  return days;
}

/** What the timeline says a homeowner's photo (one without a tag) is. */
export const HOMEOWNER_PHOTO_LABELS = {
  request: "From the quote request",
  jobPage: "Sent from the job page",
} as const;

/**
 * What a photo shows, in words: its tag, or where the homeowner sent it from. The quote
 * request's photos are stored with the lead itself; any later one came from the job page.
 */
export function photoLabel(photo: { tag: JobPhotoTag | null; createdAt: Date }, leadCreatedAt: Date): string {
  if (photo.tag) return JOB_PHOTO_TAG_LABELS[photo.tag];
  return photo.createdAt.getTime() - leadCreatedAt.getTime() < 60_000
    ? HOMEOWNER_PHOTO_LABELS.request
    : HOMEOWNER_PHOTO_LABELS.jobPage;
}
