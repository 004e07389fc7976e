import { describe, expect, it } from "vitest";
import { WARRANTY_YEARS } from "~/lib/trust-facts";
import { AREA_CONTENT } from "./areas";
import { SERVICE_CONTENT } from "./services";

const pages = [...Object.values(SERVICE_CONTENT), ...Object.values(AREA_CONTENT)];

describe("the warranty the service and area pages promise", () => {
  it("is the owner's number wherever a page names a workmanship warranty, never a promise of its own", () => {
    // Every word on the pages, with where it sits ("reasons.text"; array places left out).
    const strings = (value: unknown, where = ""): [string, string][] =>
      typeof value === "string"
        ? [[where, value]]
        : value && typeof value === "object"
          ? Object.entries(value).flatMap(([k, v]) =>
              strings(v, Array.isArray(value) ? where : where ? `${where}.${k}` : k),
            )
          : [];
    for (const page of pages) {
      for (const [where, text] of strings(page)) {
        // Only a reason's words have the owner's number put in (reasonsWithWarranty): anywhere
        // else the page would show "{warrantyYears}" as it is.
        if (text.includes(WARRANTY_YEARS)) expect(where, `${page.slug}: ${text}`).toBe("reasons.text");
        if (!/workmanship|warrant|guarantee/i.test(text)) continue;
        // The manufacturer's warranty is the shingle maker's, whatever the owner sets.
        if (/manufacturer/i.test(text)) continue;
        expect(where, `${page.slug}: ${text}`).not.toBe("reasons.withoutWarranty");
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
