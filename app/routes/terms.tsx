import { href } from "react-router";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/terms";

export default function Terms({ matches }: Route.ComponentProps) {
  const company = siteFromMatches(matches)?.facts.company ?? "us";
  return (
    <>
      <PageHero title="Terms of Service" />
      <Section title="Using this website">
        <div className="max-w-3xl space-y-4 text-ink-soft">
          <p>
            The information on this site describes the services of {company} in general terms. Every project is quoted
            in writing after we see it; prices and schedules are set in that written estimate, not here.
          </p>
          <p>Photos show our own work. Please do not reuse them without asking.</p>
        </div>
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Terms of Service",
    description: "The terms for using this website.",
    path: href("/terms"),
  });
