import type { ProjectCard } from "~/lib/portfolio";

/**
 * A project's picture at the size the layout gives it (`sizes`), from its responsive
 * copies. "first" is a page's largest picture, "eager" others on the first screen.
 */
export function ProjectImage({
  project,
  sizes,
  loading = "lazy",
  className,
}: {
  project: Pick<ProjectCard, "image" | "altText">;
  sizes: string;
  loading?: "first" | "eager" | "lazy";
  className?: string;
}) {
  const { image } = project;
  if (!image) return null;
  return (
    <img
      src={image.url}
      srcSet={image.srcSet}
      sizes={sizes}
      alt={project.altText}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={loading === "lazy" ? "lazy" : "eager"}
      fetchPriority={loading === "first" ? "high" : undefined}
      decoding={loading === "lazy" ? "async" : undefined}
      className={className}
    />
  );
}
