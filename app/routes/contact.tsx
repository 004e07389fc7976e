import { PageHero } from "~/components/page-hero";
import { ContactCard } from "~/components/contact-card";
import { Section } from "~/components/section";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/contact";

export default function Contact({ matches }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  return (
    <>
      <PageHero eyebrow="Free quotes" title="Contact Us" lead="Tell us about your project and we will get back to you within 24 hours." />
      <Section title="Reach us">
        {facts && (
          <div className="max-w-md">
            <ContactCard facts={facts} />
          </div>
        )}
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Contact Us",
    description: "Request a free framing, roofing or gutter quote in Wichita and nearby towns.",
    path: "/contact",
  });
