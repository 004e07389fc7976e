import type { ProjectCategory } from "~/db/schema";
import {
  CAROUSEL_TILES,
  galleryCard,
  PORTFOLIO_PAGE_SIZE,
  type AdminProjectCard,
  type EditableProject,
  type GalleryCard,
  type PortfolioCursor,
  type PortfolioTab,
  type ProjectCard,
  type ProjectPageCard,
} from "~/lib/portfolio";
import { PROJECT_CATEGORIES } from "~/lib/project-categories";
import { byLine, personName } from "~/lib/by-line";
import { srcSetFor } from "~/lib/image-variants";
import type { ProjectInput } from "~/lib/project-form";
import * as model from "~/models/project.server";
import type { CleanImage } from "~/server/image-clean.server";
import { removeImageFiles } from "~/server/image-files.server";
import { uploadUrl } from "~/server/storage.server";
import { withImageFiles, withPictureFiles, type PictureUpload } from "./image-storage.server";
import { libraryPictureOf } from "./site-pictures.server";

function toCard({ project, image }: model.ProjectRow): ProjectCard {
  return {
    id: project.id,
    title: project.title,
    category: project.category,
    description: project.description,
    mediaType: project.mediaType,
    videoUrl: project.videoUrl,
    altText: project.altText || image?.alt || project.title,
    featured: project.featured,
    image: image
      ? {
          url: uploadUrl(image.storedName),
          srcSet: srcSetFor(image, uploadUrl),
          width: image.width,
          height: image.height,
        }
      : null,
  };
}

function toAdminCard(row: model.AdminProjectRow): AdminProjectCard {
  const { published, publishedAt, leadId, service, town } = row.project;
  const publishedBy = published ? byLine("Published", personName(row.publisher), publishedAt) : null;
  return { ...toCard(row), published, publishedBy, leadId, service, town };
}

/**
 * Every project, drafts included, for the admin; or one keyset page of them, which costs
 * the same however many projects there are.
 */
export function listProjectCards(category?: ProjectCategory, page?: model.AdminProjectPage): AdminProjectCard[] {
  return model.listProjects(category, page).map(toAdminCard);
}

/**
 * A project's own page: the project and its neighbors in the order the portfolio shows
 * them (category by category), each found by one indexed step from its place.
 */
export function getProjectPage(id: number) {
  const row = model.getPublicProject(id);
  if (!row) return undefined;
  const link = (r: model.ProjectRow | undefined) => (r ? { id: r.project.id, title: r.project.title } : null);
  const project: ProjectPageCard = { ...toCard(row), before: beforePicture(row.project) };
  return { project, previous: link(neighbor(row, "previous")), next: link(neighbor(row, "next")) };
}

/** The project before or after one in gallery order: in its category, else at the near end of the next category that has any. */
function neighbor({ project }: model.ProjectRow, side: "previous" | "next"): model.ProjectRow | undefined {
  const at = PROJECT_CATEGORIES.indexOf(project.category);
  const own = model.listPublicProjects(
    { categories: [project.category] },
    side === "next" ? { after: project.id, limit: 1 } : { before: project.id, limit: 1 },
  )[0];
  if (own) return own;
  const others = side === "next" ? PROJECT_CATEGORIES.slice(at + 1) : PROJECT_CATEGORIES.slice(0, at).reverse();
  for (const category of others) {
    const [first] = model.listPublicProjects(
      { categories: [category] },
      side === "next" ? { limit: 1 } : { before: "end", limit: 1 },
    );
    if (first) return first;
  }
  return undefined;
}

/**
 * Every public project (the sitemap lists each page): a picture project whose picture is
 * gone (a database edited by hand, a failed restore) is left out rather than shown as an
 * empty tile. Lists on pages read a bounded slice instead (below).
 */
export function listPublicProjectCards(): ProjectCard[] {
  return model
    .listPublishedProjects()
    .map(toCard)
    .filter((p) => p.image !== null || (p.mediaType === "video" && p.videoUrl));
}

export const toGalleryCard = (row: model.ProjectRow): GalleryCard => galleryCard(toCard(row));

/**
 * The carousels' tiles (home page, the portfolio's All tab): the first few of each category
 * shown (one tab's, or all three), however many the owner has.
 */
export function listGalleryCards(tab: PortfolioTab = "all", perCategory = CAROUSEL_TILES): GalleryCard[] {
  const categories = tab === "all" ? PROJECT_CATEGORIES : [tab];
  return categories.flatMap((category) =>
    model.listPublicProjects({ categories: [category] }, { limit: perCategory }).map(toGalleryCard),
  );
}

/** How many public projects each category has. */
export const countPublicProjects = model.countPublicProjects;

/**
 * One page of a portfolio category: PORTFOLIO_PAGE_SIZE tiles after (or before) a project,
 * and the projects whose places the previous and next pages start from (null at an end).
 * A cursor that names no public project of the category (deleted, unpublished, another
 * category's) is the first page.
 */
export function portfolioPage(category: ProjectCategory, cursor: PortfolioCursor) {
  const filter = { categories: [category] };
  const named = cursor.after ?? cursor.before;
  const at = named && model.getPublicProject(named)?.project.category === category ? named : undefined;
  let rows = at
    ? model.listPublicProjects(
        filter,
        cursor.after ? { after: at, limit: PORTFOLIO_PAGE_SIZE } : { before: at, limit: PORTFOLIO_PAGE_SIZE },
      )
    : [];
  // Past either end (the last project of a page was moved meanwhile): the first page.
  if (rows.length === 0) rows = model.listPublicProjects(filter, { limit: PORTFOLIO_PAGE_SIZE });
  const first = rows[0]?.project;
  const last = rows[rows.length - 1]?.project;
  return {
    projects: rows.map(toGalleryCard),
    previous: first && model.hasPublicProject(filter, "before", first.id) ? first.id : null,
    next: last && model.hasPublicProject(filter, "after", last.id) ? last.id : null,
  };
}

export type PortfolioPage = ReturnType<typeof portfolioPage>;

/** A project as its editor opens it: also its before picture. */
export function getProjectCard(id: number): EditableProject | undefined {
  const row = model.getProject(id);
  return row ? { ...toAdminCard(row), before: beforePicture(row.project) } : undefined;
}

/** A project's before picture, described by its own row's alt text (the project's is the after's). */
function beforePicture(project: model.ProjectRow["project"]) {
  const picture = libraryPictureOf(project.beforeImageId);
  return picture && { ...picture, alt: picture.alt || `${project.title}, before the work` };
}

type NewPicture = { image: CleanImage; originalName: string };

/**
 * The picture's files, then its row and the project's in one transaction; a failure leaves
 * neither. On the site at once, published by `by`; or a `draft` for the owner to publish.
 */
export function createProject(
  input: ProjectInput,
  picture: NewPicture,
  opts: { by?: number; draft?: boolean } = {},
): Promise<number> {
  return withImageFiles(picture.image, picture.originalName, "library", (file) =>
    model.createProject(input, file, opts),
  );
}

/** A change to the before picture in the editor (see model.BeforeChange), with its new file not yet stored. */
export type BeforeEdit = { picture?: NewPicture; remove?: boolean; alt: string };

/** False when the project no longer exists. Replaced or removed pictures' files go once the rows are saved. */
export async function updateProject(
  id: number,
  input: ProjectInput,
  picture?: NewPicture,
  before?: BeforeEdit,
): Promise<boolean> {
  const uploads = { picture: picture && upload(picture), before: before?.picture && upload(before.picture) };
  const result = await withPictureFiles(uploads, "library", (files) =>
    model.updateProject(id, input, files.picture, before && { ...before, file: files.before }),
  );
  if (!result) return false;
  removeImageFiles(...result.replaced);
  return true;
}

const upload = ({ image, originalName }: NewPicture): PictureUpload => ({ image, name: originalName });

/** The project, its pictures' rows, then the pictures' files. */
export function deleteProject(id: number): boolean {
  const result = model.deleteProject(id);
  if (result) removeImageFiles(...result.images);
  return !!result;
}

/** Publishes a draft (by the account `by`) or takes a project back to draft; every public page shows the change on its next request. */
export function setProjectPublished(id: number, published: boolean, by?: number): boolean {
  return model.setProjectPublished(id, published, by);
}
