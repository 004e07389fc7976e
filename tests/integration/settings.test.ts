import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db.server";
import { settings } from "~/db/schema";
import { DEFAULT_BUSINESS_FACTS } from "~/lib/business";
import { getBusinessFacts, setSetting } from "~/models/settings.server";

describe("settings", () => {
  it("reads the default business facts before anything is saved", () => {
    expect(getBusinessFacts()).toEqual(DEFAULT_BUSINESS_FACTS);
  });

  it("reads back what the owner saved", () => {
    setSetting("business", { ...DEFAULT_BUSINESS_FACTS, phone: "(316) 555-0199" });
    expect(getBusinessFacts().phone).toBe("(316) 555-0199");
    setSetting("business", { ...DEFAULT_BUSINESS_FACTS, company: "Whitaker Roofing" });
    expect(getBusinessFacts()).toMatchObject({ company: "Whitaker Roofing", phone: "(620) 555-0142" });
  });

  it("refuses to save facts that break the schema", () => {
    expect(() => setSetting("business", { ...DEFAULT_BUSINESS_FACTS, email: "not-an-email" })).toThrow();
    expect(getBusinessFacts().company).toBe("Whitaker Roofing");
  });

  it("falls back to the defaults when the stored value is damaged, so pages still render", () => {
    getDb()
      .update(settings)
      .set({ value: { company: 42 } })
      .where(eq(settings.key, "business"))
      .run();
    expect(getBusinessFacts()).toEqual(DEFAULT_BUSINESS_FACTS);
  });
});
