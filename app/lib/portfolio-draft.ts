import { QUOTE_SERVICES } from "~/lib/contact-form";
import { SERVICES, type ServiceSlug } from "~/lib/landing-pages";
import type { JobPhotoTag } from "~/lib/job-photo-tags";
import type { ProjectCategory } from "~/lib/project-categories";

/**
 * A completed job as a portfolio project: what the lead's service (a QUOTE_SERVICES name)
 * says about its category, title and the service page it belongs on.
 */

type QuoteService = (typeof QUOTE_SERVICES)[number];

const CATEGORY: Record<QuoteService, ProjectCategory | null> = {
  "Residential Framing": "framing",
  "Residential Roofing": "roofing",
  "Roof Repairs": "roofing",
  "Gutter Services": "roofing",
  "Bright Green Treatment": "bright-green",
  "Structural Repairs": "framing",
  "New Construction": "framing",
  "Storm / hail damage": "roofing",
  // Staff choose.
  "Not sure": null,
};

const isQuoteService = (value: string | null | undefined): value is QuoteService =>
  !!value && (QUOTE_SERVICES as readonly string[]).includes(value);

/** The portfolio category a job's service belongs to; null when staff must choose ("Not sure", none). */
export function categoryForService(service: string | null | undefined): ProjectCategory | null {
  return isQuoteService(service) ? CATEGORY[service] : null;
}

/** The service page a job of this service shows on: storm and hail damage is a roof repair. */
export function serviceSlugFor(service: string | null | undefined): ServiceSlug | null {
  if (service === "Storm / hail damage") return "roof-repairs-wichita";
  return SERVICES.find((s) => s.name === service)?.slug ?? null;
}

const TITLE_WORK: Partial<Record<QuoteService, string>> = {
  "Bright Green Treatment": "Bright Green Roof Treatment",
  "New Construction": "New Construction Framing",
  "Storm / hail damage": "Storm Damage Repair",
};

/** "Roof Repairs in Derby"; without a known service "Project in Derby", without a town the work alone. */
export function draftTitle(service: string | null | undefined, town: string | null | undefined): string {
  const work = isQuoteService(service) && service !== "Not sure" ? (TITLE_WORK[service] ?? service) : "Project";
  const place = (town ?? "").split(",")[0].trim();
  return place ? `${work} in ${place}` : work;
}

/** What the draft form needs to know of a lead's photo to offer it as the before or the after. */
export type DraftPhotoFacts = {
  id: number;
  tag: JobPhotoTag | null;
  takenAt: Date | null;
  createdAt: Date;
};

const newestFirst = (a: DraftPhotoFacts, b: DraftPhotoFacts) =>
  (b.takenAt ?? b.createdAt).getTime() - (a.takenAt ?? a.createdAt).getTime() || b.id - a.id;

/**
 * The pictures the draft form starts with: the newest photo tagged "after" (else the first
 * other photo, the request's, as before job photos existed) and the newest tagged "before"
 * (else none). Newest by when the phone took it: a photo queued offline arrives late.
 */
export function draftPictureDefaults(photos: readonly DraftPhotoFacts[]): {
  photoId: number | null;
  beforePhotoId: number | null;
} {
  const newest = (tag: JobPhotoTag) => photos.filter((p) => p.tag === tag).toSorted(newestFirst)[0]?.id ?? null;
  const before = newest("before");
  const after = newest("after") ?? photos.find((p) => p.id !== before)?.id ?? null;
  // A job whose one photo is a before: it is the picture, with nothing to pair it with.
  if (after === null) return { photoId: before, beforePhotoId: null };
  return { photoId: after, beforePhotoId: before };
}
