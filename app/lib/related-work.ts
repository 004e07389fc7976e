import type { ServiceSlug } from "~/lib/landing-pages";
import type { ProjectCategory } from "~/lib/project-categories";
import { QUOTE_SERVICES } from "~/lib/contact-form";
import { serviceSlugFor } from "~/lib/portfolio-draft";

/**
 * Which projects and testimonials a service or area page shows as proof of the work.
 * A project made from a completed job knows its service and town (their columns): it
 * shows on exactly those pages. Older projects have neither: the owner wrote them in the
 * title and description ("Hail Damage Repair, Haysville"), so pages match on those words.
 * A page with nothing that matches shows no section rather than unrelated work.
 */

type WorkText = {
  title: string;
  description: string;
  category: ProjectCategory;
  service?: string | null;
  town?: string | null;
};
type QuoteText = { quote: string; location: string | null; rating: number };

const SERVICE_MATCH: Record<ServiceSlug, { categories: ProjectCategory[]; words: RegExp }> = {
  "residential-framing-wichita": { categories: ["framing"], words: /\bfram|addition|garage|dormer/i },
  "residential-roofing-wichita": { categories: ["roofing"], words: /\broof|shingle/i },
  "roof-repairs-wichita": { categories: ["roofing"], words: /repair|leak|hail|storm|flashing/i },
  "gutter-services-wichita": { categories: ["roofing", "framing"], words: /gutter|downspout/i },
  "bright-green-roof-treatment-wichita": { categories: ["bright-green"], words: /bright green|treat/i },
  "structural-repairs-wichita": {
    categories: ["framing"],
    words: /structur|repair|\brott(ed|ing|en)\b|sagg|sister|reinforc/i,
  },
  "new-construction-framing-wichita": {
    categories: ["framing"],
    words: /new construction|custom home|new home|garage|from the slab/i,
  },
};

/** The most a page shows: one row of three on a desktop. */
export const RELATED_PROJECTS = 3;

/** A town's name as a whole word (Derby, not Derbyshire), in any case: built once per page. */
const wholeWord = (name: string) => new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i");

/** The names a job's service has (QUOTE_SERVICES) when it belongs on this service's page. */
export function servicesFor(service: ServiceSlug): string[] {
  return QUOTE_SERVICES.filter((name) => serviceSlugFor(name) === service);
}

/** Every service name that has a page: a job of any other ("Not sure") is matched by its words. */
export const SERVICES_WITH_PAGES: readonly string[] = QUOTE_SERVICES.filter((name) => serviceSlugFor(name) !== null);

/** The categories whose untagged projects may match a service page by their words. */
export const serviceCategories = (service: ServiceSlug): readonly ProjectCategory[] =>
  SERVICE_MATCH[service].categories;

/** A project without a job's service (or of one with no page) that shows on this service's page by its words. */
export function matchesServiceWords(p: WorkText, service: ServiceSlug): boolean {
  const { categories, words } = SERVICE_MATCH[service];
  return categories.includes(p.category) && words.test(`${p.title} ${p.description}`);
}

/** A project without a town of its own that names this one in its words. */
export function townWordsMatcher(town: string): (p: WorkText) => boolean {
  const named = wholeWord(town);
  return (p) => named.test(`${p.title} ${p.description}`);
}

export function projectsForService<P extends WorkText>(projects: readonly P[], service: ServiceSlug): P[] {
  // A job's own service decides; "Not sure" (no page of its own) falls back to the words.
  return projects
    .filter((p) => {
      const slug = serviceSlugFor(p.service);
      return slug ? slug === service : matchesServiceWords(p, service);
    })
    .slice(0, RELATED_PROJECTS);
}

/** "Derby, KS" and " derby" are the town Derby. */
const townName = (town: string) => town.split(",")[0].trim().toLowerCase();

export function projectsForTown<P extends WorkText>(projects: readonly P[], town: string): P[] {
  const named = townWordsMatcher(town);
  return projects
    .filter((p) => (p.town?.trim() ? townName(p.town) === townName(town) : named(p)))
    .slice(0, RELATED_PROJECTS);
}

/**
 * The first `wanted` items that match, read a chunk at a time (`read(after)` answers the
 * chunk after the last one read, shorter than `chunk` at the end): a page that finds its
 * three early reads a few rows, not the whole portfolio.
 */
export function firstMatching<T>(
  read: (after: T | undefined) => T[],
  matches: (item: T) => boolean,
  wanted: number,
  chunk: number,
): T[] {
  const found: T[] = [];
  let after: T | undefined;
  for (;;) {
    const items = read(after);
    for (const item of items) {
      if (matches(item)) found.push(item);
      if (found.length === wanted) return found;
    }
    if (items.length < chunk) return found;
    after = items[items.length - 1];
  }
}

/** The best-rated of those that qualify; the list's own order (newest first) breaks ties. */
function best<T extends QuoteText>(testimonials: readonly T[], qualifies: (t: T) => boolean): T | null {
  return testimonials.filter(qualifies).reduce<T | null>((top, t) => (top && top.rating >= t.rating ? top : t), null);
}

export function testimonialForService<T extends QuoteText>(testimonials: readonly T[], service: ServiceSlug): T | null {
  const { words } = SERVICE_MATCH[service];
  return best(testimonials, (t) => words.test(t.quote));
}

/** A customer from the town (their location starts with it: "Derby, KS"). */
export function testimonialForTown<T extends QuoteText>(testimonials: readonly T[], town: string): T | null {
  const named = wholeWord(town);
  return best(testimonials, (t) => !!t.location && named.test(t.location.split(",")[0]));
}

/** The about page: the owner's featured work, else the latest, and the best-rated word. */
export function highlightedWork<P extends { featured: boolean }, T extends QuoteText>(
  projects: readonly P[],
  testimonials: readonly T[],
) {
  const featured = projects.filter((p) => p.featured);
  return {
    projects: (featured.length > 0 ? featured : projects).slice(0, RELATED_PROJECTS),
    testimonial: best(testimonials, () => true),
  };
}
