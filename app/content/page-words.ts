import { AREAS, areaRouteId, SERVICES } from "~/lib/landing-pages";
import type { PageId, PageWords } from "~/lib/site-words";
import { areaTitle, type LandingPage } from "./pages";
import { AREA_CONTENT } from "./areas";
import { SERVICE_CONTENT } from "./services";

// The built-in hero words of each page the owner may reword in the admin (Words & Facts):
// what the page says while his field is empty, and the placeholder the admin shows.

const HOME: PageWords = {
  headline: "Framing, roofing and gutters built to last in Wichita and beyond",
  intro:
    "From the first wall stud to the last shingle, our family crew frames, roofs and protects homes across south-central Kansas, 30 minutes from Wichita.",
};

const ABOUT: PageWords = {
  headline: "About Us",
  intro: "A Wellington family building and protecting Kansas homes, from the frame to the roof.",
};

type EditablePage = { id: PageId; label: string; defaults: PageWords };

/** The pages in the order the admin lists them. */
export const EDITABLE_PAGES: EditablePage[] = [
  { id: "home", label: "Home page", defaults: HOME },
  { id: "about", label: "About page", defaults: ABOUT },
  ...SERVICES.map((s) => ({
    id: s.id,
    label: `${s.name} (service)`,
    defaults: { headline: s.title, intro: SERVICE_CONTENT[s.slug].lead },
  })),
  ...AREAS.map((a) => ({
    id: areaRouteId(a.slug),
    label: `${a.name} (town)`,
    defaults: { headline: areaTitle(a.name), intro: AREA_CONTENT[a.slug].lead },
  })),
];

const BY_ID = new Map(EDITABLE_PAGES.map((p) => [p.id, p]));

export function defaultPageWords(id: PageId): PageWords {
  return BY_ID.get(id)?.defaults ?? { headline: "", intro: "" };
}

export function editablePage(id: PageId): EditablePage | undefined {
  return BY_ID.get(id);
}

/** A service or town page's id among the editable pages (its route id). */
export function landingPageId(page: LandingPage): PageId {
  return page.kind === "service" ? SERVICES.find((s) => s.slug === page.slug)!.id : areaRouteId(page.content.slug);
}
