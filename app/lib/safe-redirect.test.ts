import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/admin/testimonials")).toBe("/admin/testimonials");
    expect(safeRedirect("/admin?tab=images#x")).toBe("/admin?tab=images#x");
  });

  it.each(["//evil.example", "https://evil.example/admin", "/\\evil.example", "admin", "", null, undefined, "javascript:alert(1)"])(
    "refuses %j",
    (to) => {
      expect(safeRedirect(to)).toBe("/admin");
    },
  );
});
