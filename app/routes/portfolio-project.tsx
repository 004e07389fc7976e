import { data, href, Link } from "react-router";
import { Icon } from "~/components/icon";
import { CtaBand } from "~/components/cta-band";
import { NotFound } from "~/components/not-found";
import { PageHero } from "~/components/page-hero";
import { PagePicture } from "~/components/page-picture";
import { ProjectImage } from "~/components/project-image";
import { VideoFacade } from "~/components/video-facade";
import {
  CAROUSEL_TITLES,
  parseProjectId,
  portfolioTabHref,
  projectPath,
  type ProjectCard,
  type ProjectPageCard,
} from "~/lib/portfolio";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { parseVideoUrl } from "~/lib/video";
import { getProjectPage } from "~/services/project-cards.server";
import type { Route } from "./+types/portfolio-project";

export function loader({ params }: Route.LoaderArgs) {
  const id = parseProjectId(params.id);
  const found = id === null ? undefined : getProjectPage(id);
  // Inside the public layout, like any unknown address: the visitor keeps the site's menus.
  if (!found) return data({ found: null }, { status: 404 });
  return { found };
}

export default function PortfolioProject({ loaderData, matches }: Route.ComponentProps) {
  const { found } = loaderData;
  if (!found) return <NotFound />;
  const { project, previous, next } = found;
  const phone = siteFromMatches(matches)?.facts.phone;
  const categoryHref = portfolioTabHref(project.category);
  return (
    <>
      <PageHero
        eyebrow={CAROUSEL_TITLES[project.category]}
        title={project.title}
        lead={project.description}
        phone={phone}
      />
      <section className="bg-sand">
        <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
          <nav aria-label="Breadcrumb" className="text-sm text-ink-soft">
            <ol className="flex flex-wrap items-center gap-1">
              <li>
                <Link to={href("/portfolio")} className="hover:text-brand hover:underline">
                  Portfolio
                </Link>
              </li>
              <li aria-hidden>/</li>
              <li>
                <Link to={categoryHref} className="hover:text-brand hover:underline">
                  {CAROUSEL_TITLES[project.category]}
                </Link>
              </li>
            </ol>
          </nav>
          <div className="mt-4">
            <ProjectMedia project={project} />
          </div>
          <nav aria-label="More projects" className="mt-8 grid gap-3 sm:grid-cols-2">
            {previous ? <NeighborLink project={previous} direction="previous" /> : <span />}
            {next && <NeighborLink project={next} direction="next" />}
          </nav>
        </div>
      </section>
      <CtaBand
        title="Want results like this on your home?"
        text="Tell us about your project and we will come out, look, and give you a written estimate."
        phone={phone}
      />
    </>
  );
}

const PAGE_SIZES = "(min-width: 64rem) 61rem, 100vw";

/** Each of a before and after pair: half the page's width beside the other, the full width stacked on a phone. */
const PAIR_SIZES = "(min-width: 64rem) 30rem, (min-width: 48rem) 50vw, 100vw";

function ProjectMedia({ project }: { project: ProjectPageCard }) {
  const video = project.mediaType === "video" ? parseVideoUrl(project.videoUrl) : null;
  const image = project.image;
  if (video) {
    return image?.width && image.height ? (
      <VideoFacade
        url={video.watchUrl}
        title={project.title}
        alt={project.altText}
        thumbnail={{
          src: image.url,
          srcSet: image.srcSet,
          sizes: PAGE_SIZES,
          width: image.width,
          height: image.height,
        }}
      />
    ) : (
      <a href={video.watchUrl} className="inline-flex items-center gap-2 font-semibold text-brand hover:underline">
        <Icon name="play" className="size-5" /> Watch the video
      </a>
    );
  }
  if (project.before && image) {
    return (
      <div className="grid gap-6 md:grid-cols-2">
        <figure>
          <PagePicture
            picture={project.before}
            sizes={PAIR_SIZES}
            priority
            className="aspect-[4/3] w-full rounded-xl bg-ink object-cover shadow-lg"
          />
          <figcaption className="mt-2 text-sm font-semibold tracking-wider text-ink-soft uppercase">Before</figcaption>
        </figure>
        <figure>
          <ProjectImage
            project={project}
            sizes={PAIR_SIZES}
            loading="eager"
            className="aspect-[4/3] w-full rounded-xl bg-ink object-cover shadow-lg"
          />
          <figcaption className="mt-2 text-sm font-semibold tracking-wider text-ink-soft uppercase">After</figcaption>
        </figure>
      </div>
    );
  }
  return (
    <ProjectImage
      project={project}
      sizes={PAGE_SIZES}
      loading="first"
      className="w-full rounded-xl bg-ink object-cover shadow-lg"
    />
  );
}

function NeighborLink({
  project,
  direction,
}: {
  project: Pick<ProjectCard, "id" | "title">;
  direction: "previous" | "next";
}) {
  const next = direction === "next";
  return (
    <Link
      to={projectPath(project.id)}
      rel={direction === "next" ? "next" : "prev"}
      className={`flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm hover:bg-brand-soft ${next ? "justify-end text-right sm:col-start-2" : ""}`}
    >
      {!next && <Icon name="chevron-left" className="size-5 shrink-0 text-brand" />}
      <span>
        <span className="block text-xs font-semibold tracking-wider text-ink-soft uppercase">
          {next ? "Next project" : "Previous project"}
        </span>
        <span className="font-semibold">{project.title}</span>
      </span>
      {next && <Icon name="chevron-right" className="size-5 shrink-0 text-brand" />}
    </Link>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const project = loaderData?.found?.project;
  if (!project) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  const site = siteFromMatches(matches);
  return pageMeta({
    site,
    title: project.title,
    description: project.description,
    path: projectPath(project.id),
    image: project.image ? `${site?.origin ?? ""}${project.image.url}` : undefined,
  });
};
