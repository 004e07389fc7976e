/**
 * An estimate's shape and rules (decision 0025). Money is whole cents everywhere; a rate is in
 * basis points (1/100 of a percent), so no float ever reaches a total.
 */

import { z } from "~/lib/zod";
import { dollarsField } from "./money";
import { formatCents, mulDivRoundHalfUp, taxCents } from "./money-format";
import { PITCH_BAND_LABELS, PITCH_BANDS, pitchBand, type Pricing } from "./pricing";
import { formatSqFt, overrideNote, type RoofSummary } from "./roof-summary";
import { hundredths, materialTakeoff, type Coverage, type Takeoff, type TakeoffKey, type TakeoffRoof } from "./takeoff";

/** The good/better/best choice of shingle line the owner prices. */
export const SHINGLE_TIERS = ["good", "better", "best"] as const;
export type ShingleTier = (typeof SHINGLE_TIERS)[number];

/** One line of an estimate as stored: what, how many of what unit, at what price. */
export type EstimateLine = {
  /** Which takeoff item or labor it came from ("shingles", "labor-low", ...; older rows were renamed by migration 0014), or "custom". */
  key: string;
  label: string;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  totalCents: number;
  /** Staff changed it from what the takeoff and prices gave. */
  adjusted: boolean;
};

// ---- Money maths (decision 0025) -----------------------------------------------------------

/** The most of anything a line may count (a typo beyond it), and the most lines an estimate has. */
export const MAX_QUANTITY = 100_000;
export const MAX_LINES = 60;
/** The most a line, or the whole estimate, may come to ($10,000,000): beyond it, a typo or a wrong coverage. */
export const MAX_TOTAL_CENTS = 1_000_000_000;

// One half-up rounding for all money (money-format.ts); re-exported for the estimate's callers.
export { mulDivRoundHalfUp, taxCents };

/** A quantity in hundredths: 13.42 → 1342. Quantities have at most two decimals. */
export const quantityHundredths = (quantity: number) => Math.round(quantity * 100);

/** Quantity × unit price, to the cent: 13.42 sq × $80.00 = $1,073.60; 0.01 × $0.50 = half a cent → 1 cent. */
export function lineTotalCents(quantity: number, unitPriceCents: number): number {
  return mulDivRoundHalfUp(quantityHundredths(quantity), unitPriceCents, 100);
}

export type EstimateTotals = { lines: EstimateLine[]; subtotalCents: number; taxCents: number; totalCents: number };

/**
 * The totals, always worked out again from each line's quantity and unit price: a total
 * that came with a line (from a browser, or an older save) is never trusted. Tax is on the
 * whole subtotal: Kansas taxes re-roofing labor as well as its materials.
 */
export function estimateTotals(lines: Omit<EstimateLine, "totalCents">[], rateBasisPoints: number): EstimateTotals {
  const priced = lines.map((l) => ({ ...l, totalCents: lineTotalCents(l.quantity, l.unitPriceCents) }));
  const subtotalCents = priced.reduce((sum, l) => sum + l.totalCents, 0);
  const tax = taxCents(subtotalCents, rateBasisPoints);
  return { lines: priced, subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

/**
 * Why these lines cannot be an estimate, naming the line, or null when they can: a
 * quantity past what a line may count (a coverage typed as 0.00001 orders millions of
 * rolls) or a total past what an estimate may come to. Checked before any cents are worked
 * out, so such a price is a message to staff, never a server error.
 */
export function estimateOverLimits(lines: Omit<EstimateLine, "totalCents">[], rateBasisPoints: number): string | null {
  let subtotal = 0;
  for (const l of lines) {
    if (!Number.isFinite(l.quantity) || l.quantity > MAX_QUANTITY) {
      return `“${l.label}” comes to more than ${MAX_QUANTITY.toLocaleString("en-US")} ${l.unit}, the most a line may count: check what one unit covers on the Pricing page, or the line's quantity.`;
    }
    const total = lineTotalCents(l.quantity, l.unitPriceCents);
    if (total > MAX_TOTAL_CENTS)
      return `“${l.label}” comes to ${formatCents(total)}, more than a line may (${formatCents(MAX_TOTAL_CENTS)}): check its quantity and price.`;
    subtotal += total;
  }
  const total = subtotal + taxCents(subtotal, rateBasisPoints);
  return total > MAX_TOTAL_CENTS
    ? `The estimate comes to ${formatCents(total)}, more than an estimate may (${formatCents(MAX_TOTAL_CENTS)}): check the quantities and prices.`
    : null;
}

// ---- From the takeoff and the owner's prices ------------------------------------------------

export const TEAR_OFF_LAYERS = [0, 1, 2, 3] as const;
export const MAX_WASTE_PERCENT = 50;

export type EstimateChoice = { tier: ShingleTier; wastePercent: number; tearOffLayers: number };

const MATERIAL_LABELS: Record<Exclude<TakeoffKey, "shingles">, string> = {
  underlayment: "Synthetic underlayment",
  starter: "Starter strip",
  "drip-edge": "Drip edge",
  "ridge-cap": "Hip and ridge cap",
  "ice-and-water": "Ice-and-water membrane (valleys)",
  "valley-metal": "Valley metal",
  nails: "Nails, sealant and sundries",
};

/** What staff read for a takeoff item the measurement could not count. */
export const MISSING_MATERIAL_LABELS: Record<TakeoffKey, string> = {
  shingles: "shingles",
  underlayment: "underlayment",
  starter: "starter strip",
  "drip-edge": "drip edge",
  "ridge-cap": "ridge cap",
  "ice-and-water": "valley lining (ice-and-water)",
  "valley-metal": "valley lining (metal)",
  nails: "nails",
};

const joinWords = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/** "starter strip, drip edge and ridge cap". */
export const missingMaterialWords = (keys: readonly TakeoffKey[]) =>
  joinWords(keys.map((k) => MISSING_MATERIAL_LABELS[k]));

/**
 * Materials the owner prices that the estimate lacks and nobody said why: a proposal waits
 * for them (a line with the item's key, or staff's reason for leaving them out).
 */
export function unexplainedMissing(estimate: {
  missingMaterials: readonly TakeoffKey[];
  leftOutReason: string | null;
  lines: readonly { key: string }[];
}): TakeoffKey[] {
  if (estimate.leftOutReason) return [];
  const keys = new Set(estimate.lines.map((l) => l.key));
  return estimate.missingMaterials.filter((k) => !keys.has(k));
}

/**
 * Why a proposal waits: what is missing, and the two ways on. A line added by hand does not
 * count (it is "custom", not the takeoff's item), so the message says so: staff who price
 * the item by hand say it in the reason.
 */
export const missingMaterialsMessage = (keys: readonly TakeoffKey[]) =>
  `The estimate has no ${missingMaterialWords(keys)}: the measurement has no lengths for them. Trace the roof's lines and make the estimate again, or leave them out with a reason. A line added by hand does not count: if you added one, say so in the reason.`;

/** What the owner charges per unit of a takeoff item on the chosen shingle line. */
function materialPrice(key: TakeoffKey, p: Pricing, tier: ShingleTier): number {
  const t = p.tiers[tier];
  const prices: Record<TakeoffKey, number> = {
    shingles: t.shingleBundleCents,
    underlayment: p.underlaymentRollCents,
    starter: p.starterBundleCents,
    "drip-edge": p.dripEdgePieceCents,
    "ridge-cap": t.ridgeCapBundleCents,
    "ice-and-water": p.iceAndWaterRollCents,
    "valley-metal": p.valleyMetalPieceCents,
    nails: p.nailsPerSquareCents,
  };
  return prices[key];
}

/** The coverage the takeoff uses for the chosen shingle line: here, beside the choice, so pricing.ts needs nothing of the estimate. */
function coverageFor(p: Pricing, tier: ShingleTier): Coverage {
  const t = p.tiers[tier];
  return {
    bundlesPerSquare: t.bundlesPerSquare,
    underlaymentSquaresPerRoll: p.underlaymentSquaresPerRoll,
    starterFtPerBundle: p.starterFtPerBundle,
    starterOnRakes: p.starterOnRakes,
    dripEdgeFtPerPiece: p.dripEdgeFtPerPiece,
    ridgeCapFtPerBundle: t.ridgeCapFtPerBundle,
    valleyMaterial: p.valleyMaterial,
    iceAndWaterFtPerRoll: p.iceAndWaterFtPerRoll,
    valleyMetalFtPerPiece: p.valleyMetalFtPerPiece,
  };
}

/** A takeoff item's line as the homeowner reads it: the shingles and the ridge cap carry the line's own name. */
function materialLabel(key: TakeoffKey, p: Pricing, tier: ShingleTier): string {
  const tierName = p.tiers[tier].name;
  if (key === "shingles") return `${tierName} shingles`;
  return key === "ridge-cap" ? `${tierName} ${MATERIAL_LABELS[key].toLowerCase()}` : MATERIAL_LABELS[key];
}

/** The lines a shingle line sets: its shingles and its ridge cap; every other line is the same on each. */
const TIER_KEYS: readonly string[] = ["shingles", "ridge-cap"] satisfies TakeoffKey[];

/**
 * The estimate's lines on another of the owner's shingle lines (a proposal's option): the
 * shingles and the ridge cap at that line's price and name, every other line as the estimate
 * has it. Their quantity is what the measurement orders of that line (its bundles per square
 * and feet per ridge bundle) when the estimate's own line is still what the same measurement
 * ordered; a quantity staff changed, or one from an earlier measurement, is kept. The
 * estimate's own tier is the estimate, line for line.
 */
export function linesAtTier(
  estimate: EstimateChoice & { lines: readonly EstimateLine[] },
  roof: TakeoffRoof | null,
  p: Pricing,
  tier: ShingleTier,
): Omit<EstimateLine, "totalCents">[] {
  const strip = ({ totalCents: _total, ...line }: EstimateLine) => line;
  if (tier === estimate.tier) return estimate.lines.map(strip);
  const own = roof ? estimateLines(roof, p, estimate).lines : [];
  const other = roof ? estimateLines(roof, p, { ...estimate, tier }).lines : [];
  return estimate.lines.map((line) => {
    if (!TIER_KEYS.includes(line.key)) return strip(line);
    const key = line.key as TakeoffKey;
    const measured = own.find((l) => l.key === key)?.quantity === line.quantity && !line.adjusted;
    return {
      ...strip(line),
      label: materialLabel(key, p, tier),
      quantity: (measured && other.find((l) => l.key === key)?.quantity) || line.quantity,
      unitPriceCents: materialPrice(key, p, tier),
    };
  });
}

/**
 * The estimate's lines for a measured roof: each takeoff item at the owner's price, labor
 * per square in each pitch band the roof has (the one base price includes tearing off one
 * layer), each extra layer's tear-off per square, and disposal per square per layer torn
 * off; and the items the owner prices that the measurement could not count (`missing`).
 */
export function estimateLines(
  roof: TakeoffRoof,
  p: Pricing,
  choice: EstimateChoice,
): { takeoff: Takeoff; lines: Omit<EstimateLine, "totalCents">[]; missing: TakeoffKey[] } {
  const takeoff = materialTakeoff(roof, choice.wastePercent, coverageFor(p, choice.tier));
  const lines: Omit<EstimateLine, "totalCents">[] = takeoff.items.map((item) => ({
    key: item.key,
    label: materialLabel(item.key, p, choice.tier),
    quantity: item.quantity,
    unit: item.unit,
    unitPriceCents: materialPrice(item.key, p, choice.tier),
    adjusted: false,
  }));
  const areaByBand = new Map<string, number>();
  for (const part of roof.areaByPitch) {
    const band = pitchBand(part.pitch);
    areaByBand.set(band, (areaByBand.get(band) ?? 0) + part.area);
  }
  for (const band of PITCH_BANDS) {
    const area = areaByBand.get(band);
    if (!area) continue;
    // One band is the whole roof: its squares are the measurement's own figure.
    const squares = areaByBand.size === 1 ? takeoff.squares : hundredths(area / 100);
    lines.push({
      key: `labor-${band}`,
      label: `Labor, pitch ${PITCH_BAND_LABELS[band]}`,
      quantity: squares,
      unit: "sq",
      unitPriceCents: p.laborPerSquareCents[band],
      adjusted: false,
    });
  }
  const extra = Math.max(0, choice.tearOffLayers - 1);
  if (extra > 0) {
    lines.push({
      key: "tear-off",
      label: `Tear-off of ${extra} extra layer${extra > 1 ? "s" : ""}`,
      quantity: hundredths(takeoff.squares * extra),
      unit: "sq",
      unitPriceCents: p.extraLayerPerSquareCents,
      adjusted: false,
    });
  }
  if (choice.tearOffLayers > 0) {
    lines.push({
      key: "disposal",
      label: `Disposal (${choice.tearOffLayers} layer${choice.tearOffLayers > 1 ? "s" : ""})`,
      quantity: hundredths(takeoff.squares * choice.tearOffLayers),
      unit: "sq",
      unitPriceCents: p.disposalPerSquareCents,
      adjusted: false,
    });
  }
  return { takeoff, lines, missing: takeoff.omitted.filter((key) => materialPrice(key, p, choice.tier) > 0) };
}

const SOURCE_WORDS = {
  traced: "the traced outline",
  "length-width": "the typed length × width at its pitch",
  "typed-area": "the typed roof area",
} as const;

/**
 * Which of the roof's figures the estimate is made from, in words, and what typed values
 * it leaves aside: "Made from the traced outline: 2,640 sq ft. Traced facets override the
 * typed length and width." Null when the roof has no area.
 */
export function roofBasisNote(summary: RoofSummary): string | null {
  if (summary.source === null || summary.roofArea === null) return null;
  return [`Made from ${SOURCE_WORDS[summary.source]}: ${formatSqFt(summary.roofArea)}.`, overrideNote(summary)]
    .filter(Boolean)
    .join(" ");
}

// ---- Forms ------------------------------------------------------------------------------

// The fields of the lead page's estimate forms; their intents are in lib/lead-forms.ts.

/** "Leave it out": why the missing materials are not on the estimate, kept on it and shown. */
export const LeaveOutSchema = z.object({
  reason: z
    .string({ error: "Please say why they are left out" })
    .trim()
    .min(3, "Please say why they are left out")
    .max(300, "Please keep the reason under 300 characters"),
});

/** "Make an estimate": the shingle line, the waste and the layers to tear off. */
export const MakeEstimateSchema = z.object({
  tier: z.enum(SHINGLE_TIERS, { error: "Please choose a shingle line" }),
  wastePercent: z.coerce
    .number({ error: "Please enter the waste as a percent, like 10" })
    .int("Please enter a whole percent, like 10")
    .min(0, "Please enter a waste percent of 0 or more")
    .max(MAX_WASTE_PERCENT, `Please enter at most ${MAX_WASTE_PERCENT}%`),
  tearOffLayers: z.coerce
    .number({ error: "Please choose the layers to tear off" })
    .int("Please choose the layers to tear off")
    .min(0, "Please choose the layers to tear off")
    .max(TEAR_OFF_LAYERS.at(-1)!, "Please choose the layers to tear off"),
});

const quantity = z
  .string({ error: "Please enter a quantity" })
  .trim()
  .transform((value, ctx) => {
    const n = /^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(value.replaceAll(",", "")) ? Number(value.replaceAll(",", "")) : NaN;
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: "Please enter a quantity of 0 or more, with at most two decimals" });
      return z.NEVER;
    }
    if (n > MAX_QUANTITY) {
      ctx.addIssue({
        code: "custom",
        message: `Please enter a quantity of at most ${MAX_QUANTITY.toLocaleString("en-US")}`,
      });
      return z.NEVER;
    }
    return n;
  });
const unitPrice = dollarsField({
  invalid: "Please enter a price in dollars of 0 or more, like 12.50",
  tooMuch: "Please enter a price of at most $100,000.00",
});
const label = z
  .string({ error: "Please describe the line" })
  .trim()
  .min(1, "Please describe the line")
  .max(120, "Please keep it under 120 characters");
const unit = z.string().trim().max(20, "Please keep the unit short").default("each");

/**
 * The estimate as staff adjust it: each line's words, quantity and unit price (dollars),
 * a box to remove it, and an optional new line at the end. Totals are never read from it.
 */
export const EstimateLinesSchema = z.object({
  lines: z
    .array(
      z.object({
        key: z.string().trim().min(1).max(40).default("custom"),
        label,
        quantity,
        unit,
        unitPrice,
        remove: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
      }),
    )
    .max(MAX_LINES, `An estimate has at most ${MAX_LINES} lines`)
    .default([]),
  add: z
    .object({
      label: label.optional(),
      quantity: quantity.optional(),
      unit: unit.optional(),
      unitPrice: unitPrice.optional(),
    })
    .default({})
    .superRefine((a, ctx) => {
      const filled = [a.label, a.quantity, a.unitPrice].filter((v) => v !== undefined).length;
      if (filled === 0 || filled === 3) return;
      if (a.label === undefined)
        ctx.addIssue({ code: "custom", path: ["label"], message: "Please describe the new line" });
      if (a.quantity === undefined)
        ctx.addIssue({ code: "custom", path: ["quantity"], message: "Please enter the new line's quantity" });
      if (a.unitPrice === undefined)
        ctx.addIssue({ code: "custom", path: ["unitPrice"], message: "Please enter the new line's price" });
    }),
});
export type EstimateLinesInput = z.output<typeof EstimateLinesSchema>;

/**
 * The lines to keep after staff's edits: removed ones dropped, a line marked adjusted when
 * its quantity or price differs from what was stored at its place, a filled-in new line
 * added as a custom one. The caller works the totals out again (`estimateTotals`).
 */
export function adjustLines(stored: EstimateLine[], input: EstimateLinesInput): Omit<EstimateLine, "totalCents">[] {
  const kept = input.lines.flatMap((line, i) => {
    if (line.remove) return [];
    const before = stored[i];
    const same = before && before.key === line.key;
    const changed =
      !same ||
      before.quantity !== line.quantity ||
      before.unitPriceCents !== line.unitPrice ||
      before.label !== line.label ||
      before.unit !== line.unit;
    return [
      {
        key: same ? before.key : "custom",
        label: line.label,
        quantity: line.quantity,
        unit: line.unit,
        unitPriceCents: line.unitPrice,
        adjusted: (same && before.adjusted) || changed,
      },
    ];
  });
  const a = input.add;
  if (a.label !== undefined && a.quantity !== undefined && a.unitPrice !== undefined) {
    kept.push({
      key: "custom",
      label: a.label,
      quantity: a.quantity,
      unit: a.unit || "each",
      unitPriceCents: a.unitPrice,
      adjusted: true,
    });
  }
  return kept;
}

/** What the lead page says of its estimate forms (services/estimate-actions.server.ts). */
export const ESTIMATE_MESSAGES = {
  made: "Estimate made",
  saved: "Estimate saved",
  withdrew: "The open proposal was withdrawn: send a new one",
  leftOut: "Reason kept on the estimate",
  notMeasured: "Measure the roof first: the estimate is made from its measurement.",
  gone: "This lead has no estimate to save: make one first.",
  locked:
    "The homeowner accepted this estimate, so it stays as signed. Bill a change as a change order on the job's invoice (Invoices and payments); different work needs a new lead and its own proposal.",
} as const;

/**
 * The line under an estimate's choices saying who sees it, for each state the lead is in:
 * a draft no one has been sent, an estimate an open proposal was made from, a won lead's
 * records. A locked (accepted) estimate has its own note, so nothing here.
 */
export function estimateAudienceNote(state: { locked: boolean; openProposal: boolean; leadWon: boolean }) {
  // A lock and an open proposal each have a note of their own beside the estimate, which says it.
  if (state.locked || state.openProposal) return null;
  if (state.leadWon)
    return "The lead is won: this estimate is for your records; the homeowner sees only the proposals sent.";
  return "A draft: the homeowner sees it once a proposal is sent.";
}
