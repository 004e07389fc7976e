import { href } from "react-router";
import { nameAtWidth } from "~/lib/image-variants";
import { getLead } from "~/models/lead.server";
import { listPhotos } from "~/models/lead-photo.server";
import { leadMails } from "~/services/lead-mail.server";

/** A photo sent with a quote request: a private file, answered only to signed-in staff (routes/resources/private-image.ts). */
export const leadPhotoUrl = (storedName: string) => href("/admin/leads/photos/:name", { name: storedName });

/** A lead photo's 480 px copy (its original when it is smaller): the thumbnail the admin shows. */
export const leadPhotoThumb = (photo: Parameters<typeof nameAtWidth>[0]) => leadPhotoUrl(nameAtWidth(photo, 480));

/** A lead, its mails and its photos as the admin page shows them: the 480 px copy as a thumbnail, the original behind it. */
export function leadView(id: number) {
  const lead = getLead(id);
  if (!lead) return null;
  const photos = listPhotos(id).map((p) => ({
    id: p.id,
    thumb: leadPhotoThumb(p),
    full: leadPhotoUrl(p.storedName),
    name: p.originalName,
    width: p.width,
    height: p.height,
  }));
  return { lead, photos, mails: leadMails([id]).get(id)! };
}
