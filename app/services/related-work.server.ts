import {
  firstMatching,
  highlightedWork,
  matchesServiceWords,
  RELATED_PROJECTS,
  serviceCategories,
  servicesFor,
  SERVICES_WITH_PAGES,
  testimonialForService,
  testimonialForTown,
  townWordsMatcher,
} from "~/lib/related-work";
import type { ServiceSlug } from "~/lib/landing-pages";
import { compareGalleryOrder, type GalleryCard } from "~/lib/portfolio";
import { listPublicTestimonials } from "~/models/testimonial.server";
import { listPublicProjects, type ProjectRow, type PublicProjectFilter } from "~/models/project.server";
import { toGalleryCard } from "./project-cards.server";

// Projects written by hand (no job's service or town) are matched by their words, read
// this many at a time until a page has its few.
const WORDS_CHUNK = 50;

/**
 * A page's matching work, as small queries however big the portfolio: the first few
 * projects of the job's own service or town (an indexed lookup), and the first few written
 * by hand whose words match; together, the first RELATED_PROJECTS in gallery order.
 */
function matchingWork(
  tagged: PublicProjectFilter,
  byWords: PublicProjectFilter,
  matches: (row: ProjectRow) => boolean,
): GalleryCard[] {
  const jobs = listPublicProjects(tagged, { limit: RELATED_PROJECTS });
  const written = firstMatching(
    (after) => listPublicProjects(byWords, { after: after?.project.id, limit: WORDS_CHUNK }),
    matches,
    RELATED_PROJECTS,
    WORDS_CHUNK,
  );
  return [...jobs, ...written]
    .sort((a, b) => compareGalleryOrder(a.project, b.project))
    .slice(0, RELATED_PROJECTS)
    .map(toGalleryCard);
}

/** The work a service page shows: projects of that kind and a customer who had it done. */
export function workForService(service: ServiceSlug) {
  return {
    projects: matchingWork(
      { services: servicesFor(service) },
      { otherThanServices: SERVICES_WITH_PAGES, categories: serviceCategories(service) },
      (row) => matchesServiceWords(row.project, service),
    ),
    testimonial: testimonialForService(listPublicTestimonials(), service),
  };
}

/** The work an area page shows: projects in the town and a customer from it. */
export function workForTown(town: string) {
  const named = townWordsMatcher(town);
  return {
    projects: matchingWork({ town }, { noTown: true }, (row) => named(row.project)),
    testimonial: testimonialForTown(listPublicTestimonials(), town),
  };
}

/** The about page: the owner's featured work (gallery order puts it first), else the first few. */
export function highlightedWorkForAbout() {
  const first = listPublicProjects({}, { limit: RELATED_PROJECTS }).map(toGalleryCard);
  return highlightedWork(first, listPublicTestimonials());
}

export type RelatedWork = ReturnType<typeof workForService>;
