import { Icon } from "~/components/icon";
import { href, Link, useSearchParams } from "react-router";
import { ContactCard } from "~/components/contact-card";
import { ContactForm } from "~/components/contact-form";
import { FirstScreenEnd } from "~/components/first-screen-end";
import { CheckList, Highlights } from "~/components/lists";
import { SeeAllWork } from "~/components/portfolio-pages";
import { ProjectGallery } from "~/components/project-gallery";
import { ServiceIcon } from "~/components/service-icon";
import { TestimonialGrid } from "~/components/testimonial-grid";
import { TrustBand } from "~/components/trust-facts";
import { PagePicture } from "~/components/page-picture";
import { VideoFacade } from "~/components/video-facade";
import { BRIGHT_GREEN_BENEFITS, HOME_SERVICES } from "~/content/home";
import { areaPath, servicePath } from "~/content/site";
import { telHref } from "~/lib/business";
import { quoteServiceForSlug, REPLY_PROMISE, requestServiceHref } from "~/lib/contact-form";
import { CAROUSEL_TILES, hasPublicProjects, parsePortfolioTab, type PortfolioTab } from "~/lib/portfolio";
import { businessJsonLd, pageMeta, siteFromMatches, type JsonLdHandle } from "~/lib/seo";
import { countPublicProjects, listGalleryCards } from "~/services/project-cards.server";
import { sitePictures, type SitePictures } from "~/services/site-pictures.server";
import { getTrustFacts, pageWords } from "~/services/site-words.server";
import type { TrustFacts } from "~/lib/site-words";
import { getSetting } from "~/models/settings.server";
import { newestPublicTestimonials } from "~/models/testimonial.server";
import type { Route } from "./+types/home";

const DESCRIPTION =
  "Family-owned framing, roofing and gutter contractor in Wellington, KS serving Wichita and nearby towns. Free quotes, storm damage repair and the Bright Green roof treatment.";

export function loader({ request }: Route.LoaderArgs) {
  const tab = parsePortfolioTab(new URL(request.url).searchParams.get("portfolio"));
  // Google reads its site verification (saved in the roof tool's settings) from the home page only.
  return {
    tab,
    // The carousels' first few tiles, however big the portfolio; the rest are a link away.
    projects: listGalleryCards(tab, CAROUSEL_TILES),
    projectCounts: countPublicProjects(),
    // The newest few: a year of happy customers must not weigh down the page on a phone.
    reviews: newestPublicTestimonials(HOME_TESTIMONIALS),
    verification: getSetting("maps").publisherTag,
    pictures: sitePictures(),
    words: pageWords("home"),
    trust: getTrustFacts(),
  };
}

/** Reviews on the home page: the newest, with a link to the rest. */
const HOME_TESTIMONIALS = 6;

const portfolioHref = (tab: PortfolioTab) =>
  tab === "all" ? `${href("/")}#portfolio` : `${href("/")}?portfolio=${tab}#portfolio`;

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  const [search] = useSearchParams();
  return (
    <>
      <Hero
        phone={facts?.phone}
        city={facts?.city}
        picture={loaderData.pictures.homeHero}
        words={loaderData.words}
        trust={loaderData.trust}
      />
      <FirstScreenEnd />
      <About company={facts?.company} owner={facts?.owner} lead={facts?.leadContractor} />
      <Services pictures={loaderData.pictures.serviceCards} />
      <BrightGreen video={loaderData.pictures.video} />

      {/* A section with nothing to show is left out: no heading over an empty space. */}
      {hasPublicProjects(loaderData.projectCounts) && (
        <section id="portfolio" className="bg-sand">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
            <SectionHeading eyebrow="Portfolio" title="Our Recent Work">
              Real projects from around Wichita and Wellington. Tap a picture to see it larger.
            </SectionHeading>
            <div className="mt-8">
              <ProjectGallery projects={loaderData.projects} tab={loaderData.tab} tabHref={portfolioHref} />
              <SeeAllWork counts={loaderData.projectCounts} tab={loaderData.tab} shown={CAROUSEL_TILES} />
            </div>
          </div>
        </section>
      )}

      {loaderData.reviews.total > 0 && (
        <section id="testimonials" className="bg-white">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
            <SectionHeading eyebrow="Testimonials" title="What Our Customers Say">
              Neighbors in Wichita, Derby, Andover and beyond on working with our family.
            </SectionHeading>
            <div className="mt-10" data-reveal>
              <TestimonialGrid testimonials={loaderData.reviews.testimonials} />
              {loaderData.reviews.total > loaderData.reviews.testimonials.length && (
                <p className="mt-8 text-center">
                  <Link
                    to={href("/testimonials")}
                    className="font-semibold text-brand underline underline-offset-2 hover:no-underline"
                  >
                    Read all {loaderData.reviews.total} reviews
                  </Link>
                </p>
              )}
            </div>
          </div>
        </section>
      )}

      <section id="contact" className="bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
          <SectionHeading eyebrow="Free estimates" title="Request a Free Quote">
            Tell us about your project. We answer every message {REPLY_PROMISE}.
          </SectionHeading>
          <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.4fr]">
            {facts && <ContactCard facts={facts} />}
            {facts && <ContactForm company={facts.company} service={quoteServiceForSlug(search.get("service"))} />}
          </div>
        </div>
      </section>
    </>
  );
}

function SectionHeading({ eyebrow, title, children }: { eyebrow: string; title: string; children?: React.ReactNode }) {
  return (
    <div className="max-w-3xl" data-reveal>
      <p className="text-sm font-semibold tracking-wider text-brand-dark uppercase">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h2>
      {children && <p className="mt-4 text-lg text-ink-soft">{children}</p>}
    </div>
  );
}

function Hero({
  phone,
  city,
  picture,
  words,
  trust,
}: {
  phone?: string;
  city?: string;
  picture: SitePictures["homeHero"];
  words: { headline: string; intro: string };
  trust: TrustFacts;
}) {
  return (
    <section id="home" className="relative isolate overflow-hidden bg-ink text-white">
      {/* The page's largest paint: fetched first, never lazy. The owner's photo shows more than the drawing does. */}
      <PagePicture
        picture={picture}
        sizes="100vw"
        priority
        className={`absolute inset-0 -z-10 size-full object-cover ${picture.own ? "opacity-50" : "opacity-30"}`}
      />
      <div className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,#1c2430,#1c2430e6,#1c243066)]" aria-hidden />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:py-32">
        <p className="text-sm font-semibold tracking-wider text-amber-400 uppercase">
          Family-owned in {city ?? "Wellington"}, Kansas
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">{words.headline}</h1>
        <p className="mt-6 max-w-2xl text-lg text-white/85">{words.intro}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          <a
            href="#contact"
            className="rounded-md bg-brand px-6 py-3 font-semibold text-white shadow hover:bg-brand-dark"
          >
            Get a Free Quote
          </a>
          <a href="#services" className="rounded-md bg-white px-6 py-3 font-semibold text-ink hover:bg-sand">
            Explore Our Services
          </a>
          <a
            href="#about"
            className="inline-flex items-center gap-1 rounded-md px-4 py-3 font-semibold text-white underline-offset-4 hover:underline"
          >
            Learn More <Icon name="arrow-right" className="size-4" />
          </a>
        </div>
        {/* The facts a homeowner checks before calling, right under the calls to action. */}
        <TrustBand trust={trust} className="mt-6" />
        {phone && (
          <p className="mt-8 text-white/80">
            Prefer to talk?{" "}
            <a href={telHref(phone)} className="inline-flex items-center gap-1 font-semibold text-white underline">
              <Icon name="phone" className="size-4" /> {phone}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}

function About({ company, owner, lead }: { company?: string; owner?: string; lead?: string }) {
  return (
    <section id="about" className="bg-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div data-reveal>
          <p className="text-sm font-semibold tracking-wider text-brand-dark uppercase">About us</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">A family business you can call by name</h2>
          <p className="mt-5 text-lg text-ink-soft">
            {company ?? "We"} is a family-owned framing, roofing and gutter contractor based in Wellington, Kansas.
            {owner ? ` ${owner} gives every estimate in person,` : ""}
            {lead ? ` and ${lead} leads the crew on site,` : ""} so the people you meet are the people who do the work.
          </p>
          <p className="mt-4 text-ink-soft">
            We frame new homes and additions, put on roofs that hold up to Kansas hail, hang seamless gutters, and are
            the exclusive local provider of the Bright Green roof treatment. We serve Wichita and ten towns around it.
          </p>
          <Link
            to={href("/about")}
            className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-dark underline-offset-4 hover:underline"
          >
            More about our family <Icon name="arrow-right" className="size-4" />
          </Link>
        </div>
        <div className="self-center" data-reveal>
          <Highlights />
        </div>
      </div>
    </section>
  );
}

function Services({ pictures }: { pictures: SitePictures["serviceCards"] }) {
  return (
    <section id="services" className="bg-sand">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
        <SectionHeading eyebrow="Services" title="What We Build and Protect">
          Three trades under one roof, done by one family crew.
        </SectionHeading>
        <ul className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {HOME_SERVICES.map((s) => (
            <li key={s.slug} className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm" data-reveal>
              <PagePicture
                picture={pictures[s.slug] ?? { ...s.image, alt: s.alt, own: false }}
                sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <span className="flex size-11 items-center justify-center rounded-lg bg-brand-soft text-brand-dark">
                  <ServiceIcon name={s.icon} className="size-6" />
                </span>
                <h3 className="mt-4 text-xl font-bold">{s.title}</h3>
                <p className="mt-2 text-ink-soft">{s.description}</p>
                <CheckList items={s.features} className="mt-4 flex-1 space-y-2" />
                <div className="mt-6 flex flex-wrap gap-3">
                  <Link
                    to={servicePath(s.slug)}
                    className="rounded-md border border-ink/15 px-4 py-2 text-sm font-semibold hover:bg-sand"
                  >
                    Learn more<span className="sr-only"> about {s.title.toLowerCase()}</span>
                  </Link>
                  {/* To the form below with this service chosen (read from the address, scripts or not). */}
                  <Link
                    to={requestServiceHref(s.slug)}
                    className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
                  >
                    Request Service<span className="sr-only">: {s.title}</span>
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link
            to={`${areaPath("wichita")}#service-areas`}
            className="inline-flex items-center gap-2 rounded-md bg-ink px-6 py-3 font-semibold text-white hover:bg-ink/90"
          >
            View All Service Areas <Icon name="arrow-right" className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}

function BrightGreen({ video }: { video: SitePictures["video"] }) {
  return (
    <section id="bright-green" className="bg-leaf-soft">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div data-reveal>
          <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wider text-leaf uppercase">
            <Icon name="leaf" className="size-4" /> Exclusive local provider
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Bright Green Roof Treatment</h2>
          <p className="mt-5 text-lg text-ink-soft">
            A bio-based treatment that soaks into aging asphalt shingles and restores their flexibility. It extends
            shingle life up to 10 years per application and can be applied up to three times, for a fraction of the cost
            of a new roof.
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {BRIGHT_GREEN_BENEFITS.map((b) => (
              <li key={b.title} className="flex gap-3">
                <span className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-leaf text-white">
                  <Icon name="check" className="size-4" />
                </span>
                <span>
                  <span className="block font-semibold">{b.title}</span>
                  <span className="block text-sm text-ink-soft">{b.text}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#contact" className="rounded-md bg-leaf px-6 py-3 font-semibold text-white hover:bg-leaf/90">
              Schedule a Consultation
            </a>
            <Link
              to={servicePath("bright-green-roof-treatment-wichita")}
              className="rounded-md px-4 py-3 font-semibold text-leaf underline-offset-4 hover:underline"
            >
              How it works
            </Link>
          </div>
        </div>
        <div data-reveal>
          <VideoFacade
            url={video.url}
            title={video.title}
            alt={video.thumbnail.alt}
            thumbnail={{ ...video.thumbnail, sizes: "(min-width: 1024px) 600px, 100vw" }}
          />
        </div>
      </div>
    </section>
  );
}

export const handle: JsonLdHandle = {
  jsonLd: (site) =>
    businessJsonLd(site, { description: DESCRIPTION, withEmail: true, withHours: true, priceRange: "$$" }),
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: "Framing, Roofing & Gutters in Wichita and Wellington, KS",
    description: DESCRIPTION,
    path: href("/"),
    keywords: [
      "roofing Wichita",
      "framing contractor Wichita",
      "gutters Wellington KS",
      "roof repair",
      "Bright Green roof treatment",
    ],
  }),
  ...(loaderData?.verification ? [{ name: "google-site-verification", content: loaderData.verification }] : []),
];
