import type { RoofCustomerInput } from "~/lib/roof-customer-form";
import type { Drawing, RoofView } from "~/lib/roof-drawing";
import * as model from "~/models/roof-customer.server";
import { removeImageFiles } from "~/server/image-files.server";
import { withPictureFiles, type PictureUpload } from "./image-storage.server";
import type { Actor } from "~/lib/actor";

export type RoofPicture = PictureUpload;
export type RoofSave = {
  drawing?: Drawing;
  /** New pictures per view; they replace what the customer had. */
  files?: Partial<Record<RoofView, RoofPicture>>;
  /** Views whose picture staff removed. */
  remove?: Partial<Record<RoofView, boolean>>;
  /** Who saved it, for the lead's history. */
  author?: Actor;
  /** Who keeps the lead a new customer gets. */
  assignee?: number | null;
};

/**
 * Creates, or updates when an id is given; returns the id, or null if it no longer
 * exists. New pictures are written first; if the row cannot be saved they are deleted
 * again, and pictures that were replaced or removed go only after the row is saved, so
 * a failure never leaves a customer pointing at a missing file or a file nobody owns.
 */
export async function saveRoofCustomer(input: RoofCustomerInput, save: RoofSave = {}): Promise<number | null> {
  const saved = await withPictureFiles(save.files ?? {}, "roof", (files) =>
    model.saveRoofCustomer(input, { ...save, files }),
  );
  if (!saved) return null;
  removeImageFiles(...saved.replaced);
  return saved.id;
}

/** The customer, then the files of the pictures taken for it. */
export function deleteRoofCustomer(id: number): boolean {
  const pictures = model.deleteRoofCustomer(id);
  if (pictures) removeImageFiles(...pictures);
  return !!pictures;
}
