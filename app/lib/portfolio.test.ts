import { describe, expect, it } from "vitest";
import { galleryOrder, hasPublicProjects, neighbors, parsePortfolioTab, parseProjectId } from "./portfolio";

describe("parsePortfolioTab", () => {
  it("accepts the four tabs and falls back to all", () => {
    expect(parsePortfolioTab("framing")).toBe("framing");
    expect(parsePortfolioTab("bright-green")).toBe("bright-green");
    expect(parsePortfolioTab(null)).toBe("all");
    expect(parsePortfolioTab("<script>")).toBe("all");
  });
});

describe("gallery order and neighbors", () => {
  const p = (id: number, category: "framing" | "roofing" | "bright-green") => ({ id, category });
  const projects = [p(1, "roofing"), p(2, "framing"), p(3, "bright-green"), p(4, "roofing"), p(5, "framing")];

  it("orders projects category by category as the carousels show them, keeping each category's order", () => {
    expect(galleryOrder(projects).map((x) => x.id)).toEqual([2, 5, 1, 4, 3]);
    expect(galleryOrder(projects, "roofing").map((x) => x.id)).toEqual([1, 4]);
  });

  it("finds the previous and next project, none past either end", () => {
    const ordered = galleryOrder(projects);
    expect(neighbors(ordered, 1)).toEqual({ previous: p(5, "framing"), next: p(4, "roofing") });
    expect(neighbors(ordered, 2)).toEqual({ previous: null, next: p(5, "framing") });
    expect(neighbors(ordered, 3)).toEqual({ previous: p(4, "roofing"), next: null });
    expect(neighbors(ordered, 99)).toEqual({ previous: null, next: null });
  });
});

describe("parseProjectId", () => {
  it("takes plain positive numbers only, so each project has one address", () => {
    expect(parseProjectId("12")).toBe(12);
    expect(parseProjectId("012")).toBeNull();
    expect(parseProjectId("0")).toBeNull();
    expect(parseProjectId("-1")).toBeNull();
    expect(parseProjectId("1e3")).toBeNull();
    expect(parseProjectId("99999999999")).toBeNull();
    expect(parseProjectId(undefined)).toBeNull();
  });
});

describe("hasPublicProjects", () => {
  it("is false only when no category has a project (the demo content removed, none of the owner's yet)", () => {
    expect(hasPublicProjects({ framing: 0, roofing: 0, "bright-green": 0 })).toBe(false);
    expect(hasPublicProjects({ framing: 0, roofing: 1, "bright-green": 0 })).toBe(true);
  });
});
