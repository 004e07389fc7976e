/**
 * What staff offer on a proposal (decision 0108): which of the owner's shingle lines, made
 * from the lead's one estimate, which of the owner's add-ons, and whether the homeowner sees
 * unit prices. The owner's add-ons are a settings group edited on the Pricing page. Server
 * and admin only (zod): the homeowner's page reads lib/proposal-choice.ts.
 */
import { z } from "~/lib/zod";
import {
  estimateTotals,
  linesAtTier,
  SHINGLE_TIERS,
  type EstimateChoice,
  type EstimateLine,
  type ShingleTier,
} from "./estimate";
import { dollarsField, centsToDollars } from "./money";
import type { Pricing } from "./pricing";
import type { ProposalAddOn, ProposalOption } from "./proposal";
import { MAX_ADD_ONS } from "./proposal-choice";
import type { TakeoffRoof } from "./takeoff";

/** One of the owner's add-ons: what the homeowner reads and its price before tax. */
export type AddOn = { label: string; cents: number };
export type AddOnSettings = { items: AddOn[] };

export const ADD_ON_LABEL_MAX = 80;

export const AddOnSettingsSchema = z.object({
  items: z
    .array(z.object({ label: z.string().trim().min(1).max(ADD_ON_LABEL_MAX), cents: z.number().int().min(0) }))
    .max(MAX_ADD_ONS),
});

/** Where a new site starts: three extras most re-roofs are offered, at round Wichita-area prices. */
export const DEFAULT_ADD_ONS: AddOnSettings = {
  items: [
    { label: "Gutter guards (per house)", cents: 85000 },
    { label: "Ridge vent upgrade", cents: 45000 },
    { label: "Skylight flashing kit (each)", cents: 27500 },
  ],
};

/**
 * The Pricing page's add-on rows: a label and a price each; a row left without a label is
 * dropped (that is how one is removed without scripts), a price without a label is an error.
 */
export const AddOnsFormSchema = z
  .array(
    z.object({
      label: z.string().trim().max(ADD_ON_LABEL_MAX, `Please keep it under ${ADD_ON_LABEL_MAX} characters`).optional(),
      price: dollarsField({
        invalid: "Please enter a price in dollars of 0 or more, like 450",
        tooMuch: "Please enter a price of at most $100,000.00",
      }).optional(),
    }),
  )
  .max(MAX_ADD_ONS + 1, `At most ${MAX_ADD_ONS} add-ons`)
  .default([])
  .transform((rows, ctx) => {
    const items: AddOn[] = [];
    rows.forEach((row, i) => {
      if (!row.label) {
        if (row.price !== undefined && row.price > 0)
          ctx.addIssue({ code: "custom", path: [i, "label"], message: "Please name the add-on, or clear its price" });
        return;
      }
      if (row.price === undefined)
        ctx.addIssue({ code: "custom", path: [i, "price"], message: "Please enter the add-on's price" });
      else items.push({ label: row.label, cents: row.price });
    });
    if (items.length > MAX_ADD_ONS)
      ctx.addIssue({ code: "custom", path: [], message: `At most ${MAX_ADD_ONS} add-ons` });
    return items;
  });

/** The stored add-ons as the form's rows, with one empty row to add another. */
export const addOnFormRows = (s: AddOnSettings) => [
  ...s.items.map((a) => ({ label: a.label, price: centsToDollars(a.cents) })),
  ...(s.items.length < MAX_ADD_ONS ? [{ label: "", price: "" }] : []),
];

/**
 * "Create proposal"'s offer: the shingle lines ticked (none ticked: the estimate's own, as
 * before options), the add-ons ticked by their place in the owner's list, and the switch
 * that shows unit prices (a checkbox: the form posts "on" when shown).
 */
export const OfferFormShape = {
  tiers: z
    .array(z.enum(SHINGLE_TIERS, { error: "Please choose among the shingle lines shown" }))
    .max(3)
    .default([]),
  addOns: z
    .array(
      z.coerce
        .number()
        .int()
        .min(0)
        .max(MAX_ADD_ONS - 1),
    )
    .max(MAX_ADD_ONS)
    .default([]),
  hideUnitPrices: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
};

export type Offer = { tiers: ShingleTier[]; addOns: number[]; hideUnitPrices: boolean };

/**
 * The options and add-ons a proposal freezes: each tier offered (in good/better/best order)
 * as the estimate's lines on that line (`linesAtTier`), totaled at the estimate's tax rate;
 * the estimate's own tier when none is ticked. Add-ons get their place in the offer as id.
 */
export function buildOffer(
  estimate: EstimateChoice & { lines: EstimateLine[]; taxRateBasisPoints: number },
  roof: TakeoffRoof | null,
  pricing: Pricing,
  addOns: readonly AddOn[],
  offer: Offer,
): { options: ProposalOption[]; addOns: ProposalAddOn[]; showUnitPrices: boolean } {
  const ticked = SHINGLE_TIERS.filter((t) => offer.tiers.includes(t));
  const tiers = ticked.length ? ticked : [estimate.tier];
  const options = tiers.map((tier): ProposalOption => {
    const totals = estimateTotals(linesAtTier(estimate, roof, pricing, tier), estimate.taxRateBasisPoints);
    return {
      tier,
      name: pricing.tiers[tier].name,
      lines: totals.lines.map(({ label, quantity, unit, unitPriceCents, totalCents }) => ({
        label,
        quantity,
        unit,
        unitPriceCents,
        totalCents,
      })),
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    };
  });
  const picked = [...new Set(offer.addOns)].sort((a, b) => a - b).flatMap((i) => (addOns[i] ? [addOns[i]] : []));
  return {
    options,
    addOns: picked.map((a, i) => ({ id: String(i + 1), label: a.label, cents: a.cents })),
    showUnitPrices: !offer.hideUnitPrices,
  };
}
