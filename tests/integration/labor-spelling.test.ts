import { describe, expect, it } from "vitest";
import { DEFAULT_PRICING, PricingSchema } from "~/lib/pricing";
import { fromShapeBefore } from "./migration-shape";

// Migration 0014: the owner's labor prices and the estimate lines made from them were stored
// under "labour" keys. An upgraded site keeps its own prices and its estimates' labor lines.
describe("migration 0014, labor in US English", () => {
  it("moves the saved labor prices and the estimate lines' keys, and nothing else", async () => {
    const { laborPerSquareCents: _, ...rest } = DEFAULT_PRICING;
    const saved = { ...rest, labourPerSquareCents: { low: 7000, mid: 8800, steep: 11900 } };
    const lines = [
      { key: "shingles", label: "Shingles", quantity: 40, unit: "bundle", unitPriceCents: 3500, adjusted: false },
      {
        key: "labour-low",
        label: "Labor, pitch up to 6/12",
        quantity: 13.42,
        unit: "sq",
        unitPriceCents: 7000,
        adjusted: false,
      },
      {
        key: "labour-steep",
        label: "Labor, pitch 10/12 and steeper",
        quantity: 2,
        unit: "sq",
        unitPriceCents: 11900,
        adjusted: true,
      },
    ];
    await fromShapeBefore(
      "0014_labor_spelling",
      (db) => {
        db.prepare("insert into settings (key, value) values ('pricing', ?)").run(JSON.stringify(saved));
        db.prepare(
          "insert into leads (id, name, email, message) values (1, 'Dana Miller', 'dana@example.com', 'Roof')",
        ).run();
        db.prepare(
          "insert into estimates (lead_id, lines, subtotal_cents, tax_cents, total_cents) values (1, ?, 100, 0, 100)",
        ).run(JSON.stringify(lines));
      },
      (db) => {
        const pricing = JSON.parse(
          (db.prepare("select value from settings where key = 'pricing'").get() as { value: string }).value,
        );
        expect(pricing).not.toHaveProperty("labourPerSquareCents");
        expect(PricingSchema.parse(pricing)).toEqual({
          ...rest,
          laborPerSquareCents: { low: 7000, mid: 8800, steep: 11900 },
        });
        const stored = JSON.parse((db.prepare("select lines from estimates").get() as { lines: string }).lines);
        expect(stored).toEqual(lines.map((l) => ({ ...l, key: l.key.replace("labour-", "labor-") })));
      },
    );
  });
});
