import { href } from "react-router";
import { CtaBand } from "~/components/cta-band";
import { PageHero } from "~/components/page-hero";
import { TestimonialGrid } from "~/components/testimonial-grid";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { listPublicTestimonials } from "~/models/testimonial.server";
import type { Route } from "./+types/testimonial-list";

export function loader() {
  return { testimonials: listPublicTestimonials() };
}

export default function Testimonials({ loaderData, matches }: Route.ComponentProps) {
  const phone = siteFromMatches(matches)?.facts.phone;
  return (
    <>
      <PageHero
        eyebrow="Testimonials"
        title="What Our Customers Say"
        lead="Homeowners from Wichita and the towns around it, in their own words."
        phone={phone}
      />
      <section className="bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 className="sr-only">Reviews</h2>
          {loaderData.testimonials.length ? (
            <TestimonialGrid testimonials={loaderData.testimonials} />
          ) : (
            <p className="text-ink-soft">Reviews are on their way.</p>
          )}
        </div>
      </section>
      <CtaBand title="Join our happy customers" text="Get a free, written estimate for your project." phone={phone} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "What Our Customers Say",
    description: "Reviews from homeowners in Wichita, Wellington, Derby, Andover and nearby towns.",
    path: href("/testimonials"),
    keywords: ["roofer reviews Wichita", "contractor testimonials Kansas"],
  });
