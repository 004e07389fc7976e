import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "~/server/db.server";
import { images, projects, type ProjectCategory } from "~/db/schema";
import { srcSetFor } from "~/lib/image-variants";
import type { ProjectInput } from "~/lib/project-form";
import type { CleanImage } from "~/server/image-clean.server";
import { removeUpload, uploadUrl } from "~/server/storage.server";
import { imageFileColumns, saveImageFiles } from "./image.server";

export type ProjectCard = {
  id: number;
  title: string;
  category: ProjectCategory;
  description: string;
  mediaType: "image" | "video";
  videoUrl: string | null;
  altText: string;
  featured: boolean;
  image: { url: string; srcSet?: string; width: number | null; height: number | null } | null;
};

function projectQuery() {
  return getDb()
    .select({ project: projects, image: images })
    .from(projects)
    .leftJoin(images, eq(projects.imageId, images.id));
}

function toCard({ project, image }: { project: typeof projects.$inferSelect; image: typeof images.$inferSelect | null }): ProjectCard {
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

/** Every project the public portfolio shows, in the owner's order, newest first among equals. */
export function listProjects(category?: ProjectCategory): ProjectCard[] {
  return projectQuery()
    .where(category ? eq(projects.category, category) : undefined)
    .orderBy(asc(projects.sortOrder), desc(projects.createdAt), desc(projects.id))
    .all()
    .map(toCard);
}

export function getProject(id: number): ProjectCard | undefined {
  const row = projectQuery().where(eq(projects.id, id)).get();
  return row ? toCard(row) : undefined;
}

type NewImage = { image: CleanImage; originalName: string };

function fields(input: ProjectInput) {
  return {
    title: input.title,
    category: input.category,
    description: input.description,
    mediaType: input.mediaType,
    videoUrl: input.mediaType === "video" ? (input.videoUrl ?? null) : null,
    altText: input.altText ?? "",
    featured: input.featured,
  };
}

/**
 * Writes the picture's files, then the image row and the project row in one
 * transaction. Whatever fails, nothing is left half-written: no orphan file, no row
 * without its file.
 */
async function withImageFiles<T>(image: NewImage, alt: string, write: (imageId: number) => T): Promise<T> {
  const storedName = await saveImageFiles(image.image);
  try {
    return getDb().transaction((tx) => {
      const row = tx
        .insert(images)
        .values({ ...imageFileColumns(storedName, image.image, image.originalName), alt })
        .returning()
        .get();
      return write(row.id);
    });
  } catch (error) {
    removeUpload(storedName, "public");
    throw error;
  }
}

export async function createProject(input: ProjectInput, image: NewImage): Promise<number> {
  return withImageFiles(image, input.altText ?? input.title, (imageId) =>
    getDb().insert(projects).values({ ...fields(input), imageId }).returning({ id: projects.id }).get().id,
  );
}

function imageOf(projectId: number) {
  return getDb()
    .select({ id: images.id, storedName: images.storedName })
    .from(projects)
    .innerJoin(images, eq(projects.imageId, images.id))
    .where(eq(projects.id, projectId))
    .get();
}

/** Returns false when the project no longer exists. A replaced picture is deleted with its files. */
export async function updateProject(id: number, input: ProjectInput, image?: NewImage): Promise<boolean> {
  const db = getDb();
  if (!db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).get()) return false;
  const old = imageOf(id);
  if (!image) {
    db.update(projects).set({ ...fields(input), updatedAt: new Date() }).where(eq(projects.id, id)).run();
    return true;
  }
  await withImageFiles(image, input.altText ?? input.title, (imageId) => {
    db.update(projects).set({ ...fields(input), imageId, updatedAt: new Date() }).where(eq(projects.id, id)).run();
    if (old) db.delete(images).where(eq(images.id, old.id)).run();
  });
  if (old) removeUpload(old.storedName, "public");
  return true;
}

/** Deletes the project and its picture (row and files). */
export function deleteProject(id: number): boolean {
  const db = getDb();
  const old = imageOf(id);
  const deleted = db.transaction((tx) => {
    const changes = tx.delete(projects).where(eq(projects.id, id)).run().changes;
    if (changes && old) tx.delete(images).where(eq(images.id, old.id)).run();
    return changes > 0;
  });
  if (deleted && old) removeUpload(old.storedName, "public");
  return deleted;
}
