import { href } from "react-router";
import { nameAtWidth } from "~/lib/image-variants";
import { photoLabel, photoTimeline } from "~/lib/job-photos";
import { getLead } from "~/models/lead.server";
import { listPhotosWithTaker } from "~/models/lead-photo.server";
import { leadMails } from "~/services/lead-mail.server";

/** A photo of a lead: a private file, answered only to signed-in staff (routes/resources/private-image.ts). */
export const leadPhotoUrl = (storedName: string) => href("/admin/leads/photos/:name", { name: storedName });

/** A lead photo's 480 px copy (its original when it is smaller): the thumbnail the admin shows. */
export const leadPhotoThumb = (photo: Parameters<typeof nameAtWidth>[0]) => leadPhotoUrl(nameAtWidth(photo, 480));

/** A photo as the lead page's timeline shows it. */
export type LeadPhotoItem = {
  id: number;
  thumb: string;
  full: string;
  name: string;
  width: number;
  height: number;
  /** Its tag in words, or where the homeowner sent it from. */
  what: string;
  caption: string;
  /** Who took it (null: the homeowner, or an account since gone). */
  by: string | null;
  takenBy: number | null;
  /** On the homeowner's job page. */
  shared: boolean;
  time: string;
};

/**
 * A lead, its mails and its photos as the admin page shows them: the 480 px copy as a
 * thumbnail, the original behind it; the photos again as a timeline by day, newest first.
 */
export function leadView(id: number) {
  const lead = getLead(id);
  if (!lead) return null;
  const rows = listPhotosWithTaker(id);
  const photos = rows.map((p) => ({
    id: p.id,
    thumb: leadPhotoThumb(p),
    full: leadPhotoUrl(p.storedName),
    name: p.originalName,
    width: p.width,
    height: p.height,
  }));
  const timeline = photoTimeline(
    rows.map((p, i) => ({
      ...photos[i],
      takenAt: p.takenAt,
      createdAt: p.createdAt,
      what: photoLabel(p, lead.createdAt),
      caption: p.caption,
      by: p.takerName,
      takenBy: p.takenBy,
      shared: p.sharedAt !== null,
    })),
  ).map((day) => ({
    day: day.day,
    label: day.label,
    photos: day.photos.map(({ takenAt: _t, createdAt: _c, ...p }): LeadPhotoItem => p),
  }));
  return { lead, photos, photoTimeline: timeline, mails: leadMails([id]).get(id)! };
}
