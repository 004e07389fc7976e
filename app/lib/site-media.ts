import { z } from "~/lib/zod";
import { SERVICES, type ServiceSlug } from "./landing-pages";

// The owner's pictures and video for the public pages (issue 29.1), stored as the settings
// group "media". Every choice is optional: null means the built-in drawing in
// app/content/site-images.ts, which stays the default.

/** A picture from the image library, with the words a screen reader says for it here. */
export const PictureChoiceSchema = z.object({ imageId: z.number().int().positive(), alt: z.string().max(200) }).nullable();
export type PictureChoice = z.infer<typeof PictureChoiceSchema>;

const servicePictures = z.object({ card: PictureChoiceSchema.default(null), hero: PictureChoiceSchema.default(null) });

export const SiteMediaSchema = z.object({
  homeHero: PictureChoiceSchema.default(null),
  services: z.partialRecord(z.enum(SERVICES.map((s) => s.slug) as [ServiceSlug, ...ServiceSlug[]]), servicePictures).default({}),
  about: z.object({ main: PictureChoiceSchema.default(null), team: PictureChoiceSchema.default(null) }).default({ main: null, team: null }),
  // The Bright Green "How it works" video: a YouTube or Vimeo page address checked when saved; null is the placeholder.
  video: z.object({ url: z.string().url().nullable().default(null), thumbnail: PictureChoiceSchema.default(null) }).default({ url: null, thumbnail: null }),
});
export type SiteMedia = z.infer<typeof SiteMediaSchema>;

export const DEFAULT_SITE_MEDIA: SiteMedia = { homeHero: null, services: {}, about: { main: null, team: null }, video: { url: null, thumbnail: null } };

/** Whether the owner has put a photo of his own at the top of the home page (the go-live checklist asks). */
export function hasOwnHeroPhoto(media: SiteMedia): boolean {
  return media.homeHero !== null;
}

/** Whether the Bright Green video is still the placeholder the site shipped with. */
export function isPlaceholderVideo(media: SiteMedia): boolean {
  return media.video.url === null;
}
