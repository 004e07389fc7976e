import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { images, projects, type ProjectCategory } from "~/db/schema";
import { srcSetFor } from "~/lib/image-variants";
import { uploadUrl } from "~/lib/storage.server";

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

/** Every project the public portfolio shows, in the owner's order, newest first among equals. */
export function listProjects(category?: ProjectCategory): ProjectCard[] {
  const rows = getDb()
    .select({ project: projects, image: images })
    .from(projects)
    .leftJoin(images, eq(projects.imageId, images.id))
    .where(category ? eq(projects.category, category) : undefined)
    .orderBy(asc(projects.sortOrder), desc(projects.createdAt), desc(projects.id))
    .all();
  return rows.map(({ project, image }) => ({
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
  }));
}
