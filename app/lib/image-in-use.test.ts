import { describe, expect, it } from "vitest";
import { imageInUseMessage, imageUseHref, pageImageUses, projectEditorHref } from "./image-in-use";
import { DEFAULT_SITE_MEDIA, withChoice } from "./site-media";

describe("imageInUseMessage", () => {
  it("names the project or projects and says what to do", () => {
    expect(imageInUseMessage(["Hail Damage Repair, Haysville"])).toBe(
      "This image is in use: it is the picture of “Hail Damage Repair, Haysville”. Give that project another picture first, then delete it.",
    );
    expect(imageInUseMessage(["A", "B", "C"])).toBe(
      "This image is in use: it is the picture of “A”, “B” and “C”. Give those projects another picture first, then delete it.",
    );
  });

  it("names the places on the site the owner chose it for", () => {
    expect(
      imageInUseMessage([
        { kind: "page", title: "the home page's top picture", slot: "home-hero" },
        { projectId: 2, title: "New Roof, Derby", category: "roofing" },
      ]),
    ).toBe(
      "This image is in use: it is the home page's top picture and the picture of “New Roof, Derby”. Choose another picture there first, then delete it.",
    );
  });

  it("names the projects whose before picture it is", () => {
    expect(imageInUseMessage([{ projectId: 3, title: "New Roof, Derby", category: "roofing", before: true }])).toBe(
      "This image is in use: it is the before picture of “New Roof, Derby”. Give that project another picture first, then delete it.",
    );
    expect(
      imageInUseMessage([
        { projectId: 3, title: "A", category: "roofing", before: true },
        { projectId: 4, title: "B", category: "roofing" },
        { kind: "page", title: "the home page's top picture", slot: "home-hero" },
      ]),
    ).toBe(
      "This image is in use: it is the home page's top picture, the picture of “B” and the before picture of “A”. Choose another picture there first, then delete it.",
    );
  });

  it("links to the project's editor in its own tab", () => {
    expect(projectEditorHref({ projectId: 4, category: "roofing" })).toBe("/admin/projects/roofing?edit=4");
  });
});

describe("pageImageUses", () => {
  it("counts the pictures and video thumbnail chosen in the settings, and the team's photos", () => {
    let media = withChoice(DEFAULT_SITE_MEDIA, { kind: "home-hero" }, { imageId: 3, alt: "Our crew" });
    media = withChoice(
      media,
      { kind: "service-card", slug: "residential-roofing-wichita" },
      { imageId: 3, alt: "A roof" },
    );
    media = withChoice(media, { kind: "video" }, { imageId: 5, alt: "Treated roof" });
    const uses = pageImageUses(media, {
      team: [
        { name: "Dale", imageId: 5 },
        { name: "Ann", imageId: null },
      ],
    });
    expect(uses.get(3)?.map((u) => u.title)).toEqual([
      "the home page's top picture",
      "the Residential Roofing card's picture on the home page",
    ]);
    expect(uses.get(5)?.map((u) => u.title)).toEqual([
      "the Bright Green video's thumbnail",
      "Dale's photo on the About page",
    ]);
    expect([...uses.keys()].sort()).toEqual([3, 5]);
  });

  it("links each place to where it is changed", () => {
    expect(imageUseHref({ kind: "page", title: "x", slot: "service-card/residential-roofing-wichita" })).toBe(
      "/admin/site/pictures?slot=service-card%2Fresidential-roofing-wichita",
    );
    expect(imageUseHref({ kind: "page", title: "x", slot: null })).toBe("/admin/site/words");
    expect(imageUseHref({ projectId: 4, title: "x", category: "framing" })).toBe("/admin/projects/framing?edit=4");
  });
});
