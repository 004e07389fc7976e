import { nameAtWidth } from "~/lib/image-variants";
import { getLead } from "~/models/lead.server";
import { listPhotos } from "~/models/lead-photo.server";
import { contactPhotoUrl } from "~/server/storage.server";

/** A lead and its photos as the admin page shows them: the 480 px copy as a thumbnail, the original behind it. */
export function leadView(id: number) {
  const message = getLead(id);
  if (!message) return null;
  const photos = listPhotos(id).map((p) => ({
    id: p.id,
    thumb: contactPhotoUrl(nameAtWidth(p, 480)),
    full: contactPhotoUrl(p.storedName),
    name: p.originalName,
    width: p.width,
    height: p.height,
  }));
  return { message, photos };
}
