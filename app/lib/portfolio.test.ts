import { describe, expect, it } from "vitest";
import { parsePortfolioTab } from "./portfolio";

describe("parsePortfolioTab", () => {
  it("accepts the four tabs and falls back to all", () => {
    expect(parsePortfolioTab("framing")).toBe("framing");
    expect(parsePortfolioTab("bright-green")).toBe("bright-green");
    expect(parsePortfolioTab(null)).toBe("all");
    expect(parsePortfolioTab("<script>")).toBe("all");
  });
});
