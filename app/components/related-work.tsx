import { href, Link } from "react-router";
import { Icon } from "~/components/icon";
import { ProjectImage } from "~/components/project-image";
import { TestimonialCard } from "~/components/testimonial-grid";
import { projectPath, type GalleryCard } from "~/lib/portfolio";
import type { PublicTestimonial } from "~/models/testimonial.server";

/**
 * Proof of the work on a service, area or about page: up to three projects (each opens its
 * own page) and what a customer said. Renders nothing when there is neither.
 */
export function RelatedWork({
  title,
  projects,
  testimonial,
  moreHref = href("/portfolio"),
  className = "bg-white",
}: {
  title: string;
  projects: GalleryCard[];
  testimonial: PublicTestimonial | null;
  moreHref?: string;
  className?: string;
}) {
  if (projects.length === 0 && !testimonial) return null;
  return (
    <section className={className} aria-labelledby="related-work">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="related-work" className="text-3xl font-bold">
            {title}
          </h2>
          {projects.length > 0 && (
            <Link to={moreHref} className="inline-flex items-center gap-1 font-semibold text-brand hover:underline">
              See more of our work <Icon name="arrow-right" className="size-4" />
            </Link>
          )}
        </div>
        <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {projects.map((p) => (
            <Link
              key={p.id}
              to={projectPath(p.id)}
              className="group block overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5"
            >
              <ProjectImage
                project={p}
                sizes="(min-width: 64rem) 24rem, (min-width: 48rem) 50vw, 100vw"
                className="aspect-[4/3] w-full bg-ink object-cover transition duration-300 group-hover:scale-105"
              />
              <span className="block p-4 font-semibold group-hover:text-brand">
                {p.mediaType === "video" && <span className="sr-only">Video: </span>}
                {p.title}
              </span>
            </Link>
          ))}
          {testimonial && (
            <div className="flex">
              <TestimonialCard testimonial={testimonial} />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
