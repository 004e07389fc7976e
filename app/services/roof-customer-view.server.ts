import type { Image } from "~/db/schema";
import type { RoofCustomerWithImages } from "~/models/roof-customer.server";
import { nameAtWidth } from "~/lib/image-variants";
import { roofImageUrl } from "~/server/storage.server";

/**
 * The picture to draw on: the 960 px copy when there is one, light enough for a phone,
 * from the signed-in route (a customer's house is never a public file).
 */
function picture(image: Image | null) {
  if (!image) return null;
  return { url: roofImageUrl(nameAtWidth(image, 960)), name: image.originalName };
}

/** What the roof tool page needs of a customer: plain values and picture URLs. */
export function roofCustomerView(c: RoofCustomerWithImages) {
  return {
    id: c.id,
    customerName: c.customerName,
    street: c.street,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    area: c.area,
    length: c.length,
    width: c.width,
    pitch: c.pitch,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    drawing: c.drawingData,
    images: { top: picture(c.topImage), side: picture(c.sideImage) },
  };
}
export type RoofCustomerView = ReturnType<typeof roofCustomerView>;
