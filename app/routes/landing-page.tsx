import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { landingPageFor } from "~/content/pages";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/landing-page";

// Serves every service page and every area page (see routes.ts): the path picks the copy.
export function loader({ request }: Route.LoaderArgs) {
  const page = landingPageFor(new URL(request.url).pathname);
  if (!page) throw new Response("Not Found", { status: 404 });
  return { page };
}

export default function LandingPage({ loaderData, matches }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={page.kind === "service" ? "Services" : "Service Areas"}
        title={page.title}
        lead={page.lead}
        phone={siteFromMatches(matches)?.facts.phone}
      />
      <Section title={page.kind === "service" ? `Why choose us for ${page.name.toLowerCase()}` : `Serving ${page.name}`} intro={page.description} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: siteFromMatches(matches),
        title: loaderData.page.title,
        description: loaderData.page.description,
        path: loaderData.page.path,
      })
    : [];
