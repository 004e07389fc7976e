import type { RoofCustomerInput } from "~/lib/roof-customer-form";
import { VIEWS, type Drawing, type RoofView } from "~/lib/roof-drawing";
import * as model from "~/models/roof-customer.server";
import type { CleanImage } from "~/server/image-clean.server";
import { removeImageFiles, saveImageFiles, type ImageFile } from "~/server/image-files.server";

export type RoofPicture = { image: CleanImage; name: string };
export type RoofSave = {
  drawing?: Drawing;
  /** New pictures per view; they replace what the customer had. */
  files?: Partial<Record<RoofView, RoofPicture>>;
  /** Views whose picture staff removed. */
  remove?: Partial<Record<RoofView, boolean>>;
};

/**
 * Creates, or updates when an id is given; returns the id, or null if it no longer
 * exists. New pictures are written first; if the row cannot be saved they are deleted
 * again, and pictures that were replaced or removed go only after the row is saved, so
 * a failure never leaves a customer pointing at a missing file or a file nobody owns.
 */
export async function saveRoofCustomer(input: RoofCustomerInput, save: RoofSave = {}): Promise<number | null> {
  const files: Partial<Record<RoofView, ImageFile>> = {};
  const discardNew = () => removeImageFiles(...Object.values(files));
  try {
    for (const view of VIEWS) {
      const picture = save.files?.[view];
      if (picture) files[view] = await saveImageFiles(picture.image, picture.name, "roof");
    }
    const saved = model.saveRoofCustomer(input, { drawing: save.drawing, files, remove: save.remove });
    if (!saved) {
      discardNew();
      return null;
    }
    removeImageFiles(...saved.replaced);
    return saved.id;
  } catch (error) {
    discardNew();
    throw error;
  }
}

/** The customer, then the files of the pictures taken for it. */
export function deleteRoofCustomer(id: number): boolean {
  const pictures = model.deleteRoofCustomer(id);
  if (pictures) removeImageFiles(...pictures);
  return !!pictures;
}
