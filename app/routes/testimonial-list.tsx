import { href, Link } from "react-router";
import { CtaBand } from "~/components/cta-band";
import { Icon } from "~/components/icon";
import { PageHero } from "~/components/page-hero";
import { TestimonialGrid } from "~/components/testimonial-grid";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { publicTestimonialPage } from "~/models/testimonial.server";
import { parseId } from "~/lib/parse-id";
import type { Route } from "./+types/testimonial-list";

// A page of reviews at a time: years of reviews stay a small page on a phone.
// Keyset on the newest-first order (?after= or ?before= a review); plain links, scripts or not.
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const after = parseId(params.get("after"));
  const before = parseId(params.get("before"));
  return publicTestimonialPage(after ? { after } : before ? { before } : {});
}

const REVIEWS_ANCHOR = "#reviews";
const LIST = href("/testimonials");

export default function Testimonials({ loaderData, matches }: Route.ComponentProps) {
  const phone = siteFromMatches(matches)?.facts.phone;
  const { testimonials, total, previous, next } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Testimonials"
        title="What Our Customers Say"
        lead="Homeowners from Wichita and the towns around it, in their own words."
        phone={phone}
      />
      <section id="reviews" className="scroll-mt-16 bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 className="sr-only">Reviews</h2>
          {testimonials.length ? (
            <TestimonialGrid testimonials={testimonials} />
          ) : (
            <p className="text-ink-soft">Reviews are on their way.</p>
          )}
          <ReviewPager total={total} previous={previous} next={next} />
        </div>
      </section>
      <CtaBand title="Join our happy customers" text="Get a free, written estimate for your project." phone={phone} />
    </>
  );
}

const pill =
  "inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full bg-white px-5 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-brand-soft";

/** Newer and older reviews, with how many there are; each link lands on the reviews. */
function ReviewPager({ total, previous, next }: { total: number; previous: number | null; next: number | null }) {
  if (previous === null && next === null) return null;
  return (
    <nav aria-label="Pages of reviews" className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-ink-soft sm:order-2">{total} reviews</p>
      <div className="flex w-full justify-between gap-3 sm:contents">
        {previous !== null ? (
          <Link to={`${LIST}?before=${previous}${REVIEWS_ANCHOR}`} rel="prev" className={`${pill} sm:order-1`}>
            <Icon name="chevron-left" className="size-4" /> Newer reviews
          </Link>
        ) : (
          <span className="sm:order-1" />
        )}
        {next !== null ? (
          <Link to={`${LIST}?after=${next}${REVIEWS_ANCHOR}`} rel="next" className={`${pill} sm:order-3`}>
            Older reviews <Icon name="chevron-right" className="size-4" />
          </Link>
        ) : (
          <span className="sm:order-3" />
        )}
      </div>
    </nav>
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
