import { nameAtWidth } from "~/lib/image-variants";
import { getMessage, listPhotos } from "~/models/contact-message.server";
import { contactPhotoUrl } from "~/server/storage.server";

/** A message and its photos as the admin page shows them: the 480 px copy as a thumbnail, the original behind it. */
export function contactMessageView(id: number) {
  const message = getMessage(id);
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
