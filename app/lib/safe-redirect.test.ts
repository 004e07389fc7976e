import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/admin/testimonials")).toBe("/admin/testimonials");
    expect(safeRedirect("/admin?tab=images#x")).toBe("/admin?tab=images#x");
    expect(safeRedirect("/admin/../admin/leads")).toBe("/admin/leads");
  });

  it.each([
    "//evil.example",
    "https://evil.example/admin",
    "https:evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "/admin/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/x/..\\/evil.example",
    "/\t/evil.example",
    "/\r\n/evil.example",
    "/\n/evil.example",
    "/%2f/evil.example",
    "/%5cevil.example",
    "admin",
    "",
    null,
    undefined,
    "javascript:alert(1)",
  ])("refuses %j", (to) => {
    const result = safeRedirect(to);
    expect(result).toBe("/admin");
    // Whatever it answers, a browser reading it as a Location stays on this site.
    expect(new URL(result, "https://site.example").origin).toBe("https://site.example");
  });
});
