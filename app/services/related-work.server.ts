import {
  highlightedWork,
  projectsForService,
  projectsForTown,
  testimonialForService,
  testimonialForTown,
} from "~/lib/related-work";
import type { ServiceSlug } from "~/content/site";
import { listPublicTestimonials } from "~/models/testimonial.server";
import { galleryCard } from "~/lib/portfolio";
import { listGalleryCards, listPublicProjectCards } from "./projects.server";

/** The work a service page shows: projects of that kind and a customer who had it done. */
export function workForService(service: ServiceSlug) {
  return {
    projects: projectsForService(listPublicProjectCards(), service).map(galleryCard),
    testimonial: testimonialForService(listPublicTestimonials(), service),
  };
}

/** The work an area page shows: projects in the town and a customer from it. */
export function workForTown(town: string) {
  return { projects: projectsForTown(listPublicProjectCards(), town).map(galleryCard), testimonial: testimonialForTown(listPublicTestimonials(), town) };
}

export function highlightedWorkForAbout() {
  return highlightedWork(listGalleryCards(), listPublicTestimonials());
}

export type RelatedWork = ReturnType<typeof workForService>;
