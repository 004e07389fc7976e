import type { ServiceSlug } from "~/lib/landing-pages";
import type { ProjectCategory } from "~/lib/project-categories";
import { serviceSlugFor } from "~/lib/portfolio-draft";

/**
 * Which projects and testimonials a service or area page shows as proof of the work.
 * A project made from a completed job knows its service and town (their columns): it
 * shows on exactly those pages. Older projects have neither: the owner wrote them in the
 * title and description ("Hail Damage Repair, Haysville"), so pages match on those words.
 * A page with nothing that matches shows no section rather than unrelated work.
 */

type WorkText = { title: string; description: string; category: ProjectCategory; service?: string | null; town?: string | null };
type QuoteText = { quote: string; location: string | null; rating: number };

const SERVICE_MATCH: Record<ServiceSlug, { categories: ProjectCategory[]; words: RegExp }> = {
  "residential-framing-wichita": { categories: ["framing"], words: /\bfram|addition|garage|dormer/i },
  "residential-roofing-wichita": { categories: ["roofing"], words: /\broof|shingle/i },
  "roof-repairs-wichita": { categories: ["roofing"], words: /repair|leak|hail|storm|flashing/i },
  "gutter-services-wichita": { categories: ["roofing", "framing"], words: /gutter|downspout/i },
  "bright-green-roof-treatment-wichita": { categories: ["bright-green"], words: /bright green|treat/i },
  "structural-repairs-wichita": { categories: ["framing"], words: /structur|repair|\brott(ed|ing|en)\b|sagg|sister|reinforc/i },
  "new-construction-framing-wichita": { categories: ["framing"], words: /new construction|custom home|new home|garage|from the slab/i },
};

/** The most a page shows: one row of three on a desktop. */
export const RELATED_PROJECTS = 3;

/** A town's name as a whole word (Derby, not Derbyshire), in any case: built once per page. */
const wholeWord = (name: string) => new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i");

export function projectsForService<P extends WorkText>(projects: readonly P[], service: ServiceSlug): P[] {
  const { categories, words } = SERVICE_MATCH[service];
  return projects
    .filter((p) => {
      // A job's own service decides; "Not sure" (no page of its own) falls back to the words.
      const slug = serviceSlugFor(p.service);
      return slug ? slug === service : categories.includes(p.category) && words.test(`${p.title} ${p.description}`);
    })
    .slice(0, RELATED_PROJECTS);
}

/** "Derby, KS" and " derby" are the town Derby. */
const townName = (town: string) => town.split(",")[0].trim().toLowerCase();

export function projectsForTown<P extends WorkText>(projects: readonly P[], town: string): P[] {
  const named = wholeWord(town);
  return projects
    .filter((p) => (p.town?.trim() ? townName(p.town) === townName(town) : named.test(`${p.title} ${p.description}`)))
    .slice(0, RELATED_PROJECTS);
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
export function highlightedWork<P extends { featured: boolean }, T extends QuoteText>(projects: readonly P[], testimonials: readonly T[]) {
  const featured = projects.filter((p) => p.featured);
  return {
    projects: (featured.length > 0 ? featured : projects).slice(0, RELATED_PROJECTS),
    testimonial: best(testimonials, () => true),
  };
}
