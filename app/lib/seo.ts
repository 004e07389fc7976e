import { href, type MetaDescriptor } from "react-router";
import { DAY_NAMES, type BusinessFacts } from "./business";
import type { TrustFacts } from "./site-words";
import { trustJsonLd } from "./trust-facts";

/** What every public page's meta needs from the public layout's loader (the owner's trust facts too, once it reads them). */
export type SiteContext = { facts: BusinessFacts; origin: string; trust?: TrustFacts };

export const PUBLIC_LAYOUT_ID = "routes/public-layout";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export function siteFromMatches(matches: ReadonlyArray<MatchLike>): SiteContext | undefined {
  const match = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID);
  return match?.loaderData as SiteContext | undefined;
}

// The spec tags every public page with Wichita's position (the main market).
const WICHITA_GEO = { region: "US-KS", placename: "Wichita", position: "37.6872;-97.3301" };

export function pageMeta(opts: {
  site: SiteContext | undefined;
  title: string;
  description: string;
  path: string;
  keywords?: string[];
  /** An absolute URL of the picture a shared link shows. */
  image?: string;
}): MetaDescriptor[] {
  const company = opts.site?.facts.company ?? "";
  const title = company ? `${opts.title} | ${company}` : opts.title;
  const url = `${opts.site?.origin ?? ""}${opts.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: opts.description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: company },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: opts.description },
    { name: "geo.region", content: WICHITA_GEO.region },
    { name: "geo.placename", content: WICHITA_GEO.placename },
    { name: "geo.position", content: WICHITA_GEO.position },
    { name: "ICBM", content: WICHITA_GEO.position.replace(";", ", ") },
  ];
  if (opts.keywords?.length) tags.push({ name: "keywords", content: opts.keywords.join(", ") });
  if (opts.image)
    tags.push({ property: "og:image", content: opts.image }, { name: "twitter:image", content: opts.image });
  return tags;
}

/** Routes name their structured data in `handle`; the public layout renders it. */
export type JsonLdHandle = { jsonLd?: (site: SiteContext, loaderData: unknown) => object };

type BusinessOptions = {
  description?: string;
  /** Free text or a schema.org GeoCircle. */
  areaServed?: string | object;
  withEmail?: boolean;
  withHours?: boolean;
  priceRange?: string;
  extra?: Record<string, unknown>;
};

/** schema.org RoofingContractor built from the one copy of the business facts. */
export function businessJsonLd(site: SiteContext, opts: BusinessOptions = {}) {
  const { facts, origin } = site;
  return {
    "@context": "https://schema.org",
    "@type": "RoofingContractor",
    name: facts.company,
    ...(opts.description ? { description: opts.description } : {}),
    url: `${origin}${href("/")}`,
    telephone: facts.phone,
    ...(opts.withEmail ? { email: facts.email } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: facts.street,
      addressLocality: facts.city,
      addressRegion: facts.region,
      postalCode: facts.postalCode,
      addressCountry: "US",
    },
    areaServed: opts.areaServed ?? "Wichita, KS",
    ...(opts.withHours
      ? {
          openingHoursSpecification: facts.hours.map((h) => ({
            "@type": "OpeningHoursSpecification",
            dayOfWeek: h.days.map((d) => DAY_NAMES[d]),
            opens: h.opens,
            closes: h.closes,
          })),
        }
      : {}),
    ...(opts.priceRange ? { priceRange: opts.priceRange } : {}),
    ...(Object.values(facts.social).length ? { sameAs: Object.values(facts.social) } : {}),
    // foundingDate and hasCredential, for the facts the owner entered (none: nothing added).
    ...trustJsonLd(site.trust),
    ...opts.extra,
  };
}

export function geoCircle(latitude: number, longitude: number, radiusMeters: number) {
  return {
    "@type": "GeoCircle",
    geoMidpoint: { "@type": "GeoCoordinates", latitude, longitude },
    geoRadius: radiusMeters,
  };
}
