import { AREAS, areaPath, SERVICES, servicePath } from "./site";

/** The copy of one service or area page, found by its URL path. */
export type LandingPage = {
  kind: "service" | "area";
  path: string;
  name: string;
  title: string;
  description: string;
  lead: string;
};

const servicePages: LandingPage[] = SERVICES.map((s) => ({
  kind: "service",
  path: servicePath(s.slug),
  name: s.name,
  title: s.title,
  description: `${s.name} for homes and businesses in Wichita and nearby towns from a family-owned Wellington, KS contractor. Free estimates.`,
  lead: `${s.name} done right the first time, by a local crew that answers the phone.`,
}));

const areaPages: LandingPage[] = AREAS.map((a) => ({
  kind: "area",
  path: areaPath(a.slug),
  name: a.name,
  title: `Framing & Roofing Services in ${a.name}, KS`,
  description: `Framing, roofing, repairs and gutters in ${a.name}, Kansas from a family-owned contractor based in Wellington.`,
  lead: `Local framing, roofing and gutter work for homeowners in ${a.name}.`,
}));

const BY_PATH = new Map([...servicePages, ...areaPages].map((p) => [p.path, p]));

export function landingPageFor(pathname: string): LandingPage | undefined {
  return BY_PATH.get(pathname.replace(/\/$/, ""));
}
