import { and, asc, count, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { getDb, inTransaction, preparedOnce, type DB } from "~/server/db.server";
import { images, projects, users, type Image, type Project, type ProjectCategory } from "~/db/schema";
import type { AccountName } from "~/lib/by-line";
import type { ProjectInput } from "~/lib/project-form";
import type { ImageFile, StoredImage } from "~/server/image-files.server";
import { invalidatePublicPages } from "~/server/page-cache.server";
import { insertImage } from "./image.server";

/** A project and the picture it shows, if any. */
export type ProjectRow = { project: Project; image: Image | null };

function projectQuery(db: DB = getDb()) {
  return db
    .select({ project: projects, image: images })
    .from(projects)
    .leftJoin(images, eq(projects.imageId, images.id));
}

// Featured projects first (they lead the portfolio and each category), then the owner's
// order, newest first among equals.
const galleryOrder = [desc(projects.featured), asc(projects.sortOrder), desc(projects.createdAt), desc(projects.id)];

/** A project as the admin sees it: also the account that published it (null: a draft never published, or from before accounts). */
export type AdminProjectRow = ProjectRow & { publisher: AccountName | null };

function adminProjectQuery() {
  return getDb()
    .select({ project: projects, image: images, publisher: { name: users.name, email: users.email } })
    .from(projects)
    .leftJoin(images, eq(projects.imageId, images.id))
    .leftJoin(users, eq(projects.publishedBy, users.id));
}

/** Where an admin page starts: after or before a project (its id), and how many it shows. */
export type AdminProjectPage = { after?: number; before?: number; limit: number };

/**
 * Projects, drafts included (the admin), in the order the portfolio shows them: all of
 * them, or one keyset page of `page.limit` after or before a project.
 */
export function listProjects(category?: ProjectCategory, page?: AdminProjectPage): AdminProjectRow[] {
  const inCategory = category ? eq(projects.category, category) : undefined;
  if (!page)
    return adminProjectQuery()
      .where(inCategory)
      .orderBy(...galleryOrder)
      .all();
  const { after, before, limit } = page;
  if (!after && !before)
    return adminProjectQuery()
      .where(inCategory)
      .orderBy(...galleryOrder)
      .limit(limit)
      .all();
  const rows: AdminProjectRow[] = [];
  for (const { where, orderBy } of adminSegments(after ? "after" : "before", (after ?? before)!)) {
    if (rows.length >= limit) break;
    rows.push(
      ...adminProjectQuery()
        .where(and(inCategory, where))
        .orderBy(...orderBy)
        .limit(limit - rows.length)
        .all(),
    );
  }
  // Before a project the segments read nearest first: turned around, the page is in order.
  return after ? rows : rows.reverse();
}

/** Whether a project (of the category, if given) comes after (or before) the project `id` in the admin order. */
export const hasProjectBeyond = (side: "after" | "before", id: number, category?: ProjectCategory) =>
  listProjects(category, { [side]: id, limit: 1 }).length > 0;

/**
 * The projects after (or before, nearest first) the project `id` in gallery order, as three
 * seeks on projects_admin_order_idx / projects_admin_category_idx (featured, sort_order,
 * created_at, id), never an OFFSET: the rest of its (featured, sort_order) group, then the
 * rest of its featured group, then the other featured group. Its key is read in SQL
 * (created_at keeps fractions of a millisecond a date in a link would round away); a
 * project that is gone matches nothing.
 */
function adminSegments(side: "after" | "before", id: number): { where: SQL; orderBy: SQL[] }[] {
  const { featured, sortOrder, createdAt, id: rowId } = projects;
  const keyOf = (columns: string) => sql`(select ${sql.raw(columns)} from projects where id = ${id})`;
  const place = sql`(${createdAt}, ${rowId})`;
  const sameGroup = and(eq(featured, keyOf("featured")), eq(sortOrder, keyOf("sort_order")))!;
  if (side === "after") {
    return [
      { where: and(sameGroup, sql`${place} < ${keyOf("created_at, id")}`)!, orderBy: [desc(createdAt), desc(rowId)] },
      {
        where: and(eq(featured, keyOf("featured")), gt(sortOrder, keyOf("sort_order")))!,
        orderBy: [asc(sortOrder), desc(createdAt), desc(rowId)],
      },
      { where: lt(featured, keyOf("featured")), orderBy: galleryOrder },
    ];
  }
  return [
    { where: and(sameGroup, sql`${place} > ${keyOf("created_at, id")}`)!, orderBy: [asc(createdAt), asc(rowId)] },
    {
      where: and(eq(featured, keyOf("featured")), lt(sortOrder, keyOf("sort_order")))!,
      orderBy: [desc(sortOrder), asc(createdAt), asc(rowId)],
    },
    { where: gt(featured, keyOf("featured")), orderBy: [asc(featured), desc(sortOrder), asc(createdAt), asc(rowId)] },
  ];
}

const publishedProjects = preparedOnce((db) =>
  projectQuery(db)
    .where(eq(projects.published, true))
    .orderBy(...galleryOrder)
    .prepare(),
);

/** The projects every public page may show, in the same order: a draft never shows. */
export function listPublishedProjects(): ProjectRow[] {
  return publishedProjects().all();
}

export function getProject(id: number): AdminProjectRow | undefined {
  return adminProjectQuery().where(eq(projects.id, id)).get();
}

/** How many projects, drafts included (of one category, when given). */
export function countProjects(category?: ProjectCategory): number {
  return (
    getDb()
      .select({ n: count() })
      .from(projects)
      .where(category ? eq(projects.category, category) : undefined)
      .get()?.n ?? 0
  );
}

/** A project row as it is (demo content, imports): dates and order included. */
export function insertProject(row: typeof projects.$inferInsert): number {
  const id = getDb().insert(projects).values(row).returning({ id: projects.id }).get().id;
  invalidatePublicPages();
  return id;
}

function fields(input: ProjectInput) {
  return {
    title: input.title,
    category: input.category,
    description: input.description,
    mediaType: input.mediaType,
    videoUrl: input.mediaType === "video" ? (input.videoUrl ?? null) : null,
    altText: input.altText ?? "",
    featured: input.featured,
    service: input.service ?? null,
    town: input.town || null,
    // Saved by the owner: his now, whatever the seed made (decision 0043).
    demo: false,
  };
}

/** The project's picture (the after) or its before picture, enough to delete its row and files. */
function imageOf(
  projectId: number,
  which: "imageId" | "beforeImageId" = "imageId",
): (StoredImage & { id: number }) | undefined {
  return getDb()
    .select({ id: images.id, storedName: images.storedName, purpose: images.purpose })
    .from(projects)
    .innerJoin(images, eq(projects[which], images.id))
    .where(eq(projects.id, projectId))
    .get();
}

/** Who publishes a project now: the account and the moment. */
const publishedNow = (by: number | undefined) => ({ publishedBy: by ?? null, publishedAt: new Date() });

/**
 * The picture's row and the project's row, in one transaction: on the site at once,
 * published by `by` (the owner adding it); or, as a `draft` (the office's), unpublished
 * until the owner publishes it, and the site unchanged.
 */
export function createProject(
  input: ProjectInput,
  file: ImageFile,
  opts: { by?: number; draft?: boolean } = {},
): number {
  return inTransaction(() => {
    const db = getDb();
    const image = insertImage({ ...file, alt: input.altText ?? input.title });
    const publishing = opts.draft ? { published: false } : { published: true, ...publishedNow(opts.by) };
    const id = db
      .insert(projects)
      .values({ ...fields(input), ...publishing, imageId: image.id })
      .returning({ id: projects.id })
      .get().id;
    if (!opts.draft) invalidatePublicPages();
    return id;
  });
}

/**
 * A change to a project's before picture in its editor: a new file (replacing the one it
 * had), or taking it away; otherwise the one it has keeps its place with `alt` as its
 * description (kept on the picture's own row: the project's alt text is the after's).
 */
export type BeforeChange = { file?: ImageFile; remove?: boolean; alt: string };

/**
 * Null when the project no longer exists. A new picture (or before picture) gets its row
 * in the same transaction as the project's; the replaced or removed pictures' rows go, and
 * they are returned so their files can go too.
 */
export function updateProject(
  id: number,
  input: ProjectInput,
  file?: ImageFile,
  before?: BeforeChange,
): { replaced: StoredImage[] } | null {
  return inTransaction(() => {
    const db = getDb();
    if (!db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).get()) return null;
    invalidatePublicPages();
    const change: Partial<typeof projects.$inferInsert> = { ...fields(input), updatedAt: new Date() };
    const replaced: (StoredImage & { id: number })[] = [];
    if (file) {
      const old = imageOf(id);
      change.imageId = insertImage({ ...file, alt: input.altText ?? input.title }).id;
      if (old) replaced.push(old);
    }
    if (before) {
      const old = imageOf(id, "beforeImageId");
      if (before.file) change.beforeImageId = insertImage({ ...before.file, alt: before.alt }).id;
      else if (before.remove) change.beforeImageId = null;
      else if (old) db.update(images).set({ alt: before.alt }).where(eq(images.id, old.id)).run();
      if (old && (before.file || before.remove)) replaced.push(old);
    }
    db.update(projects).set(change).where(eq(projects.id, id)).run();
    for (const old of replaced) db.delete(images).where(eq(images.id, old.id)).run();
    return { replaced };
  });
}

/** Deletes the project and its pictures' rows; null when there was no such project, else the pictures whose files can go. */
export function deleteProject(id: number): { images: StoredImage[] } | null {
  return inTransaction(() => {
    const db = getDb();
    const old = [imageOf(id), imageOf(id, "beforeImageId")].filter((i) => i !== undefined);
    if (db.delete(projects).where(eq(projects.id, id)).run().changes === 0) return null;
    invalidatePublicPages();
    for (const image of old) db.delete(images).where(eq(images.id, image.id)).run();
    return { images: old };
  });
}

/** What a completed job's draft is made of; its picture's row is written with it. */
export type DraftProject = Pick<
  typeof projects.$inferInsert,
  "title" | "category" | "description" | "altText" | "service" | "town"
> & { leadId: number };

/**
 * An unpublished project made from a completed job, with its pictures' rows, in one
 * transaction. The project's alt text describes its picture (the after); the before
 * picture's own description is kept on its image row.
 */
export function createDraftProject(
  draft: DraftProject,
  file: ImageFile | null,
  before: { file: ImageFile; alt: string } | null = null,
): number {
  return inTransaction(() => {
    const image = file ? insertImage({ ...file, alt: draft.altText ?? draft.title }) : null;
    const beforeImage = before ? insertImage({ ...before.file, alt: before.alt }) : null;
    return getDb()
      .insert(projects)
      .values({ ...draft, imageId: image?.id ?? null, beforeImageId: beforeImage?.id ?? null, published: false })
      .returning({ id: projects.id })
      .get().id;
  });
}

/**
 * Publishes (recording `by`, the account) or takes back a project; false when there is no
 * such project. Taking it back keeps who last published it.
 */
export function setProjectPublished(id: number, published: boolean, by?: number): boolean {
  const changed =
    getDb()
      .update(projects)
      .set({ published, ...(published ? publishedNow(by) : {}), updatedAt: new Date() })
      .where(eq(projects.id, id))
      .run().changes > 0;
  if (changed) invalidatePublicPages();
  return changed;
}

/** The project made from a lead's job, if any (the newest). */
export function findLeadProject(leadId: number): Pick<Project, "id" | "title" | "published"> | undefined {
  return getDb()
    .select({ id: projects.id, title: projects.title, published: projects.published })
    .from(projects)
    .where(eq(projects.leadId, leadId))
    .orderBy(desc(projects.id))
    .limit(1)
    .get();
}

// Demo content (decision 0043): what the seed made and the owner has not taken over.

export function countDemoProjects(): number {
  return getDb().select({ n: count() }).from(projects).where(eq(projects.demo, true)).get()?.n ?? 0;
}

/** Deletes every demo project, only those; their pictures are the image model's (deleteDemoImages). How many went. */
export function deleteDemoProjects(): number {
  const deleted = getDb().delete(projects).where(eq(projects.demo, true)).run().changes;
  if (deleted > 0) invalidatePublicPages();
  return deleted;
}

// Public pages (decision 0055): a page or a carousel reads a bounded slice in
// gallery order, never every project. The terms name `published = 1` as a literal so
// SQLite uses the partial indexes on published projects (projects_public_*_idx).

const PUBLISHED = sql`${projects.published} = 1`;
// A picture project whose picture is gone (a database edited by hand, a failed restore)
// is left out rather than shown as an empty tile; a video needs its address.
const SHOWABLE = sql`(${images.id} is not null or (${projects.mediaType} = 'video' and coalesce(${projects.videoUrl}, '') <> ''))`;
const reverseGalleryOrder = [
  asc(projects.featured),
  desc(projects.sortOrder),
  asc(projects.createdAt),
  asc(projects.id),
];

/**
 * A project's place in gallery order, read in SQL from the project a link names (its id):
 * created_at is stored with fractions of a millisecond, which a Date would round away.
 */
const placeOf = (id: number, column: "featured" | "sort_order" | "created_at") =>
  sql`(select ${sql.raw(column)} from projects where id = ${id})`;

/**
 * Projects after (or before) project `id` in gallery order: featured first, then the
 * owner's order, newest first, the later id first.
 */
function beyond(id: number, side: "after" | "before"): SQL {
  // Past a descending column is less, past an ascending one is more (mirrored before).
  const [pastDesc, pastAsc] = side === "after" ? [lt, gt] : [gt, lt];
  return or(
    pastDesc(projects.featured, placeOf(id, "featured")),
    and(
      eq(projects.featured, placeOf(id, "featured")),
      or(
        pastAsc(projects.sortOrder, placeOf(id, "sort_order")),
        and(
          eq(projects.sortOrder, placeOf(id, "sort_order")),
          or(
            pastDesc(projects.createdAt, placeOf(id, "created_at")),
            and(eq(projects.createdAt, placeOf(id, "created_at")), pastDesc(projects.id, id)),
          ),
        ),
      ),
    ),
  )!;
}

const publicWhere = (...terms: (SQL | undefined)[]) => and(PUBLISHED, SHOWABLE, ...terms);

/**
 * Which public projects a list asks for. `services`: made from a job of one of these
 * (QUOTE_SERVICES names); `otherThanServices`: written by hand, or of a service without a
 * page ("Not sure"); `town`: "Derby", "derby " and "Derby, KS" alike (the town index's
 * expression, equal or "derby,…"); `noTown`: its town, if any, only in its words.
 */
export type PublicProjectFilter = {
  categories?: readonly ProjectCategory[];
  services?: readonly string[];
  otherThanServices?: readonly string[];
  town?: string;
  noTown?: boolean;
};

function filterTerms(f: PublicProjectFilter): SQL | undefined {
  const town = f.town?.split(",")[0].trim().toLowerCase();
  const townExpression = sql`lower(trim(${projects.town}))`;
  return and(
    f.categories ? inArray(projects.category, [...f.categories]) : undefined,
    f.services ? inArray(projects.service, [...f.services]) : undefined,
    f.otherThanServices
      ? or(isNull(projects.service), notInArray(projects.service, [...f.otherThanServices]))
      : undefined,
    // One range on the town index ("derby" up to "derby-"), then exactly "derby" or "derby,…".
    town !== undefined
      ? and(
          sql`${townExpression} >= ${town}`,
          sql`${townExpression} < ${town + "-"}`,
          or(sql`${townExpression} = ${town}`, sql`substr(${townExpression}, 1, ${town.length + 1}) = ${town + ","}`),
        )
      : undefined,
    f.noTown ? or(isNull(projects.town), sql`trim(${projects.town}) = ''`) : undefined,
  );
}

/**
 * Up to `limit` public projects in gallery order, after the project `after`; or the `limit`
 * just before the project `before` ("end": the last ones), still in gallery order.
 */
export function listPublicProjects(
  filter: PublicProjectFilter,
  { after, before, limit }: { after?: number; before?: number | "end"; limit: number },
): ProjectRow[] {
  if (before) {
    return projectQuery()
      .where(publicWhere(filterTerms(filter), before === "end" ? undefined : beyond(before, "before")))
      .orderBy(...reverseGalleryOrder)
      .limit(limit)
      .all()
      .reverse();
  }
  return projectQuery()
    .where(publicWhere(filterTerms(filter), after ? beyond(after, "after") : undefined))
    .orderBy(...galleryOrder)
    .limit(limit)
    .all();
}

/** Whether a public project of the filter comes after (or before) the project `id` in gallery order. */
export function hasPublicProject(filter: PublicProjectFilter, side: "after" | "before", id: number): boolean {
  return !!projectQuery()
    .where(publicWhere(filterTerms(filter), beyond(id, side)))
    .limit(1)
    .get();
}

/** A public project by id, with its place in gallery order. */
export function getPublicProject(id: number): ProjectRow | undefined {
  return projectQuery()
    .where(publicWhere(eq(projects.id, id)))
    .get();
}

/** How many public projects each category has (the portfolio's tabs and pages say it). */
export function countPublicProjects(): Record<ProjectCategory, number> {
  const counts: Record<ProjectCategory, number> = { framing: 0, roofing: 0, "bright-green": 0 };
  const rows = getDb()
    .select({ category: projects.category, n: count() })
    .from(projects)
    .leftJoin(images, eq(projects.imageId, images.id))
    .where(publicWhere())
    .groupBy(projects.category)
    .all();
  for (const { category, n } of rows) counts[category] = n;
  return counts;
}
