import { describe, expect, it } from "vitest";
import { QUOTE_SERVICES } from "./contact-form";
import { categoryForService, draftTitle, serviceSlugFor } from "./portfolio-draft";

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
