import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { TestimonialGrid } from "~/components/testimonial-grid";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { listTestimonials } from "~/models/testimonial.server";
import type { Route } from "./+types/testimonials";

export function loader() {
  return { testimonials: listTestimonials() };
}

export default function Testimonials({ loaderData, matches }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Testimonials"
        title="What Our Customers Say"
        lead="Homeowners from Wichita and the towns around it, in their own words."
        phone={siteFromMatches(matches)?.facts.phone}
      />
      <Section title="Reviews">
        <TestimonialGrid testimonials={loaderData.testimonials} />
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "What Our Customers Say",
    description: "Reviews from homeowners in Wichita, Wellington, Derby, Andover and nearby towns.",
    path: "/testimonials",
  });
