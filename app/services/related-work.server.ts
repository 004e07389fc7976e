import {
  highlightedWork,
  projectsForService,
  projectsForTown,
  testimonialForService,
  testimonialForTown,
} from "~/lib/related-work";
import type { ServiceSlug } from "~/content/site";
import { listPublicTestimonials } from "~/models/testimonial.server";
import { listPublicProjectCards } from "./projects.server";

/** The work a service page shows: projects of that kind and a customer who had it done. */
export function workForService(service: ServiceSlug) {
  return {
    projects: projectsForService(listPublicProjectCards(), service),
    testimonial: testimonialForService(listPublicTestimonials(), service),
  };
}

/** The work an area page shows: projects in the town and a customer from it. */
export function workForTown(town: string) {
  return { projects: projectsForTown(listPublicProjectCards(), town), testimonial: testimonialForTown(listPublicTestimonials(), town) };
}

export function highlightedWorkForAbout() {
  return highlightedWork(listPublicProjectCards(), listPublicTestimonials());
}

export type RelatedWork = ReturnType<typeof workForService>;
