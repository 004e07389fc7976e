import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, leadListUrl } from "./lead-paging";

describe("the Leads list's page links", () => {
  it("reads back the cursors it writes, and nothing hand-made", () => {
    for (const c of [
      { due: true as const, day: "2026-11-20", id: 17 },
      { due: false as const, at: 1764230400000, id: 3 },
      { due: false as const, at: 1764230400000.25, id: 3 },
    ]) {
      expect(decodeCursor(encodeCursor(c))).toEqual(c);
    }
    for (const bad of [null, "", "x", "d2026-11-20", "n12.0", "n-5.3", "d2026-11-20.0", `n1.${"9".repeat(20)}`])
      expect(decodeCursor(bad)).toBeNull();
  });

  it("keeps every filter and only one cursor", () => {
    const url = leadListUrl(
      "/admin/leads",
      { view: "archived", status: "new", service: "Roof Repairs", who: "mine", q: "smith" },
      { after: { due: false, at: 5, id: 2 } },
    );
    expect(url).toBe("/admin/leads?view=archived&status=new&service=Roof+Repairs&who=mine&q=smith&after=n5.2");
    expect(leadListUrl("/admin/leads", { status: "", service: "", who: "", q: "" })).toBe("/admin/leads");
  });
});
