import { and, asc, count, desc, eq, gt, lt, sql } from "drizzle-orm";
import { getDb, preparedOnce } from "~/server/db.server";
import { testimonials, users, type Testimonial } from "~/db/schema";
import type { AccountName } from "~/lib/by-line";
import type { TestimonialInput } from "~/lib/testimonial-form";
import { invalidatePublicPages } from "~/server/page-cache.server";

/** A testimonial as the admin lists it, with the account that approved it (null: pending, or from before accounts). */
export type AdminTestimonial = Testimonial & { approver: AccountName | null };

const adminQuery = () =>
  getDb()
    .select({ testimonial: testimonials, approver: { name: users.name, email: users.email } })
    .from(testimonials)
    .leftJoin(users, eq(testimonials.approvedBy, users.id));
const flatten = ({
  testimonial,
  approver,
}: {
  testimonial: Testimonial;
  approver: AccountName | null;
}): AdminTestimonial => ({ ...testimonial, approver });

// The admin order: reviews waiting for approval first ("pending" < "published"), then newest first.
const adminOrder = [asc(testimonials.status), desc(testimonials.createdAt), desc(testimonials.id)];

/** Every testimonial for the admin, in the admin order. */
export function listTestimonials(): AdminTestimonial[] {
  return adminQuery()
    .orderBy(...adminOrder)
    .all()
    .map(flatten);
}

/** Testimonials on one admin page: years of them stay a small page. */
export const TESTIMONIALS_PAGE_SIZE = 50;

// A testimonial's place, read in SQL from the row a link names (created_at keeps fractions
// of a millisecond that a date in the link would round away).
const placeOf = sql`(${testimonials.createdAt}, ${testimonials.id})`;
const placeOfId = (id: number) => sql`(select created_at, id from testimonials where id = ${id})`;
const statusOfId = (id: number) => sql`(select status from testimonials where id = ${id})`;

/**
 * One page of the admin list: the first `limit`, those after the testimonial `after`, or the
 * `limit` just before `before` (still in the admin order). Keyset, never OFFSET: within the
 * named row's status it seeks (status, created_at, id) on testimonials_admin_order_idx,
 * then continues into the next status; page 30 costs what page 1 does.
 */
export function listTestimonialPage({
  limit = TESTIMONIALS_PAGE_SIZE,
  after,
  before,
}: { limit?: number; after?: number; before?: number } = {}): AdminTestimonial[] {
  const { status, createdAt, id } = testimonials;
  if (after) {
    const same = adminQuery()
      .where(and(eq(status, statusOfId(after)), sql`${placeOf} < ${placeOfId(after)}`))
      .orderBy(...adminOrder)
      .limit(limit)
      .all();
    const next =
      same.length < limit
        ? adminQuery()
            .where(gt(status, statusOfId(after)))
            .orderBy(...adminOrder)
            .limit(limit - same.length)
            .all()
        : [];
    return [...same, ...next].map(flatten);
  }
  if (before) {
    // Nearest first, then turned around.
    const same = adminQuery()
      .where(and(eq(status, statusOfId(before)), sql`${placeOf} > ${placeOfId(before)}`))
      .orderBy(asc(createdAt), asc(id))
      .limit(limit)
      .all();
    const previous =
      same.length < limit
        ? adminQuery()
            .where(lt(status, statusOfId(before)))
            .orderBy(desc(status), asc(createdAt), asc(id))
            .limit(limit - same.length)
            .all()
        : [];
    return [...same, ...previous].reverse().map(flatten);
  }
  return adminQuery()
    .orderBy(...adminOrder)
    .limit(limit)
    .all()
    .map(flatten);
}

/** Whether a testimonial comes after (or before) the testimonial `id` in the admin order. */
export const hasTestimonialBeyond = (side: "after" | "before", id: number) =>
  listTestimonialPage({ limit: 1, [side]: id }).length > 0;

// A homeowner's review waits for the owner: only published ones are ever shown.
const published = eq(testimonials.status, "published");

/** What the public pages show of each testimonial, newest first: no dates, nothing else to send. */
export type PublicTestimonial = Pick<Testimonial, "id" | "name" | "location" | "quote" | "rating">;

const publicTestimonials = preparedOnce((db) => {
  const { id, name, location, quote, rating } = testimonials;
  return db
    .select({ id, name, location, quote, rating })
    .from(testimonials)
    .where(published)
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
    .prepare();
});

export function listPublicTestimonials(): PublicTestimonial[] {
  return publicTestimonials().all();
}

/** Reviews on one page of /testimonials: a few screens on a phone, a small page to send. */
export const PUBLIC_TESTIMONIALS_PAGE_SIZE = 24;

/** One page of /testimonials, newest first, and the reviews its Previous and Next links start from. */
export type PublicTestimonialPage = {
  testimonials: PublicTestimonial[];
  total: number;
  previous: number | null;
  next: number | null;
};

/**
 * The published reviews after the review `after` (or just before `before`), newest first,
 * `limit` of them. Keyset on (status, created_at, id), testimonials_admin_order_idx, never
 * OFFSET: the last page costs what the first does. A link naming a review deleted or
 * unpublished since, or past either end, gives the first page.
 */
export function publicTestimonialPage({
  after,
  before,
  limit = PUBLIC_TESTIMONIALS_PAGE_SIZE,
}: { after?: number; before?: number; limit?: number } = {}): PublicTestimonialPage {
  const { id, name, location, quote, rating, createdAt } = testimonials;
  const fields = { id, name, location, quote, rating };
  const newestFirst = [desc(createdAt), desc(id)];
  const older = (than: number) => and(published, sql`${placeOf} < ${placeOfId(than)}`);
  const newer = (than: number) => and(published, sql`${placeOf} > ${placeOfId(than)}`);
  const db = getDb();
  let rows: PublicTestimonial[] = [];
  if (after)
    rows = db
      .select(fields)
      .from(testimonials)
      .where(older(after))
      .orderBy(...newestFirst)
      .limit(limit)
      .all();
  else if (before)
    rows = db
      .select(fields)
      .from(testimonials)
      .where(newer(before))
      .orderBy(asc(createdAt), asc(id))
      .limit(limit)
      .all()
      .reverse();
  if (rows.length === 0)
    rows = db
      .select(fields)
      .from(testimonials)
      .where(published)
      .orderBy(...newestFirst)
      .limit(limit)
      .all();
  const beyond = (where: ReturnType<typeof older>) =>
    db.select({ id }).from(testimonials).where(where).limit(1).get() !== undefined;
  const [first, last] = [rows[0], rows[rows.length - 1]];
  return {
    testimonials: rows,
    total: db.select({ n: count() }).from(testimonials).where(published).get()?.n ?? 0,
    previous: first && beyond(newer(first.id)) ? first.id : null,
    next: last && beyond(older(last.id)) ? last.id : null,
  };
}

/** The newest few published reviews (the home page's), and how many there are in all. */
export function newestPublicTestimonials(limit: number): { testimonials: PublicTestimonial[]; total: number } {
  const { id, name, location, quote, rating } = testimonials;
  const newest = getDb()
    .select({ id, name, location, quote, rating })
    .from(testimonials)
    .where(published)
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
    .limit(limit)
    .all();
  const total =
    newest.length < limit
      ? newest.length
      : (getDb().select({ n: count() }).from(testimonials).where(published).get()?.n ?? 0);
  return { testimonials: newest, total };
}

export function getTestimonial(id: number): Testimonial | undefined {
  return getDb().select().from(testimonials).where(eq(testimonials.id, id)).get();
}

export function countTestimonials(): number {
  return getDb().select({ n: count() }).from(testimonials).get()?.n ?? 0;
}

/** Homeowners' reviews waiting for the owner's approval. */
export function countPendingTestimonials(): number {
  return getDb().select({ n: count() }).from(testimonials).where(eq(testimonials.status, "pending")).get()?.n ?? 0;
}

/** A testimonial row as it is (demo content): dates included. */
export function insertTestimonial(row: typeof testimonials.$inferInsert): Testimonial {
  invalidatePublicPages();
  return getDb().insert(testimonials).values(row).returning().get();
}

function values(input: TestimonialInput) {
  // An empty location is stored as null, as the public cards expect.
  // Saved by the owner: his now, whatever the seed made (decision 0043).
  return { name: input.name, location: input.location || null, quote: input.quote, rating: input.rating, demo: false };
}

/**
 * A new testimonial: on the site at once, approved by `by` (the owner adding it); or, as a
 * `draft` (the office's), pending until the owner approves it, and the site unchanged.
 */
export function createTestimonial(input: TestimonialInput, opts: { by?: number; draft?: boolean } = {}): Testimonial {
  const row = opts.draft
    ? { status: "pending" as const }
    : { status: "published" as const, approvedBy: opts.by ?? null, approvedAt: new Date() };
  const created = getDb()
    .insert(testimonials)
    .values({ ...values(input), ...row })
    .returning()
    .get();
  if (!opts.draft) invalidatePublicPages();
  return created;
}

/** Returns undefined when the testimonial no longer exists. */
export function updateTestimonial(id: number, input: TestimonialInput): Testimonial | undefined {
  invalidatePublicPages();
  return getDb()
    .update(testimonials)
    .set({ ...values(input), updatedAt: new Date() })
    .where(eq(testimonials.id, id))
    .returning()
    .get();
}

/** A pending review goes on the site, approved by `by`. False when there was no pending one with this id. */
export function approveTestimonial(id: number, by?: number): boolean {
  const changed =
    getDb()
      .update(testimonials)
      .set({ status: "published", approvedBy: by ?? null, approvedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(testimonials.id, id), eq(testimonials.status, "pending")))
      .run().changes > 0;
  if (changed) invalidatePublicPages();
  return changed;
}

export function deleteTestimonial(id: number): boolean {
  invalidatePublicPages();
  return getDb().delete(testimonials).where(eq(testimonials.id, id)).run().changes > 0;
}

// Demo content (decision 0043): the made-up reviews the seed wrote.

export function countDemoTestimonials(): number {
  return getDb().select({ n: count() }).from(testimonials).where(eq(testimonials.demo, true)).get()?.n ?? 0;
}

/** Deletes every demo review, only those. How many went. */
export function deleteDemoTestimonials(): number {
  const deleted = getDb().delete(testimonials).where(eq(testimonials.demo, true)).run().changes;
  if (deleted > 0) invalidatePublicPages();
  return deleted;
}
