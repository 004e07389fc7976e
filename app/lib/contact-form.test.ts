import { describe, expect, it } from "vitest";
import {
  attachedPhotosOf,
  MAX_PHOTOS,
  PHOTO_MESSAGES,
  QUOTE_SERVICES,
  quoteServiceForSlug,
  reachWay,
  requestServiceHref,
  weWillReach,
} from "./contact-form";

describe("QUOTE_SERVICES", () => {
  it("offers the seven services, then storm damage and 'Not sure'", () => {
    expect(QUOTE_SERVICES).toHaveLength(9);
    expect(QUOTE_SERVICES.slice(0, 3)).toEqual(["Residential Framing", "Residential Roofing", "Roof Repairs"]);
    expect(QUOTE_SERVICES.slice(-2)).toEqual(["Storm / hail damage", "Not sure"]);
  });
});

describe("attachedPhotosOf", () => {
  it("reads the kept photos a form names, less those ticked for removal, each once and at most five", () => {
    const f = new FormData();
    for (const v of [
      "tok1 north slope.jpg",
      "tok2 gutter.png",
      "tok1 north slope.jpg",
      "tok3 ",
      ...Array.from({ length: 8 }, (_, i) => `x${i} more.jpg`),
    ])
      f.append("attachedPhotos", v);
    f.append("removeAttachedPhotos", "tok2");
    expect(attachedPhotosOf(f)).toEqual([
      { token: "tok1", name: "north slope.jpg" },
      { token: "tok3", name: "photo" },
      { token: "x0", name: "more.jpg" },
    ]);
    expect(attachedPhotosOf(f).length).toBeLessThanOrEqual(MAX_PHOTOS);
  });
});

describe("PHOTO_MESSAGES.notKept", () => {
  it("asks for one photo, or several, again by name", () => {
    expect(PHOTO_MESSAGES.notKept(["north-slope.jpg"])).toBe(
      "Your attached photo could not be kept; please choose it again: north-slope.jpg",
    );
    expect(PHOTO_MESSAGES.notKept(["a.jpg", "b.png"])).toBe(
      "Your attached photos could not be kept; please choose them again: a.jpg, b.png",
    );
  });
});

describe("Request Service", () => {
  it("chooses the card's service in the form, and nothing for a slug we do not have", () => {
    expect(requestServiceHref("residential-roofing-wichita")).toBe("/?service=residential-roofing-wichita#contact");
    expect(quoteServiceForSlug("residential-roofing-wichita")).toBe("Residential Roofing");
    expect(quoteServiceForSlug("gutter-services-wichita")).toBe("Gutter Services");
    expect(quoteServiceForSlug("pool-cleaning")).toBeUndefined();
    expect(quoteServiceForSlug(null)).toBeUndefined();
  });
});

describe("how we say we will reach the homeowner", () => {
  const lead = { preferredContact: null, phone: "316 555 0187", email: "ann@example.com" };
  const said = (contact: Parameters<typeof reachWay>[0]) => weWillReach(reachWay(contact));

  it("is the way they chose", () => {
    expect(said({ ...lead, preferredContact: "text" })).toBe("We will text you");
    expect(said({ ...lead, preferredContact: "email" })).toBe("We will email you");
    expect(said({ ...lead, preferredContact: "call" })).toBe("We will call you");
  });

  it("when they did not say: a call with a phone, an email without one, never a call to no number", () => {
    expect(said(lead)).toBe("We will call you");
    expect(said({ ...lead, phone: null })).toBe("We will email you");
    expect(said({ ...lead, phone: "  " })).toBe("We will email you");
  });

  it("promises no particular way when there is neither a phone nor an email", () => {
    expect(said({ preferredContact: null, phone: null, email: "" })).toBe("We will get in touch");
  });
});
