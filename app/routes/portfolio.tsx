import { PageHero } from "~/components/page-hero";
import { NoProjectsYet, PortfolioPager, SeeAllWork } from "~/components/portfolio-pages";
import { ProjectGallery } from "~/components/project-gallery";
import { href } from "react-router";
import {
  CAROUSEL_TILES,
  hasPublicProjects,
  parsePortfolioCursor,
  parsePortfolioTab,
  portfolioTabHref,
} from "~/lib/portfolio";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { countPublicProjects, listGalleryCards, portfolioPage } from "~/services/project-cards.server";
import type { Route } from "./+types/portfolio";

// All: each category's first few, with links to the rest. A category: a page at a time,
// keyset on its gallery order (?after= or ?before= a project), however many there are.
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = parsePortfolioTab(params.get("category"));
  const counts = countPublicProjects();
  if (tab === "all") return { tab, counts, projects: listGalleryCards("all", CAROUSEL_TILES), pages: null };
  const { projects, previous, next } = portfolioPage(tab, parsePortfolioCursor(params));
  return { tab, counts, projects, pages: { category: tab, previous, next } };
}

export default function Portfolio({ loaderData, matches }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Portfolio"
        title="Our Work"
        lead="Framing, roofing and Bright Green projects from Wichita to Winfield."
        phone={siteFromMatches(matches)?.facts.phone}
      />
      <section id="projects" className="scroll-mt-16 bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
          <h2 className="sr-only">Projects</h2>
          {hasPublicProjects(loaderData.counts) ? <Gallery {...loaderData} /> : <NoProjectsYet />}
        </div>
      </section>
    </>
  );
}

/** The categories' carousels, and the way to the rest of the work. */
function Gallery(loaderData: Route.ComponentProps["loaderData"]) {
  return (
    <>
      <ProjectGallery projects={loaderData.projects} tab={loaderData.tab} tabHref={portfolioTabHref} leadsPage />
      {loaderData.pages ? (
        <PortfolioPager {...loaderData.pages} count={loaderData.counts[loaderData.pages.category]} />
      ) : (
        <SeeAllWork counts={loaderData.counts} tab="all" shown={CAROUSEL_TILES} />
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Our Work",
    description: "Photos and videos of framing, roofing and Bright Green roof treatment projects around Wichita, KS.",
    path: href("/portfolio"),
    keywords: ["roofing projects Wichita", "framing portfolio Kansas", "Bright Green roof treatment results"],
  });
