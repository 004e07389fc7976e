import { describe, expect, it } from "vitest";
import { decodeRoofCursor, encodeRoofCursor, roofListQuery, roofToolUrl } from "./roof-customer-paging";

describe("the Saved Customers list's addresses", () => {
  it("round-trips a cursor, fractions of a millisecond included", () => {
    for (const c of [
      { at: 1764230400000, id: 17 },
      { at: 1764230400123.0002, id: 3 },
    ])
      expect(decodeRoofCursor(encodeRoofCursor(c))).toEqual(c);
  });

  it("reads anything hand-made as no cursor", () => {
    for (const bad of [null, "", "abc", "1.0", "-5.3", "1e9.2", "1.2.3.4", `${"9".repeat(40)}.1`, "17"])
      expect(decodeRoofCursor(bad)).toBeNull();
  });

  it("keeps the search and the open customer in every link", () => {
    expect(roofToolUrl({})).toBe("/admin/roof-measurement");
    expect(roofToolUrl({ customer: 4, q: "main st", after: "100.2" })).toBe(
      "/admin/roof-measurement?customer=4&q=main+st&after=100.2",
    );
    expect(roofToolUrl({ q: "x", before: "100.2" })).toBe("/admin/roof-measurement?q=x&before=100.2");
  });

  it("takes one direction and a bounded search from the URL", () => {
    expect(roofListQuery(new URLSearchParams("after=100.2&before=50.1&q=%20smith%20"))).toEqual({
      q: "smith",
      after: { at: 100, id: 2 },
      before: null,
    });
    expect(roofListQuery(new URLSearchParams(`q=${"x".repeat(5000)}`)).q).toHaveLength(200);
  });
});
