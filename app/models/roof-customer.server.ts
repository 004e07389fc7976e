import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, inTransaction } from "~/server/db.server";
import { leads, images, roofCustomers, type Image, type RoofCustomer } from "~/db/schema";
import type { ImageFile, StoredImage } from "~/server/image-files.server";
import type { RoofCustomerInput } from "~/lib/roof-customer-form";
import { SERVICE_AREA_STATE } from "~/lib/service-area";
import { parseDrawing, VIEWS, type Drawing, type RoofView } from "~/lib/roof-drawing";
import { scaleMissing } from "~/lib/roof-summary";
import { ROOF_CUSTOMERS_PAGE_SIZE, type RoofCustomerCursor } from "~/lib/roof-customer-paging";
import { ftsMatchQuery } from "~/lib/search-query";
import { deleteImageRow, insertImage } from "./image.server";
import { insertRoofToolLead, markLeadMeasured } from "./lead.server";
import { systemActor, type Actor } from "~/lib/actor";

export type RoofCustomerWithImages = RoofCustomer & {
  topImage: Image | null;
  sideImage: Image | null;
  drawingData: Drawing;
};

/** The roof customers a search finds, through the roof_customer_search FTS5 index (decision 0054). */
function roofCustomerSearchCondition(q: string): SQL | undefined {
  const match = ftsMatchQuery(q);
  return match === null
    ? undefined
    : sql`${roofCustomers.id} in (select rowid from roof_customer_search where roof_customer_search match ${match})`;
}

export type RoofCustomerListQuery = {
  q?: string;
  after?: RoofCustomerCursor | null;
  before?: RoofCustomerCursor | null;
  limit?: number;
  /** Which leads' roofs the list may show (the crew's: decision 0053); none: all. */
  leads?: SQL;
};

/**
 * A page of the Saved Customers list, newest first, found by `q` when given, read on the
 * keyset (created_at, id) through roof_customers_created_idx (never OFFSET): `after` a
 * cursor for older ones, `before` one for newer. `newer`/`older` are the cursors of the
 * pages beside it, null at either end. A customer an older version saved with an outline
 * on a scale nobody set has an area made up from it: the list leaves it out.
 */
export function listRoofCustomers({
  q = "",
  after = null,
  before = null,
  limit = ROOF_CUSTOMERS_PAGE_SIZE,
  leads: leadScope,
}: RoofCustomerListQuery = {}) {
  const c = roofCustomers;
  // created_at as stored: the default writes fractions of a millisecond, which a Date drops.
  const at = sql<number>`${c.createdAt}`;
  const older = (k: RoofCustomerCursor) => sql`(${at} < ${k.at} or (${at} = ${k.at} and ${c.id} < ${k.id}))`;
  const newer = (k: RoofCustomerCursor) => sql`(${at} > ${k.at} or (${at} = ${k.at} and ${c.id} > ${k.id}))`;
  const scope = leadScope
    ? inArray(c.leadId, getDb().select({ id: leads.id }).from(leads).where(leadScope))
    : undefined;
  const search = and(roofCustomerSearchCondition(q), scope);
  const read = (where: SQL | undefined, order: SQL[], n: number) =>
    getDb()
      .select({
        id: c.id,
        customerName: c.customerName,
        street: c.street,
        city: c.city,
        state: c.state,
        zipCode: c.zipCode,
        area: c.area,
        drawing: c.drawing,
        createdAt: c.createdAt,
        at,
      })
      .from(c)
      .where(and(search, where))
      .orderBy(...order)
      .limit(n)
      .all();
  const newestFirst = [desc(c.createdAt), desc(c.id)];
  const oldestFirst = [asc(c.createdAt), asc(c.id)];
  let rows = before
    ? read(newer(before), oldestFirst, limit + 1)
    : read(after ? older(after) : undefined, newestFirst, limit + 1);
  const more = rows.length > limit;
  rows = rows.slice(0, limit);
  if (before) rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const cursor = (r: { at: number; id: number }) => ({ at: r.at, id: r.id });
  // The far side of the page: one indexed row tells whether anything is there.
  const hasNewer = before ? more : !!first && read(newer(first), oldestFirst, 1).length > 0;
  const hasOlder = before ? !!last && read(older(last), newestFirst, 1).length > 0 : more;
  return {
    customers: rows.map(({ drawing, at: _, ...row }) => ({
      ...row,
      area: drawing && scaleMissing(parseDrawing(drawing).top) ? null : row.area,
    })),
    newer: hasNewer && first ? cursor(first) : null,
    older: hasOlder && last ? cursor(last) : null,
  };
}
export type RoofCustomerSummary = ReturnType<typeof listRoofCustomers>["customers"][number];

export function getRoofCustomer(id: number): RoofCustomerWithImages | undefined {
  const db = getDb();
  const row = db.select().from(roofCustomers).where(eq(roofCustomers.id, id)).get();
  if (!row) return undefined;
  const image = (imageId: number | null) =>
    imageId ? (db.select().from(images).where(eq(images.id, imageId)).get() ?? null) : null;
  return {
    ...row,
    topImage: image(row.topImageId),
    sideImage: image(row.sideImageId),
    drawingData: parseDrawing(row.drawing),
  };
}

/** The lead a saved roof customer belongs to (null: none, or no such customer). */
export function roofCustomerLeadId(id: number): number | null {
  return (
    getDb().select({ leadId: roofCustomers.leadId }).from(roofCustomers).where(eq(roofCustomers.id, id)).get()
      ?.leadId ?? null
  );
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

export type RoofSaveExtras = {
  drawing?: Drawing;
  /** New pictures' files per view (already on disk); they replace what the customer had. */
  files?: Partial<Record<RoofView, ImageFile>>;
  /** Views whose picture staff removed. */
  remove?: Partial<Record<RoofView, boolean>>;
  /** Who saved it: the lead's history names them. */
  author?: Actor;
  /** Who keeps the lead a new customer gets (lib/lead-assignment.ts assigneeOfNewLead). */
  assignee?: number | null;
};

const imageColumn = { top: "topImageId", side: "sideImageId" } as const;

/**
 * Creates, or updates when an id is given, in one transaction with the new pictures' rows
 * and the deletion of the rows they replace, and with its lead: a new customer without one
 * gets one, and a roof area moves the lead to Measured. Null when the id no longer exists;
 * else the id and the replaced pictures, whose files the caller removes once this has returned.
 */
export function saveRoofCustomer(
  input: RoofCustomerInput,
  extras: RoofSaveExtras = {},
): { id: number; replaced: StoredImage[] } | null {
  return inTransaction(() => {
    const db = getDb();
    const previous = input.id ? db.select().from(roofCustomers).where(eq(roofCustomers.id, input.id)).get() : undefined;
    if (input.id && !previous) return null;
    const row: typeof roofCustomers.$inferInsert = values(input);
    if (extras.drawing) row.drawing = extras.drawing;
    const replaced: StoredImage[] = [];
    for (const view of VIEWS) {
      const column = imageColumn[view];
      const file = extras.files?.[view];
      if (file) row[column] = insertImage({ ...file, alt: `${view} view` }).id;
      else if (extras.remove?.[view]) row[column] = null;
      else continue;
      const old = previous?.[column];
      const gone = old ? deleteImageRow(old, "roof") : undefined;
      if (gone) replaced.push(gone);
    }
    const author = extras.author ?? systemActor("Roof tool");
    const measured = row.area != null;
    if (previous) {
      db.update(roofCustomers)
        .set({ ...row, updatedAt: new Date() })
        .where(eq(roofCustomers.id, previous.id))
        .run();
      if (previous.leadId && measured) markLeadMeasured(previous.leadId, author);
      return { id: previous.id, replaced };
    }
    row.leadId = insertRoofToolLead(values(input), measured, author, extras.assignee ?? null);
    return { id: db.insert(roofCustomers).values(row).returning({ id: roofCustomers.id }).get().id, replaced };
  });
}

/**
 * "Measure this roof": the lead's roof customer, made from the lead (name, address) the
 * first time and the same one after that. Undefined for an unknown lead.
 */
export function roofCustomerForLead(leadId: number): number | undefined {
  return inTransaction(() => {
    const db = getDb();
    const existing = findLeadRoof(leadId);
    if (existing) return existing.id;
    const lead = db.select().from(leads).where(eq(leads.id, leadId)).get();
    if (!lead) return undefined;
    const row = {
      customerName: lead.name,
      // The roof tool asks for whatever the request left out before it saves a measurement.
      street: lead.street ?? "",
      city: lead.city ?? "",
      state: lead.street || lead.city ? SERVICE_AREA_STATE : null,
      zipCode: lead.zip,
      leadId,
    };
    return db.insert(roofCustomers).values(row).returning({ id: roofCustomers.id }).get().id;
  });
}

/** The roof customer measured for a lead (the latest, should there be more), or undefined. */
export function findLeadRoof(leadId: number): RoofCustomer | undefined {
  return getDb()
    .select()
    .from(roofCustomers)
    .where(eq(roofCustomers.leadId, leadId))
    .orderBy(desc(roofCustomers.createdAt), desc(roofCustomers.id))
    .get();
}

/** The customer and its pictures' rows; null when there was none, else the pictures whose files can go. */
export function deleteRoofCustomer(id: number): StoredImage[] | null {
  return inTransaction(() => {
    const db = getDb();
    const row = db.delete(roofCustomers).where(eq(roofCustomers.id, id)).returning().get();
    if (!row) return null;
    return [row.topImageId, row.sideImageId].flatMap((imageId) =>
      imageId ? (deleteImageRow(imageId, "roof") ?? []) : [],
    );
  });
}
