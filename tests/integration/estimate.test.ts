import { beforeAll, describe, expect, it, vi } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { createLead, getLead } from "~/models/lead.server";
import { getEstimate } from "~/models/estimate.server";
import { getSetting, setSetting } from "~/models/settings.server";
import { DEFAULT_PRICING } from "~/lib/pricing";
import { invalidatePublicPages } from "~/server/page-cache.server";
import { ESTIMATE_MESSAGES } from "~/lib/estimate";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { action as pricingAction, loader as pricingLoader } from "~/routes/admin/pricing";
import { action as roofAction } from "~/routes/admin/roof-measurement";

// Saving prices must leave the public page cache alone: watch the one function that empties it.
vi.mock("~/server/page-cache.server", async (original) => ({
  ...(await original<object>()),
  invalidatePublicPages: vi.fn(),
}));

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

type Refused = {
  init: ResponseInit;
  data: { intent?: string; reply?: { error: Record<string, string[]> }; error?: Record<string, string[]> };
};

const post = (url: string, fields: Record<string, string>) =>
  new Request(`http://site.test${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });
const leadPost = (leadId: number, fields: Record<string, string>) =>
  leadAction(routeArgs(post(`/admin/leads/${leadId}`, fields), { id: String(leadId) }));
const leadPage = (leadId: number) =>
  leadLoader(
    routeArgs(new Request(`http://site.test/admin/leads/${leadId}`, { headers: { Cookie: cookie } }), {
      id: String(leadId),
    }),
  );
const savePrices = (fields: Record<string, string>) => pricingAction(routeArgs(post("/admin/pricing", fields)));

/** The pricing form as the page fills it, with some boxes changed. */
function pricingForm(changes: Record<string, string> = {}) {
  const fields: Record<string, string> = {};
  const walk = (value: unknown, name: string) => {
    if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, name ? `${name}.${k}` : k);
    else if (value !== undefined) fields[name] = String(value);
  };
  walk(DEFAULT_PRICING, "");
  for (const [k, v] of Object.entries(fields)) if (k.includes("Cents")) fields[k] = (Number(v) / 100).toFixed(2);
  fields.starterOnRakes = "on";
  fields.taxRateBasisPoints = "0";
  fields.depositBasisPoints = "30";
  return { ...fields, ...changes };
}

/** A quote request measured through the roof tool's own action, as staff do it. */
async function measuredLead(measurement: Record<string, string>) {
  const lead = createLead(
    {
      name: "Dana Whitfield",
      email: "dana@example.com",
      phone: "620-555-0101",
      message: "Old roof",
      service: "Residential Roofing",
      street: "301 S C St",
      city: "Wellington",
      zip: "67152",
    },
    [],
  );
  const opened = (await leadPost(lead.id, { intent: "measure" })) as Response;
  const customer = new URL(opened.headers.get("Location")!, "http://x").searchParams.get("customer")!;
  const body = new FormData();
  for (const [k, v] of Object.entries({
    id: customer,
    customerName: "Dana Whitfield",
    street: "301 S C St",
    city: "Wellington",
    state: "KS",
    ...measurement,
  }))
    body.set(k, v);
  const saved = (await roofAction(
    routeArgs(
      new Request("http://site.test/admin/roof-measurement", { method: "POST", body, headers: { Cookie: cookie } }),
    ),
  )) as Response;
  expect(saved.status).toBe(302);
  return lead.id;
}

describe("the Pricing page", () => {
  it("shows the defaults, saves dollars as cents and a percent as basis points, and leaves the public page cache alone", async () => {
    expect(
      (await pricingLoader(routeArgs(new Request("http://site.test/admin/pricing", { headers: { Cookie: cookie } }))))
        .pricing,
    ).toEqual(DEFAULT_PRICING);
    vi.mocked(invalidatePublicPages).mockClear();
    const res = (await savePrices(
      pricingForm({
        "tiers.better.name": "Timberline HDZ",
        "tiers.better.shingleBundleCents": "$43.75",
        taxRateBasisPoints: "8.5",
        starterOnRakes: "",
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/pricing");
    const saved = getSetting("pricing");
    expect(saved.tiers.better).toMatchObject({ name: "Timberline HDZ", shingleBundleCents: 4375 });
    expect(saved.taxRateBasisPoints).toBe(850);
    expect(saved.starterOnRakes).toBe(false);
    expect(invalidatePublicPages).not.toHaveBeenCalled();
  });

  it("refuses negative, NaN and huge figures with a message by each field (400), and keeps what was saved", async () => {
    const before = getSetting("pricing");
    const res = (await savePrices(
      pricingForm({
        "tiers.good.shingleBundleCents": "-5",
        "tiers.good.bundlesPerSquare": "NaN",
        dripEdgeFtPerPiece: "1e400",
        "laborPerSquareCents.steep": "999999999",
        taxRateBasisPoints: "85",
        "tiers.best.name": "",
      }),
    )) as unknown as { init: ResponseInit; data: { error: Record<string, string[]> } };
    expect(res.init.status).toBe(400);
    expect(res.data.error["tiers.good.shingleBundleCents"]).toEqual(["Please enter a price in dollars, like 12.50"]);
    expect(res.data.error["tiers.good.bundlesPerSquare"]).toBeDefined();
    expect(res.data.error.dripEdgeFtPerPiece).toBeDefined();
    expect(res.data.error["laborPerSquareCents.steep"]).toEqual(["Please enter at most 100000.00"]);
    expect(res.data.error.taxRateBasisPoints).toEqual(["Please enter a rate between 0 and 20, like 8.5"]);
    expect(res.data.error["tiers.best.name"]).toEqual(["Please name the shingle line"]);
    expect(getSetting("pricing")).toEqual(before);
  });
});

describe("a lead's estimate", () => {
  it("is made from a measurement saved through the roof tool, at the owner's prices, and leaves the lead Measured", async () => {
    await savePrices(pricingForm({ taxRateBasisPoints: "8.5" }));
    const leadId = await measuredLead({ length: "40", width: "30", pitch: "6" });
    const before = await leadPage(leadId);
    expect(before.estimate).toMatchObject({
      measured: true,
      suggestedWastePercent: 10,
      linesFrom: "footprint",
      estimate: null,
    });
    const made = (await leadPost(leadId, {
      intent: "make-estimate",
      tier: "better",
      wastePercent: "10",
      tearOffLayers: "1",
    })) as Response;
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe(`/admin/leads/${leadId}`);
    const { estimate } = (await leadPage(leadId)).estimate!;
    expect(estimate!.lines.map((l) => [l.key, l.quantity, l.totalCents])).toEqual([
      ["shingles", 45, 189000],
      ["underlayment", 2, 19000],
      ["starter", 2, 11000],
      ["drip-edge", 15, 14250],
      ["ridge-cap", 2, 14000],
      ["nails", 13.42, 10736],
      ["labor-low", 13.42, 107360],
      ["disposal", 13.42, 20130],
    ]);
    expect(estimate).toMatchObject({
      tier: "better",
      wastePercent: 10,
      tearOffLayers: 1,
      taxRateBasisPoints: 850,
      subtotalCents: 385476,
      taxCents: 32765,
      totalCents: 418241,
    });
    expect(getLead(leadId)?.status).toBe("measured");
  });

  it("takes the traced lines of a measurement: valleys get ice-and-water, and the page says nothing was guessed", async () => {
    // 40 × 30 ft at 6/12, 1 ft per unit: eaves, rakes, a ridge and a valley 14.1 ft long seen from above.
    const at = (x: number, y: number) => ({ x: x + 100, y: y + 100 });
    const line = (kind: string, a: [number, number], b: [number, number]) => ({ kind, a: at(...a), b: at(...b) });
    const top = {
      scale: 1,
      scaleSource: "typed",
      facets: [{ points: [at(0, 0), at(40, 0), at(40, 30), at(0, 30)], pitch: 6 }],
      lines: [
        line("eave", [0, 0], [40, 0]),
        line("eave", [0, 30], [40, 30]),
        line("rake", [0, 0], [0, 30]),
        line("rake", [40, 0], [40, 30]),
        line("ridge", [0, 15], [40, 15]),
        line("valley", [10, 0], [20, 10]),
      ],
    };
    const leadId = await measuredLead({ pitch: "6", drawing: JSON.stringify({ top }) });
    expect((await leadPage(leadId)).estimate).toMatchObject({ measured: true, linesFrom: "traced" });
    await leadPost(leadId, { intent: "make-estimate", tier: "better", wastePercent: "12", tearOffLayers: "1" });
    const byKey = Object.fromEntries(getEstimate(leadId)!.lines.map((l) => [l.key, l.quantity]));
    // Rakes 2 × 30 × 1.118 = 67.08 ft; drip edge (80 + 67.08) / 10 → 15; the valley 10√2 × 1.0607 = 15 ft / 66 → 1 roll.
    expect(byKey).toMatchObject({ shingles: 46, "drip-edge": 15, starter: 2, "ridge-cap": 2, "ice-and-water": 1 });
  });

  it("works the totals out again on the server when staff adjust a line, add one and remove one, whatever totals the browser sent", async () => {
    const leadId = await measuredLead({ area: "2000", pitch: "5" });
    await leadPost(leadId, { intent: "make-estimate", tier: "good", wastePercent: "10", tearOffLayers: "2" });
    const stored = getEstimate(leadId)!;
    expect(stored.lines.map((l) => l.key)).toEqual([
      "shingles",
      "underlayment",
      "nails",
      "labor-low",
      "tear-off",
      "disposal",
    ]);
    const fields: Record<string, string> = {
      intent: "save-estimate",
      subtotalCents: "1",
      totalCents: "1",
      taxCents: "0",
    };
    stored.lines.forEach((l, i) => {
      Object.assign(fields, {
        [`lines[${i}].key`]: l.key,
        [`lines[${i}].label`]: l.label,
        [`lines[${i}].quantity`]: String(l.quantity),
        [`lines[${i}].unit`]: l.unit,
        [`lines[${i}].unitPrice`]: (l.unitPriceCents / 100).toFixed(2),
        [`lines[${i}].totalCents`]: "1",
      });
    });
    Object.assign(fields, {
      "lines[0].quantity": "70",
      "lines[0].unitPrice": "35.10",
      "lines[4].remove": "on",
      "add.label": "Pipe boots",
      "add.quantity": "3",
      "add.unitPrice": "14.99",
    });
    const res = (await leadPost(leadId, fields)) as Response;
    expect(res.status).toBe(302);
    const after = getEstimate(leadId)!;
    const lines = after.lines.map((l) => [l.key, l.quantity, l.unitPriceCents, l.totalCents, l.adjusted]);
    expect(lines[0]).toEqual(["shingles", 70, 3510, 245700, true]);
    expect(lines.map((l) => l[0])).toEqual(["shingles", "underlayment", "nails", "labor-low", "disposal", "custom"]);
    expect(lines.at(-1)).toEqual(["custom", 3, 1499, 4497, true]);
    const subtotal = after.lines.reduce((s, l) => s + l.totalCents, 0);
    expect(after.subtotalCents).toBe(subtotal);
    expect(after.taxCents).toBe(Math.round((subtotal * 850) / 10000));
    expect(after.totalCents).toBe(subtotal + after.taxCents);
  });

  it("answers hostile numbers with 400 and a message by each field, not 500, and changes nothing", async () => {
    const leadId = await measuredLead({ length: "40", width: "30", pitch: "6" });
    await leadPost(leadId, { intent: "make-estimate", tier: "best", wastePercent: "12", tearOffLayers: "1" });
    const before = getEstimate(leadId)!;
    const res = (await leadPost(leadId, {
      intent: "save-estimate",
      "lines[0].key": "shingles",
      "lines[0].label": "Designer shingles",
      "lines[0].quantity": "-1",
      "lines[0].unit": "bundle",
      "lines[0].unitPrice": "NaN",
      "lines[1].key": "underlayment",
      "lines[1].label": "Underlayment",
      "lines[1].quantity": "1e308",
      "lines[1].unit": "roll",
      "lines[1].unitPrice": "99999999999999999999",
      "lines[2].key": "nails",
      "lines[2].label": "Nails",
      "lines[2].quantity": "Infinity",
      "lines[2].unit": "sq",
      "lines[2].unitPrice": "-0.01",
    })) as unknown as Refused;
    expect(res.init.status).toBe(400);
    expect(res.data.intent).toBe("save-estimate");
    const errors = res.data.reply!.error;
    for (const name of [
      "lines[0].quantity",
      "lines[0].unitPrice",
      "lines[1].quantity",
      "lines[1].unitPrice",
      "lines[2].quantity",
      "lines[2].unitPrice",
    ])
      expect(errors[name], name).toHaveLength(1);
    expect(getEstimate(leadId)).toEqual(before);

    const choice = (await leadPost(leadId, {
      intent: "make-estimate",
      tier: "platinum",
      wastePercent: "NaN",
      tearOffLayers: "-1",
    })) as unknown as Refused;
    expect(choice.init.status).toBe(400);
    expect(Object.keys(choice.data.reply!.error).sort()).toEqual(["tearOffLayers", "tier", "wastePercent"]);
  });

  it("cannot be made before the roof is measured, nor saved before it is made", async () => {
    const lead = createLead(
      {
        name: "Not Measured",
        email: "nm@example.com",
        phone: "",
        message: "Leak",
        service: "Roof Repairs",
        street: "1 A St",
        city: "Derby",
        zip: "67037",
      },
      [],
    );
    expect((await leadPage(lead.id)).estimate).toMatchObject({ measured: false, estimate: null });
    const make = (await leadPost(lead.id, {
      intent: "make-estimate",
      tier: "good",
      wastePercent: "10",
      tearOffLayers: "1",
    })) as unknown as Refused;
    expect(make.init.status).toBe(400);
    expect(make.data.reply!.error[""]).toEqual([ESTIMATE_MESSAGES.notMeasured]);
    const save = (await leadPost(lead.id, {
      intent: "save-estimate",
      "add.label": "Patch",
      "add.quantity": "1",
      "add.unitPrice": "100",
    })) as unknown as Refused;
    expect(save.init.status).toBe(400);
    expect(save.data.reply!.error[""]).toEqual([ESTIMATE_MESSAGES.gone]);
    expect(getEstimate(lead.id)).toBeUndefined();
    const unknown = await leadPost(999999, {
      intent: "make-estimate",
      tier: "good",
      wastePercent: "10",
      tearOffLayers: "1",
    }).catch((r: Response) => r);
    expect((unknown as Response).status).toBe(404);
  });
});

describe("materials the measurement could not count", () => {
  it("keeps a proposal back until staff leave them out with a reason, which the estimate keeps and shows", async () => {
    // A roof area typed alone: no eaves, rakes, ridge or valleys to count starter, drip edge, ridge cap or valley lining from.
    const leadId = await measuredLead({ area: "2400", pitch: "6" });
    await leadPost(leadId, { intent: "make-estimate", tier: "better", wastePercent: "10", tearOffLayers: "1" });
    expect(getEstimate(leadId)!.missingMaterials).toEqual(["starter", "drip-edge", "ridge-cap", "ice-and-water"]);
    const page = await leadPage(leadId);
    expect(page.estimate!.estimate!.missing).toMatch(
      /^The estimate has no starter strip, drip edge, ridge cap and valley lining \(ice-and-water\)/,
    );
    expect(page.proposals!.blocked).toBe(page.estimate!.estimate!.missing);

    const proposal = { intent: "send-proposal", terms: "Pay on completion.", validDays: "30" };
    const refused = (await leadPost(leadId, proposal)) as unknown as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.intent).toBe("send-proposal");
    expect(refused.data.reply!.error[""]![0]).toContain("starter strip, drip edge, ridge cap");

    const noReason = (await leadPost(leadId, { intent: "leave-out-materials", reason: " " })) as unknown as Refused;
    expect(noReason.init.status).toBe(400);
    expect(noReason.data.reply!.error.reason).toEqual(["Please say why they are left out"]);

    const kept = (await leadPost(leadId, {
      intent: "leave-out-materials",
      reason: "Metal edge and ridge vent stay; no valleys",
    })) as Response;
    expect(kept.status).toBe(302);
    const after = await leadPage(leadId);
    expect(after.estimate!.estimate).toMatchObject({
      missing: null,
      leftOut: {
        what: "starter strip, drip edge, ridge cap and valley lining (ice-and-water)",
        reason: "Metal edge and ridge vent stay; no valleys",
      },
    });
    expect(after.proposals!.blocked).toBeNull();
    expect(((await leadPost(leadId, proposal)) as Response).status).toBe(302);
  });
});

describe("which figure the estimate uses", () => {
  it("says on the roof card and on the estimate that the traced outline wins over a typed length × width", async () => {
    const top = {
      scale: 1,
      scaleSource: "typed",
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
      lines: [],
    };
    const leadId = await measuredLead({ length: "40", width: "30", pitch: "6", drawing: JSON.stringify({ top }) });
    const words = "Made from the traced outline: 1,677 sq ft. Traced facets override the typed length and width.";
    const before = await leadPage(leadId);
    expect(before.roof!.basis).toBe(words);
    expect(before.estimate!.roofBasis).toBe(words);
    await leadPost(leadId, { intent: "make-estimate", tier: "better", wastePercent: "10", tearOffLayers: "1" });
    expect((await leadPage(leadId)).estimate!.estimate!.roofBasis).toBe(words);
  });
});

describe("the estimate's limits", () => {
  it("refuses a coverage no roof could use, with the reason in the message", async () => {
    for (const tiny of ["1e-300", "0.00001"]) {
      const res = (await savePrices(pricingForm({ underlaymentSquaresPerRoll: tiny }))) as unknown as {
        init: ResponseInit;
        data: { error: Record<string, string[]> };
      };
      expect(res.init.status).toBe(400);
      expect(res.data.error.underlaymentSquaresPerRoll).toEqual([
        "Please enter at least 1: squares one roll covers after its laps (10 for common synthetic rolls). Less would order far more than any roof needs.",
      ]);
    }
    expect(getSetting("pricing").underlaymentSquaresPerRoll).not.toBeLessThan(1);
  });

  it("answers an estimate from a price saved before the bounds (1e-300, 0.00001) with a 400 naming the line, not a 500", async () => {
    const leadId = await measuredLead({ area: "2400", pitch: "6" });
    for (const tiny of [1e-300, 0.00001]) {
      setSetting("pricing", { ...getSetting("pricing"), underlaymentSquaresPerRoll: tiny });
      const res = (await leadPost(leadId, {
        intent: "make-estimate",
        tier: "better",
        wastePercent: "10",
        tearOffLayers: "1",
      })) as unknown as Refused;
      expect(res.init.status).toBe(400);
      expect(res.data.reply!.error[""]![0]).toMatch(/^“Synthetic underlayment” comes to more than 100,000 roll/);
      expect(getEstimate(leadId)).toBeUndefined();
    }
    setSetting("pricing", DEFAULT_PRICING);
  });

  it("answers lines that come to more than an estimate may with a 400 naming the line, and keeps what was saved", async () => {
    const leadId = await measuredLead({ length: "40", width: "30", pitch: "6" });
    await leadPost(leadId, { intent: "make-estimate", tier: "better", wastePercent: "10", tearOffLayers: "1" });
    const before = getEstimate(leadId)!;
    const res = (await leadPost(leadId, {
      intent: "save-estimate",
      "lines[0].key": "shingles",
      "lines[0].label": "Architectural shingles",
      "lines[0].quantity": "100000",
      "lines[0].unit": "bundle",
      "lines[0].unitPrice": "100000",
    })) as unknown as Refused;
    expect(res.init.status).toBe(400);
    expect(res.data.reply!.error[""]).toEqual([
      "“Architectural shingles” comes to $10,000,000,000.00, more than a line may ($10,000,000.00): check its quantity and price.",
    ]);
    expect(getEstimate(leadId)).toEqual(before);
  });
});
