import { PageHero } from "~/components/page-hero";
import { ProjectGrid } from "~/components/project-grid";
import { Section } from "~/components/section";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { listProjects } from "~/models/project.server";
import type { Route } from "./+types/portfolio";

export function loader() {
  return { projects: listProjects() };
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
      <Section title="Recent projects">
        <ProjectGrid projects={loaderData.projects} />
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Our Work",
    description: "Photos and videos of framing, roofing and Bright Green roof treatment projects around Wichita, KS.",
    path: "/portfolio",
  });
