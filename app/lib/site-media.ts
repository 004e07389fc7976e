import { z } from "~/lib/zod";
import { SERVICES, type ServiceSlug } from "./landing-pages";
import { checkVideoUrl } from "./video-url";

// The owner's pictures and video for the public pages, stored as the settings
// group "media". Every choice is optional: null means the built-in drawing in
// app/content/site-images.ts, which stays the default.

/** A picture from the image library, with the words a screen reader says for it here. */
export const PictureChoiceSchema = z
  .object({ imageId: z.number().int().positive(), alt: z.string().max(200) })
  .nullable();
export type PictureChoice = z.infer<typeof PictureChoiceSchema>;

const servicePictures = z.object({ card: PictureChoiceSchema.default(null), hero: PictureChoiceSchema.default(null) });

export const SiteMediaSchema = z.object({
  homeHero: PictureChoiceSchema.default(null),
  services: z
    .partialRecord(z.enum(SERVICES.map((s) => s.slug) as [ServiceSlug, ...ServiceSlug[]]), servicePictures)
    .default({}),
  about: z
    .object({ main: PictureChoiceSchema.default(null), team: PictureChoiceSchema.default(null) })
    .default({ main: null, team: null }),
  // The Bright Green "How it works" video: a YouTube or Vimeo page address checked when saved; null is the placeholder.
  video: z
    .object({ url: z.string().url().nullable().default(null), thumbnail: PictureChoiceSchema.default(null) })
    .default({ url: null, thumbnail: null }),
});
export type SiteMedia = z.infer<typeof SiteMediaSchema>;

export const DEFAULT_SITE_MEDIA: SiteMedia = {
  homeHero: null,
  services: {},
  about: { main: null, team: null },
  video: { url: null, thumbnail: null },
};

/** Whether the Bright Green video is still the placeholder the site shipped with. */
export function isPlaceholderVideo(media: SiteMedia): boolean {
  return media.video.url === null;
}

/**
 * A picture as a public page draws it: the built-in drawing's shape (content/site-images.ts)
 * or a library picture's with its smaller copies, and its description. `own` tells the
 * owner's pictures from the built-in drawings.
 */
export type SitePicture = { src: string; srcSet?: string; width: number; height: number; alt: string; own: boolean };

/** One place on the site that shows a picture, as the admin lists it. */
export type PictureSlotView = {
  id: string;
  kind: PictureSlot["kind"];
  label: string;
  /** Where a visitor sees it. */
  where: string;
  /** What shows now: the owner's picture, the drawing, or nothing. */
  current: SitePicture | null;
  /** The owner's choice as saved (its picture may be gone since: `current` is then the default). */
  chosen: PictureChoice;
  /** What "Use the built-in drawing" brings back: "Built-in drawing" or "No picture". */
  defaultLabel: string;
};

/**
 * A place on the public pages that shows one of the owner's pictures. Its id travels in
 * the admin's address and forms: "home-hero", "service-card/<slug>", "service-hero/<slug>",
 * "about-main", "about-team", "video" (the Bright Green video's thumbnail, with its link).
 */
export type PictureSlot =
  | { kind: "home-hero" | "about-main" | "about-team" | "video" }
  | { kind: "service-card" | "service-hero"; slug: ServiceSlug };

const SERVICE_SLUGS: readonly string[] = SERVICES.map((s) => s.slug);
const isServiceSlug = (slug: string): slug is ServiceSlug => SERVICE_SLUGS.includes(slug);

export function slotId(slot: PictureSlot): string {
  return "slug" in slot ? `${slot.kind}/${slot.slug}` : slot.kind;
}

/** The slot an id names, or null for anything else (a stale link, a hand-made post). */
export function parseSlotId(id: string | null | undefined): PictureSlot | null {
  if (!id) return null;
  if (id === "home-hero" || id === "about-main" || id === "about-team" || id === "video") return { kind: id };
  const [kind, slug, ...rest] = id.split("/");
  if (rest.length > 0 || slug === undefined || !isServiceSlug(slug)) return null;
  return kind === "service-card" || kind === "service-hero" ? { kind, slug } : null;
}

/** The owner's choice for a slot, or null when it shows its default. */
export function choiceAt(media: SiteMedia, slot: PictureSlot): PictureChoice {
  switch (slot.kind) {
    case "home-hero":
      return media.homeHero;
    case "about-main":
      return media.about.main;
    case "about-team":
      return media.about.team;
    case "video":
      return media.video.thumbnail;
    case "service-card":
      return media.services[slot.slug]?.card ?? null;
    case "service-hero":
      return media.services[slot.slug]?.hero ?? null;
  }
}

/** The settings with one slot's choice replaced (null: back to the default); the rest untouched. */
export function withChoice(media: SiteMedia, slot: PictureSlot, choice: PictureChoice): SiteMedia {
  switch (slot.kind) {
    case "home-hero":
      return { ...media, homeHero: choice };
    case "about-main":
      return { ...media, about: { ...media.about, main: choice } };
    case "about-team":
      return { ...media, about: { ...media.about, team: choice } };
    case "video":
      return { ...media, video: { ...media.video, thumbnail: choice } };
    case "service-card":
    case "service-hero": {
      const current = media.services[slot.slug] ?? { card: null, hero: null };
      const part = slot.kind === "service-card" ? "card" : "hero";
      return { ...media, services: { ...media.services, [slot.slug]: { ...current, [part]: choice } } };
    }
  }
}

/** Every library picture these settings show: the library must not delete them. */
export function imageIdsInMedia(media: SiteMedia): number[] {
  return [...new Set(chosenSlots(media).map((c) => c.choice.imageId))];
}

export const ALT_REQUIRED = "Describe the picture in a few words (what a visitor who cannot see it should hear)";
export const PICTURE_REQUIRED = "Choose a picture from the library or upload a new one";
export const PICTURE_UNKNOWN = "That picture is no longer in the library. Choose another one.";

const altText = z.string().trim().max(200, "Keep the description under 200 characters");
const imageIdField = z
  .number({ error: PICTURE_REQUIRED })
  .int()
  .positive()
  .max(2 ** 31);

/**
 * Saving a picture slot: a library picture (or the one uploaded with the form, which the
 * server puts in `imageId` before it checks) and its description.
 */
export const PictureFormSchema = z.object({
  intent: z.literal("save-picture"),
  slot: z.string().max(120),
  imageId: imageIdField.optional(),
  // An empty field arrives as undefined (conform): the same words as a blank one.
  alt: z.string({ error: ALT_REQUIRED }).pipe(altText.min(1, ALT_REQUIRED)),
});
export type PictureForm = z.infer<typeof PictureFormSchema>;

/**
 * Saving the Bright Green video: its YouTube or Vimeo address (checked here, so the
 * message is the same with and without scripts) and, optionally, a thumbnail of the
 * owner's own with its description.
 */
export const VideoFormSchema = z
  .object({
    intent: z.literal("save-video"),
    url: z
      .string()
      .trim()
      .max(500, "That address is too long for a video link")
      .default("")
      .superRefine((url, ctx) => {
        const check = checkVideoUrl(url);
        if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
      }),
    imageId: imageIdField.optional(),
    alt: altText.default(""),
  })
  .superRefine((value, ctx) => {
    if (value.imageId !== undefined && !value.alt)
      ctx.addIssue({ code: "custom", path: ["alt"], message: ALT_REQUIRED });
  });
export type VideoForm = z.infer<typeof VideoFormSchema>;

/** "Use the built-in drawing" for one slot (the video's: the placeholder video and drawing again). */
export const ResetFormSchema = z.object({ intent: z.literal("reset"), slot: z.string().max(120) });
/** The Pictures & Video page's forms, by their schemas' intents. */
export type SiteMediaIntent = (PictureForm | VideoForm | z.infer<typeof ResetFormSchema>)["intent"];

const serviceName = (slug: ServiceSlug) => SERVICES.find((s) => s.slug === slug)?.name ?? slug;

/** Where a slot's picture shows, as a sentence names it ("it is the home page's top picture"). */
export function slotPlace(slot: PictureSlot): string {
  switch (slot.kind) {
    case "home-hero":
      return "the home page's top picture";
    case "video":
      return "the Bright Green video's thumbnail";
    case "about-main":
      return "the About page's main picture";
    case "about-team":
      return "the About page's family picture";
    case "service-card":
      return `the ${serviceName(slot.slug)} card's picture on the home page`;
    case "service-hero":
      return `the top picture of the ${serviceName(slot.slug)} page`;
  }
}

/** Every slot that has a choice, with that choice. */
export function chosenSlots(media: SiteMedia): { slot: PictureSlot; choice: NonNullable<PictureChoice> }[] {
  const slots: PictureSlot[] = [
    { kind: "home-hero" },
    { kind: "video" },
    { kind: "about-main" },
    { kind: "about-team" },
    ...(Object.keys(media.services) as ServiceSlug[]).flatMap((slug): PictureSlot[] => [
      { kind: "service-card", slug },
      { kind: "service-hero", slug },
    ]),
  ];
  return slots.flatMap((slot) => {
    const choice = choiceAt(media, slot);
    return choice ? [{ slot, choice }] : [];
  });
}
