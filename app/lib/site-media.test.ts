import { describe, expect, it } from "vitest";
import {
  ALT_REQUIRED,
  choiceAt,
  DEFAULT_SITE_MEDIA,
  imageIdsInMedia,
  parseSlotId,
  SiteMediaSchema,
  slotId,
  VideoFormSchema,
  withChoice,
  type PictureSlot,
} from "./site-media";
import { VIDEO_URL_MESSAGES } from "./video-url";

describe("picture slots", () => {
  it.each([
    "home-hero",
    "about-main",
    "about-team",
    "video",
    "service-card/residential-roofing-wichita",
    "service-hero/gutter-services-wichita",
  ])("reads the slot id %s back to itself", (id) => {
    const slot = parseSlotId(id);
    expect(slot).not.toBeNull();
    expect(slotId(slot!)).toBe(id);
  });

  it.each([
    null,
    "",
    "home",
    "service-card",
    "service-card/",
    "service-card/nowhere",
    "service-card/residential-roofing-wichita/x",
    "about/main",
    "__proto__",
  ])("refuses %j", (id) => {
    expect(parseSlotId(id)).toBeNull();
  });

  it("replaces one slot's choice and leaves the others", () => {
    const card: PictureSlot = { kind: "service-card", slug: "residential-roofing-wichita" };
    const hero: PictureSlot = { kind: "service-hero", slug: "residential-roofing-wichita" };
    let media = withChoice(DEFAULT_SITE_MEDIA, card, { imageId: 3, alt: "New roof" });
    media = withChoice(media, hero, { imageId: 4, alt: "Crew on a roof" });
    media = withChoice(media, { kind: "home-hero" }, { imageId: 5, alt: "Our house" });
    expect(choiceAt(media, card)).toEqual({ imageId: 3, alt: "New roof" });
    expect(choiceAt(media, hero)).toEqual({ imageId: 4, alt: "Crew on a roof" });
    expect(choiceAt(media, { kind: "about-main" })).toBeNull();
    expect(DEFAULT_SITE_MEDIA.homeHero).toBeNull();
    expect(SiteMediaSchema.parse(media)).toEqual(media);

    media = withChoice(media, card, null);
    expect(choiceAt(media, card)).toBeNull();
    expect(choiceAt(media, hero)).toEqual({ imageId: 4, alt: "Crew on a roof" });
  });

  it("lists every library picture the settings show, once", () => {
    let media = withChoice(DEFAULT_SITE_MEDIA, { kind: "home-hero" }, { imageId: 7, alt: "a" });
    media = withChoice(media, { kind: "video" }, { imageId: 7, alt: "b" });
    media = withChoice(media, { kind: "about-team" }, { imageId: 9, alt: "c" });
    media = withChoice(media, { kind: "service-hero", slug: "roof-repairs-wichita" }, { imageId: 11, alt: "d" });
    expect(imageIdsInMedia(media).sort((a, b) => a - b)).toEqual([7, 9, 11]);
    expect(imageIdsInMedia(DEFAULT_SITE_MEDIA)).toEqual([]);
  });
});

describe("the video form", () => {
  it("takes a YouTube address with no thumbnail of its own", () => {
    const parsed = VideoFormSchema.safeParse({ intent: "save-video", url: " https://youtu.be/M7lc1UVf-VE " });
    expect(parsed.success && parsed.data.url).toBe("https://youtu.be/M7lc1UVf-VE");
  });

  it("says in plain words what is wrong with the address", () => {
    const parsed = VideoFormSchema.safeParse({ intent: "save-video", url: "https://www.facebook.com/watch?v=1" });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([VIDEO_URL_MESSAGES.otherSite]);
  });

  it("wants a description with a thumbnail", () => {
    const parsed = VideoFormSchema.safeParse({
      intent: "save-video",
      url: "https://vimeo.com/76979871",
      imageId: 4,
      alt: " ",
    });
    expect(parsed.error?.issues).toMatchObject([{ path: ["alt"], message: ALT_REQUIRED }]);
  });
});
