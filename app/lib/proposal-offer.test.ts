import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { emptyView } from "./roof-drawing";
import { summarizeRoof } from "./roof-summary";
import { takeoffRoof } from "./takeoff";
import { DEFAULT_PRICING } from "./pricing";
import { estimateLines, estimateTotals } from "./estimate";
import { buildProposalContent, type ProposalSources } from "./proposal";
import { AddOnsPartSchema } from "./pricing-page";
import { buildOffer, DEFAULT_ADD_ONS } from "./proposal-offer";

const typed = { area: null, length: 40, width: 30, pitch: 6 };
const roof = takeoffRoof(summarizeRoof(typed, emptyView()), typed)!;
const choice = { tier: "better", wastePercent: 10, tearOffLayers: 1 } as const;
const totals = estimateTotals(estimateLines(roof, DEFAULT_PRICING, choice).lines, 850);
const estimate = { ...choice, ...totals, taxRateBasisPoints: 850 };

describe("the options a proposal offers", () => {
  it("are the ticked shingle lines in good/better/best order, the estimate's own equal to the estimate", () => {
    const offer = buildOffer(estimate, roof, DEFAULT_PRICING, DEFAULT_ADD_ONS.items, {
      tiers: ["best", "better", "good"],
      addOns: [2, 0],
      hideUnitPrices: true,
    });
    expect(offer.options.map((o) => [o.tier, o.name])).toEqual([
      ["good", "3-tab"],
      ["better", "Architectural"],
      ["best", "Designer"],
    ]);
    expect(offer.options[1].totalCents).toBe(totals.totalCents);
    expect(offer.options[0].totalCents).toBeLessThan(offer.options[1].totalCents);
    expect(offer.options[2].totalCents).toBeGreaterThan(offer.options[1].totalCents);
    // Each option's totals add up from its own lines.
    for (const o of offer.options) {
      expect(o.subtotalCents).toBe(o.lines.reduce((s, l) => s + l.totalCents, 0));
      expect(o.totalCents).toBe(o.subtotalCents + o.taxCents);
    }
    expect(offer.addOns).toEqual([
      { id: "1", label: DEFAULT_ADD_ONS.items[0].label, cents: DEFAULT_ADD_ONS.items[0].cents },
      { id: "2", label: DEFAULT_ADD_ONS.items[2].label, cents: DEFAULT_ADD_ONS.items[2].cents },
    ]);
    expect(offer.showUnitPrices).toBe(false);
  });

  it("is the estimate alone when none is ticked, and the content is then as before options", () => {
    const offer = buildOffer(estimate, roof, DEFAULT_PRICING, [], { tiers: [], addOns: [], hideUnitPrices: false });
    expect(offer.options.map((o) => o.tier)).toEqual(["better"]);
    const sources = {
      lead: { name: "K", email: "k@example.com", phone: null, street: null, city: null, zip: null },
      estimate,
      roof: null,
      business: { company: "C", phone: "1", email: "c@example.com", street: "", city: "", region: "", postalCode: "" },
      terms: "T",
      facts: { depositBasisPoints: 3000, warrantyYears: 10 },
      validDays: 30,
      shingleName: "Architectural",
      today: "2026-11-30",
      now: new Date("2026-11-30T15:00:00Z"),
    } satisfies ProposalSources;
    const before = buildProposalContent(sources);
    const now = buildProposalContent({ ...sources, offer });
    expect(now).toEqual(before);
    expect(now).not.toHaveProperty("options");
  });

  it("freezes the default option's figures at the top, and the deposit on its total", () => {
    const offer = buildOffer(estimate, roof, DEFAULT_PRICING, DEFAULT_ADD_ONS.items, {
      tiers: ["good", "best"],
      addOns: [1],
      hideUnitPrices: false,
    });
    const c = buildProposalContent({
      lead: { name: "K", email: "", phone: null, street: null, city: null, zip: null },
      estimate,
      roof: null,
      business: { company: "C", phone: "1", email: "", street: "", city: "", region: "", postalCode: "" },
      terms: "T",
      facts: { depositBasisPoints: 3000, warrantyYears: null },
      validDays: 30,
      shingleName: "Architectural",
      offer,
      today: "2026-11-30",
      now: new Date(),
    });
    // The estimate's own line is not offered: the first offered is the default.
    expect(c.tier).toBe("good");
    expect(c.totalCents).toBe(offer.options[0].totalCents);
    expect(c.options).toHaveLength(2);
    expect(c.addOns).toEqual([{ id: "1", label: "Ridge vent upgrade", cents: 45000 }]);
    expect(c).not.toHaveProperty("showUnitPrices");
  });
});

describe("the Pricing page's add-ons", () => {
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return parseWithZod(form, { schema: AddOnsPartSchema });
  };

  it("keeps the named rows in cents, drops the empty ones, and saves none when all are cleared", () => {
    const done = parse({ shown: "1", "rows[0].label": "Gutter guards", "rows[0].price": "850", "rows[1].label": "" });
    expect(done.status === "success" && done.value.rows).toEqual([{ label: "Gutter guards", cents: 85000 }]);
    const cleared = parse({ shown: "1", "rows[0].label": "", "rows[0].price": "" });
    expect(cleared.status === "success" && cleared.value.rows).toEqual([]);
  });

  it("asks for a price, and a name for a price", () => {
    const refused = parse({ shown: "1", "rows[0].label": "Gutter guards", "rows[1].price": "12" });
    expect(refused.status).toBe("error");
    expect(refused.reply().error).toMatchObject({
      "rows[0].price": ["Please enter the add-on's price"],
      "rows[1].label": ["Please name the add-on, or clear its price"],
    });
  });
});
