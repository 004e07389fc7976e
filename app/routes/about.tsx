import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/about";

export default function About({ matches }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  return (
    <>
      <PageHero eyebrow="Our story" title="About Us" lead="A Wellington family building and protecting Kansas homes." phone={facts?.phone} />
      <Section
        title="Built on our name"
        intro={`${facts?.company ?? "We"} is family-owned and run from ${facts?.city ?? "Wellington"}, Kansas. ${facts?.owner ?? ""} leads the business and ${facts?.leadContractor ?? ""} leads the crew.`}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "About Us",
    description: "Meet the family behind Wellington's framing, roofing and gutter contractor serving Wichita.",
    path: "/about",
  });
