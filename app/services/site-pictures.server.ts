import type { Image } from "~/db/schema";
import { BRIGHT_GREEN_VIDEO, HOME_SERVICES } from "~/content/home";
import { HOME_HERO_DRAWING } from "~/content/site-images";
import { srcSetFor, nameAtWidth } from "~/lib/image-variants";
import { SERVICES, type ServiceSlug } from "~/lib/landing-pages";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import {
  ALT_REQUIRED,
  choiceAt,
  PICTURE_REQUIRED,
  PICTURE_UNKNOWN,
  slotId,
  withChoice,
  type PictureChoice,
  type PictureSlot,
  type PictureSlotView,
  type SiteMedia,
  type SitePicture,
} from "~/lib/site-media";
import { parseVideoUrl } from "~/lib/video";
import { getImage, insertImage, listImages } from "~/models/image.server";
import { changeSetting, getSetting } from "~/models/settings.server";
import { cleanImage } from "~/server/image-clean.server";
import { inTransaction } from "~/server/db.server";
import { uploadUrl } from "~/server/storage.server";
import { withImageFiles } from "./image-storage.server";
import { refusal, type Refusal } from "~/lib/refusal";

// The owner's pictures and video on the public pages (decision 0045): the
// settings group "media" names library pictures by id; this turns them into what a page
// draws, with the built-in drawing wherever nothing (or a picture since deleted) is chosen.

/** A library picture as a page draws it, or null when it is gone (deleted some other way). */
function libraryPicture(image: Image | undefined, alt: string): SitePicture | null {
  if (!image || image.purpose !== "library") return null;
  return {
    src: uploadUrl(image.storedName),
    srcSet: srcSetFor(image, uploadUrl),
    // Rows from before dimensions were recorded: a 4:3 guess keeps the layout from jumping.
    width: image.width ?? 1200,
    height: image.height ?? 900,
    alt,
    own: true,
  };
}

function resolve(choice: PictureChoice): SitePicture | null {
  return choice ? libraryPicture(getImage(choice.imageId), choice.alt) : null;
}

/** The owner's picture for a library image and its words, or null: for pictures kept elsewhere (team photos). */
export function pictureOf(imageId: number | null | undefined, alt: string): SitePicture | null {
  return imageId ? libraryPicture(getImage(imageId), alt) : null;
}

/** A library picture described by its own row's alt text (a project's before picture), or null. */
export function libraryPictureOf(imageId: number | null | undefined): SitePicture | null {
  const image = imageId ? getImage(imageId) : undefined;
  return image ? libraryPicture(image, image.alt) : null;
}

const drawing = (image: Omit<SitePicture, "alt" | "own">, alt: string): SitePicture => ({ ...image, alt, own: false });

/** The home page's service cards (their slugs): only these services have a card picture. */
export const CARD_SERVICES = HOME_SERVICES.map((s) => s.slug);

/** What a slot shows when the owner chose nothing: its built-in drawing, or nothing at all. */
function defaultPicture(slot: PictureSlot): SitePicture | null {
  switch (slot.kind) {
    case "home-hero":
      return drawing(HOME_HERO_DRAWING, "");
    case "video":
      return drawing(BRIGHT_GREEN_VIDEO.thumbnail, BRIGHT_GREEN_VIDEO.alt);
    case "service-card": {
      const card = HOME_SERVICES.find((s) => s.slug === slot.slug);
      return card ? drawing(card.image, card.alt) : null;
    }
    // The inner pages' heroes and the About page have no drawing: they show no picture until the owner picks one.
    case "service-hero":
    case "about-main":
    case "about-team":
      return null;
  }
}

/** Whether the home page opens with a photo of the owner's that is still in the library (the go-live checklist asks). */
export function hasOwnHomeHero(media: SiteMedia = getSetting("media")): boolean {
  return resolve(choiceAt(media, { kind: "home-hero" })) !== null;
}

function pictureAt(media: SiteMedia, slot: PictureSlot): SitePicture | null {
  return resolve(choiceAt(media, slot)) ?? defaultPicture(slot);
}

export type SiteVideo = { title: string; url: string; embedUrl: string | null; thumbnail: SitePicture };

export type SitePictures = {
  homeHero: SitePicture;
  /** The home page's service cards, by service. */
  serviceCards: Partial<Record<ServiceSlug, SitePicture>>;
  /** Each service page's hero picture; a service missing here has the plain dark band. */
  serviceHeroes: Partial<Record<ServiceSlug, SitePicture>>;
  aboutMain: SitePicture | null;
  aboutTeam: SitePicture | null;
  video: SiteVideo;
};

function videoOf(media: SiteMedia): SiteVideo {
  const url = media.video.url ?? BRIGHT_GREEN_VIDEO.url;
  return {
    title: BRIGHT_GREEN_VIDEO.title,
    url,
    embedUrl: parseVideoUrl(url)?.embedUrl ?? null,
    thumbnail: pictureAt(media, { kind: "video" })!,
  };
}

/** Every picture and the video the public pages show, resolved: plain data a loader can return. */
export function sitePictures(media: SiteMedia = getSetting("media")): SitePictures {
  const byService = (kind: "service-card" | "service-hero", slugs: readonly ServiceSlug[]) =>
    Object.fromEntries(
      slugs.flatMap((slug) => {
        const picture = pictureAt(media, { kind, slug });
        return picture ? [[slug, picture]] : [];
      }),
    ) as Partial<Record<ServiceSlug, SitePicture>>;
  return {
    homeHero: pictureAt(media, { kind: "home-hero" })!,
    serviceCards: byService("service-card", CARD_SERVICES),
    serviceHeroes: byService(
      "service-hero",
      SERVICES.map((s) => s.slug),
    ),
    aboutMain: pictureAt(media, { kind: "about-main" }),
    aboutTeam: pictureAt(media, { kind: "about-team" }),
    video: videoOf(media),
  };
}

/** A service page's hero picture, or null for the plain dark band. */
export function serviceHeroPicture(slug: ServiceSlug): SitePicture | null {
  return pictureAt(getSetting("media"), { kind: "service-hero", slug });
}

/** The About page's pictures: the main one and the family's, each null when not chosen. */
export function aboutPictures(): { main: SitePicture | null; team: SitePicture | null } {
  const media = getSetting("media");
  return { main: pictureAt(media, { kind: "about-main" }), team: pictureAt(media, { kind: "about-team" }) };
}

// ---- The admin screen (/admin/site/pictures) ----

function slotLabel(slot: PictureSlot): { label: string; where: string } {
  const service = "slug" in slot ? SERVICES.find((s) => s.slug === slot.slug)!.name : "";
  switch (slot.kind) {
    case "home-hero":
      return { label: "Home page, top picture", where: "Behind the headline at the top of the home page" };
    case "video":
      return {
        label: "Bright Green video",
        where: "The \u201cHow it works\u201d video in the home page's Bright Green section",
      };
    case "about-main":
      return { label: "About page, main picture", where: "Beside the story on the About page" };
    case "about-team":
      return { label: "About page, family picture", where: "On the About page, with the team" };
    case "service-card":
      return { label: `${service}: card`, where: `The ${service} card in the home page's services` };
    case "service-hero":
      return { label: `${service}: page top`, where: `Behind the headline of the ${service} page` };
  }
}

/** Every slot the admin offers, in the order the site shows them. */
export function allSlots(): PictureSlot[] {
  return [
    { kind: "home-hero" },
    ...CARD_SERVICES.map((slug): PictureSlot => ({ kind: "service-card", slug })),
    { kind: "video" },
    { kind: "about-main" },
    { kind: "about-team" },
    ...SERVICES.map((s): PictureSlot => ({ kind: "service-hero", slug: s.slug })),
  ];
}

/** A slot the admin offers (a card slot only for the services that have a card), or null. */
export function offeredSlot(slot: PictureSlot | null): PictureSlot | null {
  if (!slot) return null;
  return allSlots().some((s) => slotId(s) === slotId(slot)) ? slot : null;
}

export function slotViews(): PictureSlotView[] {
  const media = getSetting("media");
  return allSlots().map((slot) => {
    const fallback = defaultPicture(slot);
    return {
      id: slotId(slot),
      kind: slot.kind,
      ...slotLabel(slot),
      current: pictureAt(media, slot),
      chosen: choiceAt(media, slot),
      defaultLabel: fallback ? "Built-in drawing" : "No picture",
    };
  });
}

/** The video as saved: the owner's address, or null while it is the placeholder. */
export function savedVideoUrl(): string | null {
  return getSetting("media").video.url;
}

/** A library picture as the picker shows it: a small copy and its library description. */
export type PickerImage = { id: number; src: string; alt: string; name: string };

export function pickerImages(): PickerImage[] {
  return listImages({ limit: 200 }).map((image) => ({
    id: image.id,
    src: uploadUrl(nameAtWidth(image, 480)),
    alt: image.alt,
    name: image.originalName,
  }));
}

/** A file posted with the form, not yet looked at. */
export type PostedFile = { bytes: Uint8Array; name: string };

/** Why a save was refused, on the field the owner fixes; null when it is stored. */
export type SaveOutcome = Refusal<"imageId" | "upload" | "alt"> | null;

type ChoiceInput = { imageId?: number; alt: string };

/**
 * Stores one slot's choice: the picture uploaded with the form (it wins; its files and
 * row are written with the setting, so a failed save leaves no orphan file), else the
 * library picture picked, checked in the same transaction as the write.
 */
export async function saveSlotPicture(
  slot: PictureSlot,
  input: ChoiceInput,
  file?: PostedFile,
  by?: number,
): Promise<SaveOutcome> {
  if (!file && input.imageId === undefined) return refusal(PICTURE_REQUIRED, { field: "imageId" });
  return saveChoice(input, file, (media, choice) => withChoice(media, slot, choice), by);
}

/** The video's address and, when one is picked or uploaded, its own thumbnail (none keeps the current one). `by`: the account saving. */
export async function saveVideo(
  watchUrl: string,
  input: Partial<ChoiceInput>,
  file?: PostedFile,
  by?: number,
): Promise<SaveOutcome> {
  const setUrl = (media: SiteMedia): SiteMedia => ({ ...media, video: { ...media.video, url: watchUrl } });
  if (input.imageId === undefined && !file) {
    changeSetting("media", setUrl, by);
    return null;
  }
  if (!input.alt) return refusal(ALT_REQUIRED, { field: "alt" });
  return saveChoice(
    { imageId: input.imageId, alt: input.alt },
    file,
    (media, choice) => setUrl(withChoice(media, { kind: "video" }, choice)),
    by,
  );
}

async function saveChoice(
  input: ChoiceInput,
  file: PostedFile | undefined,
  apply: (media: SiteMedia, choice: PictureChoice) => SiteMedia,
  by: number | undefined,
): Promise<SaveOutcome> {
  if (file) {
    const image = await cleanImage(file.bytes);
    if (!image) return refusal(UPLOAD_MESSAGES.notImage, { field: "upload" });
    await withImageFiles(image, file.name, "library", (stored) =>
      inTransaction(() => {
        const row = insertImage({ ...stored, alt: input.alt });
        return changeSetting("media", (media) => apply(media, { imageId: row.id, alt: input.alt }), by);
      }),
    );
    return null;
  }
  const imageId = input.imageId!;
  const saved = changeSetting(
    "media",
    (media) => (getImage(imageId)?.purpose === "library" ? apply(media, { imageId, alt: input.alt }) : null),
    by,
  );
  return saved ? null : refusal(PICTURE_UNKNOWN, { field: "imageId" });
}

/** Back to the default: the built-in drawing (for the video, the placeholder video too). */
export function resetSlot(slot: PictureSlot, by?: number): void {
  changeSetting(
    "media",
    (media) => {
      const reset = withChoice(media, slot, null);
      return slot.kind === "video" ? { ...reset, video: { url: null, thumbnail: null } } : reset;
    },
    by,
  );
}
