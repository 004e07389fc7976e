import { describe, expect, it } from "vitest";
import { WARRANTY_YEARS } from "~/lib/trust-facts";
import { AREA_CONTENT } from "./areas";
import { SERVICE_CONTENT } from "./services";

const pages = [...Object.values(SERVICE_CONTENT), ...Object.values(AREA_CONTENT)];

describe("the warranty the service and area pages promise", () => {
  it("is the owner's number wherever a page names a workmanship warranty, never a promise of its own", () => {
    // Every word on the pages, with where it sits (a reason's words for an owner with no warranty apart).
    const strings = (value: unknown, key = ""): [string, string][] =>
      typeof value === "string"
        ? [[key, value]]
        : value && typeof value === "object"
          ? Object.entries(value).flatMap(([k, v]) => strings(v, Array.isArray(value) ? key : k))
          : [];
    for (const page of pages) {
      for (const [key, text] of strings(page)) {
        if (!/workmanship|warrant|guarantee/i.test(text)) continue;
        // The manufacturer's warranty is the shingle maker's, whatever the owner sets.
        if (/manufacturer/i.test(text)) continue;
        expect(key, `${page.slug}: ${text}`).not.toBe("withoutWarranty");
        expect(text, page.slug).toContain(WARRANTY_YEARS);
      }
    }
  });

  it("has other words for a reason naming the warranty, for an owner who has set none", () => {
    const reasons = pages.flatMap((p) => p.reasons).filter((r) => r.text.includes(WARRANTY_YEARS));
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) expect(r.withoutWarranty, r.title).toMatch(/\w/);
  });
});
