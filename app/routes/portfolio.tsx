import { PageHero } from "~/components/page-hero";
import { ProjectGallery } from "~/components/project-gallery";
import { href } from "react-router";
import { parsePortfolioTab, portfolioTabHref } from "~/lib/portfolio";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { listGalleryCards } from "~/services/project-cards.server";
import type { Route } from "./+types/portfolio";

export function loader({ request }: Route.LoaderArgs) {
  const tab = parsePortfolioTab(new URL(request.url).searchParams.get("category"));
  return { tab, projects: listGalleryCards() };
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
      <section className="bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
          <h2 className="sr-only">Projects</h2>
          <ProjectGallery projects={loaderData.projects} tab={loaderData.tab} tabHref={portfolioTabHref} leadsPage />
        </div>
      </section>
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
