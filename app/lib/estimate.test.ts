import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { emptyView } from "./roof-drawing";
import { summarizeRoof } from "./roof-summary";
import { takeoffRoof } from "./takeoff";
import { DEFAULT_PRICING, pitchBand } from "./pricing";
import {
  adjustLines,
  estimateAudienceNote,
  EstimateLinesSchema,
  estimateLines,
  linesAtTier,
  estimateOverLimits,
  estimateTotals,
  missingMaterialsMessage,
  roofBasisNote,
  unexplainedMissing,
  lineTotalCents,
  MakeEstimateSchema,
  mulDivRoundHalfUp,
  taxCents,
  type EstimateLine,
} from "./estimate";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("money rounding", () => {
  it("rounds quantity × unit price to the cent, a half cent up", () => {
    expect(lineTotalCents(13.42, 8000)).toBe(107360);
    expect(lineTotalCents(0.01, 50)).toBe(1); // half a cent
    expect(lineTotalCents(0.01, 49)).toBe(0); // 0.49 of a cent
    expect(lineTotalCents(1.5, 333)).toBe(500); // 499.5
    // Decimals a float cannot hold exactly still count as typed: 1.15 × $1.00, 0.29 × $100.00.
    expect(lineTotalCents(1.15, 100)).toBe(115);
    expect(lineTotalCents(0.29, 10000)).toBe(2900);
    expect(lineTotalCents(0, 9999)).toBe(0);
  });

  it("rounds tax in basis points, a half cent up", () => {
    expect(taxCents(1005, 500)).toBe(50); // 50.25¢
    expect(taxCents(1010, 500)).toBe(51); // 50.5¢
    expect(taxCents(1, 5000)).toBe(1); // half a cent
    expect(taxCents(385476, 850)).toBe(32765); // 32,765.46¢
    expect(taxCents(385476, 0)).toBe(0);
  });

  it("stays exact where a float product would not", () => {
    // 60 lines of 100,000 units at $100,000 and 20 % tax: 6e13 cents × 2000 is past 2^53.
    expect(taxCents(60_000_000_000_000, 2000)).toBe(12_000_000_000_000);
    expect(mulDivRoundHalfUp(2 ** 52, 3, 3)).toBe(2 ** 52);
    expect(() => mulDivRoundHalfUp(-1, 1, 1)).toThrow(RangeError);
    expect(() => mulDivRoundHalfUp(0.5, 1, 1)).toThrow(RangeError);
  });

  it("works every line's total and the sums again, whatever totals came with the lines", () => {
    const lines = [
      { key: "a", label: "A", quantity: 2, unit: "each", unitPriceCents: 1999, totalCents: 1, adjusted: false },
      { key: "b", label: "B", quantity: 0.5, unit: "each", unitPriceCents: 3, totalCents: 999999, adjusted: false },
    ] satisfies EstimateLine[];
    expect(estimateTotals(lines, 1000)).toMatchObject({ subtotalCents: 3998 + 2, taxCents: 400, totalCents: 4400 });
    expect(estimateTotals(lines, 1000).lines.map((l) => l.totalCents)).toEqual([3998, 2]);
  });
});

describe("the estimate of a 40 × 30 ft gable at 6/12 on the default prices", () => {
  const typed = { area: null, length: 40, width: 30, pitch: 6 };
  const roof = takeoffRoof(summarizeRoof(typed, emptyView()), typed)!;

  it("prices each takeoff item, labor by pitch band and disposal; tax on the subtotal", () => {
    const { lines } = estimateLines(roof, DEFAULT_PRICING, { tier: "better", wastePercent: 10, tearOffLayers: 1 });
    const totals = estimateTotals(lines, 850);
    expect(totals.lines.map((l) => [l.label, l.quantity, l.unit, l.unitPriceCents, l.totalCents])).toEqual([
      ["Architectural shingles", 45, "bundle", 4200, 189000],
      ["Synthetic underlayment", 2, "roll", 9500, 19000],
      ["Starter strip", 2, "bundle", 5500, 11000],
      ["Drip edge", 15, "piece", 950, 14250],
      ["Architectural hip and ridge cap", 2, "bundle", 7000, 14000],
      ["Nails, sealant and sundries", 13.42, "sq", 800, 10736],
      ["Labor, pitch up to 6/12", 13.42, "sq", 8000, 107360],
      ["Disposal (1 layer)", 13.42, "sq", 1500, 20130],
    ]);
    // 189,000 + 19,000 + 11,000 + 14,250 + 14,000 + 10,736 + 107,360 + 20,130 = 385,476¢;
    // 8.5 % of it is 32,765.46¢ → 32,765¢.
    expect(totals).toMatchObject({ subtotalCents: 385476, taxCents: 32765, totalCents: 418241 });
  });

  it("takes the chosen line's prices, a steeper band and extra layers", () => {
    const steep = { ...typed, pitch: 10 };
    const r = takeoffRoof(summarizeRoof(steep, emptyView()), steep)!;
    // 1,200 × sqrt(1 + (10/12)²) = 1,562.05 sq ft = 15.62 squares.
    const { lines } = estimateLines(r, DEFAULT_PRICING, { tier: "best", wastePercent: 15, tearOffLayers: 3 });
    const by = Object.fromEntries(lines.map((l) => [l.key, l]));
    expect(by.shingles).toMatchObject({ label: "Designer shingles", unitPriceCents: 6500 });
    expect(by["labor-steep"]).toMatchObject({
      label: "Labor, pitch 10/12 and steeper",
      quantity: 15.62,
      unitPriceCents: 12500,
    });
    expect(by["tear-off"]).toMatchObject({ label: "Tear-off of 2 extra layers", quantity: 31.24 });
    expect(by.disposal).toMatchObject({ label: "Disposal (3 layers)", quantity: 46.86 });
    const none = estimateLines(r, DEFAULT_PRICING, { tier: "good", wastePercent: 10, tearOffLayers: 0 }).lines.map(
      (l) => l.key,
    );
    expect(none).not.toContain("disposal");
    expect(none).not.toContain("tear-off");
  });

  it("puts each pitch in its labor band: half steps between 6/12 and 10/12 are 7-9", () => {
    expect([null, 0, 6, 6.5, 7, 9, 9.5, 10, 12].map(pitchBand)).toEqual([
      "low",
      "low",
      "low",
      "mid",
      "mid",
      "mid",
      "mid",
      "steep",
      "steep",
    ]);
  });

  it("splits labor between bands when facets differ in pitch", () => {
    const { lines } = estimateLines(
      {
        ...roof,
        areaByPitch: [
          { pitch: 6, area: 1000 },
          { pitch: 6.5, area: 300 },
          { pitch: 12, area: 250 },
        ],
      },
      DEFAULT_PRICING,
      { tier: "good", wastePercent: 10, tearOffLayers: 1 },
    );
    expect(lines.filter((l) => l.key.startsWith("labor")).map((l) => [l.key, l.quantity])).toEqual([
      ["labor-low", 10],
      ["labor-mid", 3],
      ["labor-steep", 2.5],
    ]);
  });
});

describe("staff's adjustments", () => {
  const stored: EstimateLine[] = [
    {
      key: "shingles",
      label: "Architectural shingles",
      quantity: 45,
      unit: "bundle",
      unitPriceCents: 4200,
      totalCents: 189000,
      adjusted: false,
    },
    {
      key: "drip-edge",
      label: "Drip edge",
      quantity: 15,
      unit: "piece",
      unitPriceCents: 950,
      totalCents: 14250,
      adjusted: false,
    },
    {
      key: "nails",
      label: "Nails",
      quantity: 13.42,
      unit: "sq",
      unitPriceCents: 800,
      totalCents: 10736,
      adjusted: false,
    },
  ];
  const row = (
    i: number,
    l: { key: string; label: string; quantity: string; unit: string; unitPrice: string },
    remove = false,
  ) => ({
    [`lines[${i}].key`]: l.key,
    [`lines[${i}].label`]: l.label,
    [`lines[${i}].quantity`]: l.quantity,
    [`lines[${i}].unit`]: l.unit,
    [`lines[${i}].unitPrice`]: l.unitPrice,
    ...(remove ? { [`lines[${i}].remove`]: "on" } : {}),
  });

  it("changes a quantity and a price, removes a line, adds a custom one; marks what changed", () => {
    const submission = parseWithZod(
      form({
        ...row(0, {
          key: "shingles",
          label: "Architectural shingles",
          quantity: "48",
          unit: "bundle",
          unitPrice: "$41.50",
        }),
        ...row(1, { key: "drip-edge", label: "Drip edge", quantity: "15", unit: "piece", unitPrice: "9.50" }, true),
        ...row(2, { key: "nails", label: "Nails", quantity: "13.42", unit: "sq", unitPrice: "8" }),
        "add.label": "Skylight flashing kit",
        "add.quantity": "2",
        "add.unit": "each",
        "add.unitPrice": "1,250.00",
      }),
      { schema: EstimateLinesSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const totals = estimateTotals(adjustLines(stored, submission.value), 850);
    expect(totals.lines.map((l) => [l.key, l.quantity, l.unitPriceCents, l.totalCents, l.adjusted])).toEqual([
      ["shingles", 48, 4150, 199200, true],
      ["nails", 13.42, 800, 10736, false], // "8" is $8.00: unchanged
      ["custom", 2, 125000, 250000, true],
    ]);
    expect(totals.subtotalCents).toBe(199200 + 10736 + 250000);
  });

  it("keeps an untouched line unadjusted", () => {
    const submission = parseWithZod(
      form(
        row(0, {
          key: "shingles",
          label: "Architectural shingles",
          quantity: "45",
          unit: "bundle",
          unitPrice: "42.00",
        }),
      ),
      {
        schema: EstimateLinesSchema,
      },
    );
    expect(submission.status === "success" && adjustLines(stored, submission.value)[0].adjusted).toBe(false);
  });

  it("refuses negative, huge, NaN or over-precise numbers, and a half-filled new line, field by field", () => {
    const submission = parseWithZod(
      form({
        ...row(0, { key: "shingles", label: "", quantity: "-3", unit: "bundle", unitPrice: "NaN" }),
        ...row(1, { key: "drip-edge", label: "Drip edge", quantity: "1e9", unit: "piece", unitPrice: "100000.01" }),
        ...row(2, { key: "nails", label: "Nails", quantity: "1.005", unit: "sq", unitPrice: "-8" }),
        "add.label": "Permit",
      }),
      { schema: EstimateLinesSchema },
    );
    expect(submission.status).toBe("error");
    const errors = submission.reply().error!;
    expect(errors["lines[0].label"]).toEqual(["Please describe the line"]);
    expect(errors["lines[0].quantity"]).toEqual(["Please enter a quantity of 0 or more, with at most two decimals"]);
    expect(errors["lines[0].unitPrice"]).toEqual(["Please enter a price in dollars of 0 or more, like 12.50"]);
    expect(errors["lines[1].quantity"]).toEqual(["Please enter a quantity of 0 or more, with at most two decimals"]);
    expect(errors["lines[1].unitPrice"]).toEqual(["Please enter a price of at most $100,000.00"]);
    expect(errors["lines[2].quantity"]).toBeDefined();
    expect(errors["lines[2].unitPrice"]).toBeDefined();
    expect(errors["add.quantity"]).toEqual(["Please enter the new line's quantity"]);
    expect(errors["add.unitPrice"]).toEqual(["Please enter the new line's price"]);
  });

  it("checks the choice an estimate is made with", () => {
    expect(
      parseWithZod(form({ tier: "better", wastePercent: "12", tearOffLayers: "2" }), { schema: MakeEstimateSchema })
        .status,
    ).toBe("success");
    const bad = parseWithZod(form({ tier: "gold", wastePercent: "-5", tearOffLayers: "9" }), {
      schema: MakeEstimateSchema,
    }).reply().error!;
    expect(bad.tier).toEqual(["Please choose a shingle line"]);
    expect(bad.wastePercent).toEqual(["Please enter a waste percent of 0 or more"]);
    expect(bad.tearOffLayers).toEqual(["Please choose the layers to tear off"]);
    expect(
      parseWithZod(form({ tier: "good", wastePercent: "NaN", tearOffLayers: "1" }), {
        schema: MakeEstimateSchema,
      }).reply().error!.wastePercent,
    ).toBeDefined();
  });
});

describe("the estimate's limits", () => {
  const line = (quantity: number, unitPriceCents: number, label = "Synthetic underlayment") => ({
    key: "underlayment",
    label,
    quantity,
    unit: "roll",
    unitPriceCents,
    adjusted: false,
  });

  it("names the line whose quantity no roof needs, before any cents are worked out", () => {
    // A coverage of 1e-300 squares per roll: a count no cents arithmetic can hold.
    const typed = { area: 2400, length: null, width: null, pitch: 6 };
    const roof = takeoffRoof(summarizeRoof(typed, emptyView()), typed)!;
    const { lines } = estimateLines(
      roof,
      { ...DEFAULT_PRICING, underlaymentSquaresPerRoll: 1e-300 },
      { tier: "better", wastePercent: 10, tearOffLayers: 1 },
    );
    expect(() => estimateTotals(lines, 0)).toThrow(RangeError);
    expect(estimateOverLimits(lines, 0)).toMatch(/^“Synthetic underlayment” comes to more than 100,000 roll/);
    expect(estimateOverLimits([line(2_640_000, 9500)], 0)).toMatch(/Synthetic underlayment/);
  });

  it("names a line past $10,000,000, and an estimate whose lines add up past it", () => {
    expect(estimateOverLimits([line(100_000, 10_000_000, "Designer shingles")], 0)).toBe(
      "“Designer shingles” comes to $10,000,000,000.00, more than a line may ($10,000,000.00): check its quantity and price.",
    );
    expect(estimateOverLimits([line(1000, 900_000), line(1000, 900_000)], 0)).toMatch(
      /^The estimate comes to \$18,000,000.00/,
    );
    expect(estimateOverLimits([line(1000, 900_000)], 850)).toBeNull();
  });
});

describe("materials the measurement could not count", () => {
  const typed = { area: 2400, length: null, width: null, pitch: 6 };
  const roof = takeoffRoof(summarizeRoof(typed, emptyView()), typed)!;

  it("lists those the owner prices, and a proposal waits until they are on it or staff say why", () => {
    const { missing } = estimateLines(roof, DEFAULT_PRICING, { tier: "better", wastePercent: 10, tearOffLayers: 1 });
    expect(missing).toEqual(["starter", "drip-edge", "ridge-cap", "ice-and-water"]);
    const free = estimateLines(
      roof,
      { ...DEFAULT_PRICING, starterBundleCents: 0 },
      { tier: "better", wastePercent: 10, tearOffLayers: 1 },
    );
    expect(free.missing).not.toContain("starter");
    expect(
      unexplainedMissing({ missingMaterials: missing, leftOutReason: null, lines: [{ key: "drip-edge" }] }),
    ).toEqual(["starter", "ridge-cap", "ice-and-water"]);
    expect(
      unexplainedMissing({ missingMaterials: missing, leftOutReason: "Metal roof: no starter", lines: [] }),
    ).toEqual([]);
    expect(missingMaterialsMessage(["starter", "drip-edge"])).toMatch(
      /^The estimate has no starter strip and drip edge:/,
    );
  });

  it("says a line added by hand does not clear them, and the reason is the way (review L3)", () => {
    // Staff add "Drip edge" by hand: a custom line, not the takeoff's item.
    expect(
      unexplainedMissing({ missingMaterials: ["drip-edge"], leftOutReason: null, lines: [{ key: "custom" }] }),
    ).toEqual(["drip-edge"]);
    expect(missingMaterialsMessage(["drip-edge"])).toMatch(
      /A line added by hand does not count: if you added one, say so in the reason\.$/,
    );
  });
});

describe("which figure an estimate is made from", () => {
  it("says the traced outline wins over a typed length × width, and names what is not used", () => {
    const top = {
      ...emptyView(),
      scale: 1,
      scaleSource: "typed" as const,
      facets: [
        {
          points: [
            { x: 0, y: 0 },
            { x: 50, y: 0 },
            { x: 50, y: 30 },
            { x: 0, y: 30 },
          ],
          pitch: 6,
        },
      ],
    };
    const typed = { area: null, length: 40, width: 30, pitch: 6 };
    expect(roofBasisNote(summarizeRoof(typed, top))).toBe(
      "Made from the traced outline: 1,677 sq ft. Traced facets override the typed length and width.",
    );
    expect(roofBasisNote(summarizeRoof(typed, emptyView()))).toBe(
      "Made from the typed length × width at its pitch: 1,342 sq ft.",
    );
  });
});

describe("who sees the estimate, as its panel says", () => {
  const state = { locked: false, openProposal: false, leadWon: false };

  it("is a draft until a proposal is sent", () => {
    expect(estimateAudienceNote(state)).toBe("A draft: the homeowner sees it once a proposal is sent.");
  });

  it("never calls it an unsent draft while a proposal made from it is open (that proposal's note says who sees what)", () => {
    expect(estimateAudienceNote({ ...state, openProposal: true })).toBeNull();
    expect(estimateAudienceNote({ ...state, openProposal: true, leadWon: true })).toBeNull();
  });

  it("is the office's record once the lead is won, and says nothing once accepted (the lock has its note)", () => {
    expect(estimateAudienceNote({ ...state, leadWon: true })).toMatch(
      /^The lead is won: this estimate is for your records/,
    );
    expect(estimateAudienceNote({ locked: true, openProposal: false, leadWon: true })).toBeNull();
  });
});

describe("an estimate's lines on another shingle line (a proposal's options)", () => {
  const typed = { area: null, length: 40, width: 30, pitch: 6 };
  const roof = takeoffRoof(summarizeRoof(typed, emptyView()), typed)!;
  const choice = { tier: "better", wastePercent: 10, tearOffLayers: 1 } as const;
  const made = estimateTotals(estimateLines(roof, DEFAULT_PRICING, choice).lines, 850).lines;
  const estimate = { ...choice, lines: made };

  it("keeps the estimate's own line as it is, line for line", () => {
    expect(linesAtTier(estimate, roof, DEFAULT_PRICING, "better")).toEqual(made.map(({ totalCents: _t, ...l }) => l));
  });

  it("names and prices the shingles and ridge cap of the other line, its quantities from the measurement", () => {
    const designer = { ...DEFAULT_PRICING.tiers.best, bundlesPerSquare: 4 };
    const pricing = { ...DEFAULT_PRICING, tiers: { ...DEFAULT_PRICING.tiers, best: designer } };
    const best = linesAtTier(estimate, roof, pricing, "best");
    const fresh = estimateLines(roof, pricing, { ...choice, tier: "best" }).lines;
    expect(best.slice(0, 5).map((l) => [l.label, l.quantity, l.unitPriceCents])).toEqual([
      ["Designer shingles", fresh[0].quantity, 6500],
      ["Synthetic underlayment", 2, 9500],
      ["Starter strip", 2, 5500],
      ["Drip edge", 15, 950],
      ["Designer hip and ridge cap", fresh[4].quantity, 8500],
    ]);
    expect(best[0].quantity).toBeGreaterThan(made[0].quantity); // 4 bundles a square, not 3
    // Labor, disposal and the rest are the estimate's.
    expect(best.slice(5)).toEqual(made.slice(5).map(({ totalCents: _t, ...l }) => l));
  });

  it("keeps a quantity staff changed, or one from another measurement, at the other line's price", () => {
    const changed = made.map((l) => (l.key === "shingles" ? { ...l, quantity: 50, adjusted: true } : l));
    expect(linesAtTier({ ...estimate, lines: changed }, roof, DEFAULT_PRICING, "good")[0]).toMatchObject({
      label: "3-tab shingles",
      quantity: 50,
      unitPriceCents: 3400,
    });
    expect(linesAtTier(estimate, null, DEFAULT_PRICING, "good")[4]).toMatchObject({
      label: "3-tab hip and ridge cap",
      quantity: made[4].quantity,
      unitPriceCents: 5500,
    });
  });
});
