import { describe, expect, it } from "vitest";
import { QUOTE_SERVICES } from "./contact-form";
import {
  categoryForService,
  draftPictureDefaults,
  draftTitle,
  serviceSlugFor,
  type DraftPhotoFacts,
} from "./portfolio-draft";

describe("a completed job as a portfolio draft", () => {
  it("takes its category from the service; staff choose for 'Not sure'", () => {
    expect(Object.fromEntries(QUOTE_SERVICES.map((s) => [s, categoryForService(s)]))).toEqual({
      "Residential Framing": "framing",
      "Residential Roofing": "roofing",
      "Roof Repairs": "roofing",
      "Gutter Services": "roofing",
      "Bright Green Treatment": "bright-green",
      "Structural Repairs": "framing",
      "New Construction": "framing",
      "Storm / hail damage": "roofing",
      "Not sure": null,
    });
    expect(categoryForService(null)).toBeNull();
    expect(categoryForService("Something else")).toBeNull();
  });

  it("is titled by the work and the town", () => {
    expect(draftTitle("Roof Repairs", "Derby")).toBe("Roof Repairs in Derby");
    expect(draftTitle("Storm / hail damage", "Haysville, KS")).toBe("Storm Damage Repair in Haysville");
    expect(draftTitle("Bright Green Treatment", null)).toBe("Bright Green Roof Treatment");
    expect(draftTitle("Not sure", "Mulvane")).toBe("Project in Mulvane");
  });

  it("belongs on its service's page; storm damage on the roof repairs page", () => {
    expect(serviceSlugFor("Roof Repairs")).toBe("roof-repairs-wichita");
    expect(serviceSlugFor("Storm / hail damage")).toBe("roof-repairs-wichita");
    expect(serviceSlugFor("Gutter Services")).toBe("gutter-services-wichita");
    expect(serviceSlugFor("Not sure")).toBeNull();
  });
});

describe("the pictures a draft starts with", () => {
  const day = (d: number) => new Date(Date.UTC(2026, 10, d, 15));
  const photo = (id: number, tag: DraftPhotoFacts["tag"], taken: number | null, sent = 20): DraftPhotoFacts => ({
    id,
    tag,
    takenAt: taken === null ? null : day(taken),
    createdAt: day(sent),
  });

  it("pairs the newest after with the newest before, by when the phone took them", () => {
    const photos = [
      photo(1, null, null, 1),
      photo(2, "before", 3),
      photo(3, "before", 4),
      photo(4, "after", 9),
      // Queued offline: sent last, taken before photo 4.
      photo(5, "after", 8, 25),
      photo(6, "during", 6),
    ];
    expect(draftPictureDefaults(photos)).toEqual({ photoId: 4, beforePhotoId: 3 });
  });

  it("without job photos keeps the request's first photo, and no before", () => {
    expect(draftPictureDefaults([photo(7, null, null, 2), photo(8, null, null, 3)])).toEqual({
      photoId: 7,
      beforePhotoId: null,
    });
    expect(draftPictureDefaults([])).toEqual({ photoId: null, beforePhotoId: null });
  });

  it("never offers one photo as both", () => {
    expect(draftPictureDefaults([photo(2, "before", 3), photo(3, "damage", 2)])).toEqual({
      photoId: 3,
      beforePhotoId: 2,
    });
    expect(draftPictureDefaults([photo(2, "before", 3)])).toEqual({ photoId: 2, beforePhotoId: null });
  });
});
