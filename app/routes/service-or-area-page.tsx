import { Icon } from "~/components/icon";
import { Link } from "react-router";
import { CtaBand } from "~/components/cta-band";
import { CheckList } from "~/components/lists";
import { PageHero } from "~/components/page-hero";
import { RelatedWork } from "~/components/related-work";
import { TrustBand } from "~/components/trust-facts";
import { isHub, type AreaContent, type HubContent } from "~/content/areas";
import { landingPageFor, type LandingPage } from "~/content/pages";
import { landingPageId } from "~/content/page-words";
import { SERVICE_CONTENT, type Reason, type ServiceCard } from "~/content/services";
import { AREA_LINKS, areaPath, servicePath } from "~/content/site";
import { SERVICES } from "~/lib/landing-pages";
import { requestServiceHref } from "~/lib/contact-form";
import { portfolioTabHref } from "~/lib/portfolio";
import type { ProjectCategory } from "~/lib/project-categories";
import { businessJsonLd, geoCircle, pageMeta, siteFromMatches, type JsonLdHandle, type SiteContext } from "~/lib/seo";
import type { TrustFacts } from "~/lib/site-words";
import { reasonsWithWarranty, trustBandLines, warrantyJsonLd } from "~/lib/trust-facts";
import { workForService, workForTown } from "~/services/related-work.server";
import { serviceHeroPicture } from "~/services/site-pictures.server";
import { getTrustFacts, pageWords } from "~/services/site-words.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/service-or-area-page";

// Serves every service page and every area page (see routes.ts): the path picks the copy.
export function loader({ request }: Route.LoaderArgs) {
  const page = landingPageFor(new URL(request.url).pathname);
  if (!page) notFound();
  return {
    page,
    work: page.kind === "service" ? workForService(page.slug) : workForTown(page.name),
    words: pageWords(landingPageId(page)),
    trust: getTrustFacts(),
    // The owner's picture behind a service page's words (admin: Pictures & Video); towns keep the plain band.
    heroPicture: page.kind === "service" ? serviceHeroPicture(page.slug) : null,
  };
}

export default function LandingPageRoute({ loaderData, matches }: Route.ComponentProps) {
  const { page, work, words, trust } = loaderData;
  const phone = siteFromMatches(matches)?.facts.phone;
  const c = page.content;
  return (
    <>
      <PageHero
        eyebrow={page.kind === "service" ? "Services" : "Service Areas"}
        title={words.headline}
        lead={words.intro}
        phone={phone}
        // A service page's quote button chooses its service in the form.
        quoteHref={page.kind === "service" ? requestServiceHref(page.slug) : undefined}
        picture={loaderData.heroPicture}
      />
      <TrustStrip trust={trust} />
      {page.kind === "service" ? <ServiceBody page={page} /> : <AreaBody area={page.content} />}
      <Reasons
        title={
          page.kind === "service"
            ? `Why choose us for ${page.name.toLowerCase()}`
            : `Why ${page.name} homeowners choose us`
        }
        reasons={reasonsWithWarranty(c.reasons, trust.warrantyYears)}
      />
      <RelatedWork
        title={page.kind === "service" ? `Our ${page.name.toLowerCase()} work` : `Our work in ${page.name}`}
        projects={work.projects}
        testimonial={work.testimonial}
        moreHref={portfolioHref(work.projects)}
        className="bg-sand"
      />
      {page.kind === "service" ? (
        <CtaBand
          title={page.content.ctaTitle}
          text={page.content.ctaText}
          phone={phone}
          link={page.content.ctaLink}
          quoteHref={requestServiceHref(page.slug)}
        />
      ) : (
        <CtaBand
          title={`Ready to start your ${page.name} project?`}
          text="Free, written estimates. Tell us what you need and we will set a time to come look."
          phone={phone}
        />
      )}
    </>
  );
}

/** The owner's trust facts right under the hero, where the visitor decides whether to call; nothing when none are entered. */
function TrustStrip({ trust }: { trust: TrustFacts }) {
  if (trustBandLines(trust).length === 0) return null;
  return (
    <div className="border-b border-black/5 bg-sand">
      <TrustBand trust={trust} tone="light" className="mx-auto max-w-7xl px-4 py-4 sm:justify-center sm:px-6" />
    </div>
  );
}

function ServiceBody({ page }: { page: Extract<LandingPage, { kind: "service" }> }) {
  const c = page.content;
  return (
    <>
      <section className="bg-white">
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-14 text-lg text-ink-soft sm:px-6">
          {c.intro.map((p) => (
            <p key={p.slice(0, 24)}>{p}</p>
          ))}
        </div>
      </section>
      <Cards title={c.cardsTitle} cards={c.cards} />
    </>
  );
}

function AreaBody({ area }: { area: AreaContent | HubContent }) {
  const home = area.milesFromWellington === 0;
  return (
    <>
      <section className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[2fr_1fr]">
          <div className="space-y-4 text-lg text-ink-soft">
            {area.intro.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
            <h2 className="pt-4 text-2xl font-bold text-ink">What {area.name} homes need</h2>
            <p>{area.localNeeds}</p>
          </div>
          <aside className="h-fit space-y-4 rounded-xl bg-sand p-6" aria-label={`${area.name} at a glance`}>
            <p className="flex gap-3">
              <Icon name="map-pin" className="mt-1 size-5 shrink-0 text-brand" />
              <span>
                <span className="block font-semibold">{area.county}</span>
                <span className="block text-ink-soft">
                  {home ? "Home of our shop" : `${area.milesFromWellington} miles from our Wellington shop`}
                </span>
              </span>
            </p>
            <p className="flex gap-3">
              <Icon name="clock" className="mt-1 size-5 shrink-0 text-brand" />
              <span>
                <span className="block font-semibold">
                  {home ? "Minutes away" : `About ${area.driveMinutes} minutes`}
                </span>
                <span className="block text-ink-soft">
                  {home ? "Same-day visits in town" : "Drive time from Wellington"}
                </span>
              </span>
            </p>
            {!isHub(area) && (
              <div>
                <h2 className="font-semibold">{area.landmarksTitle}</h2>
                <ul className="mt-2 space-y-1 text-ink-soft">
                  {area.landmarks.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              </div>
            )}
          </aside>
        </div>
      </section>
      {isHub(area) ? <HubServices hub={area} /> : <Cards title={`Our services in ${area.name}`} cards={area.cards} />}
    </>
  );
}

function HubServices({ hub }: { hub: HubContent }) {
  return (
    <>
      <section className="bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight">Our services in Wichita</h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {hub.learnMore.map((slug) => {
              const service = SERVICES.find((s) => s.slug === slug)!;
              return (
                <li key={slug} className="flex flex-col rounded-xl bg-white p-6 shadow-sm" data-reveal>
                  <h3 className="text-xl font-bold">{service.name}</h3>
                  <p className="mt-2 flex-1 text-ink-soft">{SERVICE_CONTENT[slug].lead}</p>
                  <Link
                    to={servicePath(slug)}
                    className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-dark hover:underline"
                  >
                    Learn More<span className="sr-only"> about {service.name.toLowerCase()}</span>
                    <Icon name="arrow-right" className="size-4" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <section id="service-areas" className="scroll-mt-20 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight">Towns we serve around Wichita</h2>
          <p className="mt-3 max-w-3xl text-ink-soft">
            From our shop in Wellington we work across Sedgwick, Sumner, Butler and Harvey counties. Pick your town for
            what we do there.
          </p>
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Towns we serve">
            {AREA_LINKS.filter((town) => town.href !== areaPath(hub.slug)).map((town) => (
              <li key={town.href}>
                <Link
                  to={town.href}
                  className="flex items-center gap-2 rounded-lg bg-sand px-4 py-3 font-medium hover:bg-brand-soft hover:text-brand-dark"
                >
                  <Icon name="map-pin" className="size-4 shrink-0 text-brand" />
                  {town.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight">{hub.landmarksTitle}</h2>
          <p className="mt-3 max-w-3xl text-ink-soft">{hub.neighborhoodsIntro}</p>
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {hub.neighborhoods.map((n) => (
              <li key={n} className="flex items-center gap-2 rounded-lg bg-white px-4 py-3 font-medium">
                <Icon name="map-pin" className="size-4 shrink-0 text-brand" />
                {n}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

function Cards({ title, cards }: { title: string; cards: ServiceCard[] }) {
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight">{title}</h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {cards.map((card) => (
            <li key={card.title} className="rounded-xl bg-white p-6 shadow-sm" data-reveal>
              <h3 className="text-xl font-bold">{card.title}</h3>
              <p className="mt-2 text-ink-soft">{card.text}</p>
              <CheckList items={card.bullets} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Reasons({ title, reasons }: { title: string; reasons: Pick<Reason, "title" | "text">[] }) {
  return (
    <section className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight">{title}</h2>
        <ol className="mt-8 grid gap-8 md:grid-cols-3">
          {reasons.map((r, i) => (
            <li key={r.title} className="flex gap-4">
              <span
                aria-hidden
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-lg font-bold text-white"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-bold">{r.title}</h3>
                <p className="mt-1 text-ink-soft">{r.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function landingJsonLd(site: SiteContext, page: LandingPage) {
  const c = page.content;
  if (page.kind === "service") {
    return businessJsonLd(site, {
      description: c.description,
      extra: {
        makesOffer: {
          "@type": "Offer",
          itemOffered: {
            "@type": "Service",
            serviceType: page.content.serviceType,
            name: page.name,
            areaServed: "Wichita, KS",
          },
          ...warrantyJsonLd(site.trust),
        },
      },
    });
  }
  const area = page.content;
  if (isHub(area)) {
    return businessJsonLd(site, {
      description: c.description,
      withEmail: true,
      withHours: true,
      priceRange: "$$",
      areaServed: geoCircle(area.latitude, area.longitude, 50_000),
    });
  }
  return businessJsonLd(site, {
    description: c.description,
    withEmail: true,
    areaServed: geoCircle(area.latitude, area.longitude, 25_000),
  });
}

export const handle: JsonLdHandle = {
  jsonLd: (site, loaderData) => {
    const data = loaderData as { page: LandingPage; trust: TrustFacts };
    return landingJsonLd({ ...site, trust: site.trust ?? data.trust }, data.page);
  },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: siteFromMatches(matches),
        title: loaderData.page.title,
        description: loaderData.page.content.description,
        path: loaderData.page.path,
        keywords: loaderData.page.content.keywords,
      })
    : [];

/** The portfolio's tab for the projects shown, when they are all of one kind. */
function portfolioHref(projects: { category: ProjectCategory }[]) {
  const kinds = new Set(projects.map((p) => p.category));
  return portfolioTabHref(kinds.size === 1 ? [...kinds][0] : "all");
}
