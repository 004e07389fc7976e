import { describe, expect, it } from "vitest";
import { byLine, byLineDay, personName } from "./by-line";

describe("personName", () => {
  it("is the account's name, or its email while the name is empty", () => {
    expect(personName({ name: "Kim Ruiz", email: "kim@example.com" })).toBe("Kim Ruiz");
    expect(personName({ name: "  ", email: "kim@example.com" })).toBe("kim@example.com");
    expect(personName({ name: "", email: "kim@example.com" }, "old@example.com")).toBe("kim@example.com");
  });

  it("falls back to what an entry from before accounts stored, else nothing", () => {
    expect(personName({ name: null, email: null }, "owner@example.com")).toBe("owner@example.com");
    expect(personName(null, "owner@example.com")).toBe("owner@example.com");
    expect(personName({ name: null, email: null })).toBeNull();
    expect(personName(undefined, " ")).toBeNull();
  });
});

describe("byLine", () => {
  it("says what was done, by whom and on which Kansas day", () => {
    // 03:00 UTC on Nov 28 is still Nov 27 in Wellington, Kansas.
    expect(byLine("Approved", "Kim Ruiz", new Date("2026-11-28T03:00:00Z"))).toBe(
      "Approved by Kim Ruiz on Nov 27, 2026",
    );
    expect(byLineDay(new Date("2026-07-04T18:00:00Z"))).toBe("Jul 4, 2026");
  });

  it("leaves the day out when none was kept, and says nothing when nobody was recorded", () => {
    expect(byLine("Published", "Kim Ruiz")).toBe("Published by Kim Ruiz");
    expect(byLine("Published", "Kim Ruiz", null)).toBe("Published by Kim Ruiz");
    expect(byLine("Approved", null, new Date())).toBeNull();
  });
});
