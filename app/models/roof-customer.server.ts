import { desc, eq } from "drizzle-orm";
import { getDb } from "~/server/db.server";
import { images, roofCustomers, type Image, type RoofCustomer } from "~/db/schema";
import type { CleanImage } from "~/server/image-clean.server";
import type { RoofCustomerInput } from "~/lib/roof-customer-form";
import { parseDrawing, type Drawing, type RoofView } from "~/lib/roof-drawing";
import { deleteImage, storeImage } from "./image.server";

export type RoofCustomerWithImages = RoofCustomer & { topImage: Image | null; sideImage: Image | null; drawingData: Drawing };

/** What the Saved Customers list shows of each. */
export function listRoofCustomers() {
  const c = roofCustomers;
  return getDb()
    .select({ id: c.id, customerName: c.customerName, street: c.street, city: c.city, state: c.state, zipCode: c.zipCode, area: c.area, createdAt: c.createdAt })
    .from(c)
    .orderBy(desc(c.createdAt), desc(c.id))
    .all();
}
export type RoofCustomerSummary = ReturnType<typeof listRoofCustomers>[number];

export function getRoofCustomer(id: number): RoofCustomerWithImages | undefined {
  const db = getDb();
  const row = db.select().from(roofCustomers).where(eq(roofCustomers.id, id)).get();
  if (!row) return undefined;
  const image = (imageId: number | null) => (imageId ? (db.select().from(images).where(eq(images.id, imageId)).get() ?? null) : null);
  return { ...row, topImage: image(row.topImageId), sideImage: image(row.sideImageId), drawingData: parseDrawing(row.drawing) };
}

function values(input: RoofCustomerInput) {
  return {
    customerName: input.customerName || null,
    street: input.street,
    city: input.city,
    state: input.state || null,
    zipCode: input.zipCode || null,
    area: input.area,
    length: input.length,
    width: input.width,
    pitch: input.pitch,
  };
}

export type RoofPicture = { image: CleanImage; name: string };
export type RoofSaveExtras = {
  drawing?: Drawing;
  /** New pictures per view; they replace what the customer had. */
  files?: Partial<Record<RoofView, RoofPicture>>;
  /** Views whose picture staff removed. */
  remove?: Partial<Record<RoofView, boolean>>;
};

const imageColumn = { top: "topImageId", side: "sideImageId" } as const;

/**
 * Creates, or updates when an id is given; returns the id, or null if it no longer
 * exists. New pictures are written first; if the row cannot be saved they are deleted
 * again, and pictures that were replaced or removed go only after the row is saved, so
 * a failure never leaves a customer pointing at a missing file or a file nobody owns.
 */
export async function saveRoofCustomer(input: RoofCustomerInput, extras: RoofSaveExtras = {}): Promise<number | null> {
  const db = getDb();
  const stored: Partial<Record<RoofView, Image>> = {};
  const discardNew = () => Object.values(stored).forEach((img) => deleteImage(img.id, "roof"));
  try {
    for (const view of ["top", "side"] as const) {
      const file = extras.files?.[view];
      if (file) stored[view] = await storeImage({ image: file.image, originalName: file.name, purpose: "roof", alt: `${view} view` });
    }
    const previous = input.id ? db.select().from(roofCustomers).where(eq(roofCustomers.id, input.id)).get() : undefined;
    if (input.id && !previous) {
      discardNew();
      return null;
    }
    const row: typeof roofCustomers.$inferInsert = values(input);
    if (extras.drawing) row.drawing = extras.drawing;
    const replaced: number[] = [];
    for (const view of ["top", "side"] as const) {
      const column = imageColumn[view];
      const old = previous?.[column] ?? null;
      if (stored[view]) row[column] = stored[view].id;
      else if (extras.remove?.[view]) row[column] = null;
      else continue;
      if (old) replaced.push(old);
    }
    const id = db.transaction((tx) => {
      if (previous) {
        tx.update(roofCustomers).set({ ...row, updatedAt: new Date() }).where(eq(roofCustomers.id, previous.id)).run();
        return previous.id;
      }
      return tx
        .insert(roofCustomers)
        .values(row)
        .returning({ id: roofCustomers.id })
        .get().id;
    });
    replaced.forEach((imageId) => deleteImage(imageId, "roof"));
    return id;
  } catch (error) {
    discardNew();
    throw error;
  }
}

/** The customer and the pictures taken for it. */
export function deleteRoofCustomer(id: number): boolean {
  const row = getDb().delete(roofCustomers).where(eq(roofCustomers.id, id)).returning().get();
  if (!row) return false;
  for (const imageId of [row.topImageId, row.sideImageId]) if (imageId) deleteImage(imageId, "roof");
  return true;
}
