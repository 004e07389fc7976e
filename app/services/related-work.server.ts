import {
  highlightedWork,
  projectsForService,
  projectsForTown,
  testimonialForService,
  testimonialForTown,
} from "~/lib/related-work";
import type { ServiceSlug } from "~/lib/landing-pages";
import { listPublicTestimonials } from "~/models/testimonial.server";
import { galleryCard, type GalleryCard } from "~/lib/portfolio";
import { listGalleryCards, listPublicWork, type WorkCard } from "./project-cards.server";

// What matched on is not sent to the page: a tile is a gallery card.
const tile = ({ service: _, town: __, ...card }: WorkCard): GalleryCard => galleryCard(card);

/** The work a service page shows: projects of that kind and a customer who had it done. */
export function workForService(service: ServiceSlug) {
  return {
    projects: projectsForService(listPublicWork(), service).map(tile),
    testimonial: testimonialForService(listPublicTestimonials(), service),
  };
}

/** The work an area page shows: projects in the town and a customer from it. */
export function workForTown(town: string) {
  return { projects: projectsForTown(listPublicWork(), town).map(tile), testimonial: testimonialForTown(listPublicTestimonials(), town) };
}

export function highlightedWorkForAbout() {
  return highlightedWork(listGalleryCards(), listPublicTestimonials());
}

export type RelatedWork = ReturnType<typeof workForService>;
