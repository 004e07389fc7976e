import { AREA_CONTENT, type AreaContent, type HubContent } from "./areas";
import { SERVICE_CONTENT, type ServiceContent } from "./services";
import { AREAS, SERVICES, type ServiceSlug } from "~/lib/landing-pages";
import { areaPath, servicePath } from "./site";

/** One service or area page, found by its URL path. */
export type LandingPage =
  | { kind: "service"; slug: ServiceSlug; path: string; name: string; title: string; content: ServiceContent }
  | { kind: "area"; path: string; name: string; title: string; content: AreaContent | HubContent };

export const areaTitle = (name: string) => `Framing & Roofing Services in ${name}, KS`;

const PAGES: LandingPage[] = [
  ...SERVICES.map((s): LandingPage => ({
    kind: "service",
    slug: s.slug,
    path: servicePath(s.slug),
    name: s.name,
    title: s.title,
    content: SERVICE_CONTENT[s.slug],
  })),
  ...AREAS.map((a): LandingPage => ({
    kind: "area",
    path: areaPath(a.slug),
    name: a.name,
    title: areaTitle(a.name),
    content: AREA_CONTENT[a.slug],
  })),
];

const BY_PATH = new Map(PAGES.map((p) => [p.path, p]));

export function landingPageFor(pathname: string): LandingPage | undefined {
  return BY_PATH.get(pathname.replace(/\/$/, ""));
}
