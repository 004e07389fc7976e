import type { ProjectCategory } from "~/db/schema";
import { galleryCard, galleryOrder, neighbors, type AdminProjectCard, type GalleryCard, type ProjectCard } from "~/lib/portfolio";
import { byLine, personName } from "~/lib/by-line";
import { srcSetFor } from "~/lib/image-variants";
import type { ProjectInput } from "~/lib/project-form";
import * as model from "~/models/project.server";
import type { CleanImage } from "~/server/image-clean.server";
import { removeImageFiles } from "~/server/image-files.server";
import { uploadUrl } from "~/server/storage.server";
import { withImageFiles } from "./image-storage.server";

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
      ? { url: uploadUrl(image.storedName), srcSet: srcSetFor(image, uploadUrl), width: image.width, height: image.height }
      : null,
  };
}

function toAdminCard(row: model.AdminProjectRow): AdminProjectCard {
  const { published, publishedAt, leadId, service, town } = row.project;
  const publishedBy = published ? byLine("Published", personName(row.publisher), publishedAt) : null;
  return { ...toCard(row), published, publishedBy, leadId, service, town };
}

/** Every project, drafts included, for the admin. */
export function listProjectCards(category?: ProjectCategory): AdminProjectCard[] {
  return model.listProjects(category).map(toAdminCard);
}

/** A project's own page: the project and its neighbors in the order the portfolio shows them. */
export function getProjectPage(id: number) {
  const ordered = galleryOrder(listPublicProjectCards());
  const project = ordered.find((p) => p.id === id);
  if (!project) return undefined;
  const { previous, next } = neighbors(ordered, id);
  const link = (p: ProjectCard | null) => (p ? { id: p.id, title: p.title } : null);
  return { project, previous: link(previous), next: link(next) };
}

/**
 * The projects the public pages show: a picture project whose picture is gone (a database
 * edited by hand, a failed restore) is left out rather than shown as an empty tile.
 */
export function listPublicProjectCards(): ProjectCard[] {
  return listPublicWork().map(({ service: _, town: __, ...card }) => card);
}

/** A public project with the job's service and town (set for projects made from a lead): what related work matches on. */
export type WorkCard = ProjectCard & { service: string | null; town: string | null };

/** The published projects with something to show, drafts never. */
export function listPublicWork(): WorkCard[] {
  return model
    .listPublishedProjects()
    .map((row) => ({ ...toCard(row), service: row.project.service, town: row.project.town }))
    .filter((p) => p.image !== null || (p.mediaType === "video" && p.videoUrl));
}

/** The public projects as tiles for a list (home, portfolio): their descriptions stay on their pages. */
export function listGalleryCards(): GalleryCard[] {
  return listPublicProjectCards().map(galleryCard);
}

export function getProjectCard(id: number): AdminProjectCard | undefined {
  const row = model.getProject(id);
  return row ? toAdminCard(row) : undefined;
}

type NewPicture = { image: CleanImage; originalName: string };

/**
 * The picture's files, then its row and the project's in one transaction; a failure leaves
 * neither. On the site at once, published by `by`; or a `draft` for the owner to publish.
 */
export function createProject(input: ProjectInput, picture: NewPicture, opts: { by?: number; draft?: boolean } = {}): Promise<number> {
  return withImageFiles(picture.image, picture.originalName, "library", (file) => model.createProject(input, file, opts));
}

/** False when the project no longer exists. A replaced picture's files go once the rows are saved. */
export async function updateProject(id: number, input: ProjectInput, picture?: NewPicture): Promise<boolean> {
  const result = picture
    ? await withImageFiles(picture.image, picture.originalName, "library", (file) => model.updateProject(id, input, file))
    : model.updateProject(id, input);
  if (!result) return false;
  removeImageFiles(result.replaced);
  return true;
}

/** The project, its picture's row, then the picture's files. */
export function deleteProject(id: number): boolean {
  const result = model.deleteProject(id);
  if (result) removeImageFiles(result.image);
  return !!result;
}

/** Publishes a draft (by the account `by`) or takes a project back to draft; every public page shows the change on its next request. */
export function setProjectPublished(id: number, published: boolean, by?: number): boolean {
  return model.setProjectPublished(id, published, by);
}
