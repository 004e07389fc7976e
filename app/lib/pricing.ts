import { z } from "~/lib/zod";
import { centsToDollars, dollarsField, MAX_UNIT_PRICE_CENTS, parsePercentToBasisPoints } from "./money";
import { DEFAULT_COVERAGE, VALLEY_MATERIALS } from "./takeoff";

/**
 * The owner's prices and coverage (the Pricing page; decisions 0024 and 0025): what each
 * takeoff item covers and costs, per shingle line where the line changes it, labor per
 * square by pitch band, tear-off, disposal and the tax rate. Money in whole cents.
 */

export const PITCH_BANDS = ["low", "mid", "steep"] as const;
export type PitchBand = (typeof PITCH_BANDS)[number];
export const PITCH_BAND_LABELS: Record<PitchBand, string> = {
  low: "up to 6/12",
  mid: "7/12 to 9/12",
  steep: "10/12 and steeper",
};

/** A pitch's labor band. Half steps fall in the band above 6/12 and below 10/12 (6.5 and 9.5 are 7-9). */
export function pitchBand(pitch: number | null): PitchBand {
  if (pitch === null || pitch <= 6) return "low";
  return pitch < 10 ? "mid" : "steep";
}

/** The owner's default deposit until the Pricing page says otherwise: 30 % (basis points). */
export const DEFAULT_DEPOSIT_BASIS_POINTS = 3000;

const count = (max: number) =>
  z
    .number({ error: "Please enter a number" })
    .positive("Please enter a number above 0")
    .max(max, `Please enter at most ${max}`);
const cents = z.number().int().min(0).max(MAX_UNIT_PRICE_CENTS);

const TierSchema = z.object({
  name: z.string().trim().min(1, "Please name the shingle line").max(60),
  bundlesPerSquare: count(10),
  shingleBundleCents: cents,
  ridgeCapFtPerBundle: count(200),
  ridgeCapBundleCents: cents,
});
export type TierPricing = z.infer<typeof TierSchema>;

const shape = {
  tiers: z.object({ good: TierSchema, better: TierSchema, best: TierSchema }),
  underlaymentSquaresPerRoll: count(100),
  underlaymentRollCents: cents,
  starterFtPerBundle: count(1000),
  starterOnRakes: z.boolean(),
  starterBundleCents: cents,
  dripEdgeFtPerPiece: count(100),
  dripEdgePieceCents: cents,
  valleyMaterial: z.enum(VALLEY_MATERIALS),
  iceAndWaterFtPerRoll: count(1000),
  iceAndWaterRollCents: cents,
  valleyMetalFtPerPiece: count(100),
  valleyMetalPieceCents: cents,
  nailsPerSquareCents: cents,
  laborPerSquareCents: z.object({ low: cents, mid: cents, steep: cents }),
  extraLayerPerSquareCents: cents,
  disposalPerSquareCents: cents,
  taxRateBasisPoints: z.number().int().min(0).max(2000),
  // The deposit asked when a proposal is accepted; prices saved before it get the default.
  depositBasisPoints: z.number().int().min(0).max(10_000).default(DEFAULT_DEPOSIT_BASIS_POINTS),
};
export const PricingSchema = z.object(shape);
export type Pricing = z.infer<typeof PricingSchema>;

/**
 * Where a new site starts: Wichita-area prices of 2026 as a round starting point, for the
 * owner to replace with their supplier's. Tax starts at 0: the owner sets the combined rate
 * of the jobs' towns.
 */
export const DEFAULT_PRICING: Pricing = {
  tiers: {
    good: {
      name: "3-tab",
      bundlesPerSquare: 3,
      shingleBundleCents: 3400,
      ridgeCapFtPerBundle: 33,
      ridgeCapBundleCents: 5500,
    },
    better: {
      name: "Architectural",
      bundlesPerSquare: 3,
      shingleBundleCents: 4200,
      ridgeCapFtPerBundle: 25,
      ridgeCapBundleCents: 7000,
    },
    best: {
      name: "Designer",
      bundlesPerSquare: 3,
      shingleBundleCents: 6500,
      ridgeCapFtPerBundle: 20,
      ridgeCapBundleCents: 8500,
    },
  },
  underlaymentSquaresPerRoll: DEFAULT_COVERAGE.underlaymentSquaresPerRoll,
  underlaymentRollCents: 9500,
  starterFtPerBundle: DEFAULT_COVERAGE.starterFtPerBundle,
  starterOnRakes: DEFAULT_COVERAGE.starterOnRakes,
  starterBundleCents: 5500,
  dripEdgeFtPerPiece: DEFAULT_COVERAGE.dripEdgeFtPerPiece,
  dripEdgePieceCents: 950,
  valleyMaterial: DEFAULT_COVERAGE.valleyMaterial,
  iceAndWaterFtPerRoll: DEFAULT_COVERAGE.iceAndWaterFtPerRoll,
  iceAndWaterRollCents: 12000,
  valleyMetalFtPerPiece: DEFAULT_COVERAGE.valleyMetalFtPerPiece,
  valleyMetalPieceCents: 2500,
  nailsPerSquareCents: 800,
  laborPerSquareCents: { low: 8000, mid: 9500, steep: 12500 },
  extraLayerPerSquareCents: 2000,
  disposalPerSquareCents: 1500,
  taxRateBasisPoints: 0,
  depositBasisPoints: DEFAULT_DEPOSIT_BASIS_POINTS,
};

/**
 * What a unit may sensibly cover, for the form: a coverage typed as 0.00001
 * orders millions of rolls, so each has a floor and a ceiling, and the message says why.
 * Stored prices keep the looser schema above, so an older save still loads; the estimate's
 * own limits catch what it would order.
 */
export const COVERAGE_BOUNDS = {
  bundlesPerSquare: { min: 1, max: 10, what: "bundles of shingles to a square (3 for most lines)" },
  ridgeCapFtPerBundle: { min: 5, max: 200, what: "feet of hip and ridge cap in a bundle (about 20 to 33)" },
  underlaymentSquaresPerRoll: {
    min: 1,
    max: 100,
    what: "squares one roll covers after its laps (10 for common synthetic rolls)",
  },
  starterFtPerBundle: { min: 10, max: 1000, what: "feet of starter in a bundle (about 105 to 120)" },
  dripEdgeFtPerPiece: { min: 1, max: 100, what: "feet in a piece of drip edge (10 for most)" },
  iceAndWaterFtPerRoll: { min: 10, max: 1000, what: "feet of valley one roll covers (about 66)" },
  valleyMetalFtPerPiece: { min: 1, max: 100, what: "feet in a piece of valley metal (10 for most)" },
} as const;
type CoverageField = keyof typeof COVERAGE_BOUNDS;

/** The form's hint for a coverage box: its range and what it means. */
export const coverageHint = (field: CoverageField) => {
  const b = COVERAGE_BOUNDS[field];
  return `From ${b.min} to ${b.max.toLocaleString("en-US")}: ${b.what}.`;
};

// The form: money typed as dollars ("12.50", "$1,250"), the tax rate as a percent ("8.5").
const dollars = dollarsField({
  invalid: "Please enter a price in dollars, like 12.50",
  tooMuch: `Please enter at most ${centsToDollars(MAX_UNIT_PRICE_CENTS)}`,
});
const formCount = (field: CoverageField) => {
  const { min, max, what } = COVERAGE_BOUNDS[field];
  return z.coerce
    .number({ error: "Please enter a number" })
    .refine(Number.isFinite, "Please enter a number")
    .pipe(
      z
        .number()
        .min(min, `Please enter at least ${min}: ${what}. Less would order far more than any roof needs.`)
        .max(max, `Please enter at most ${max.toLocaleString("en-US")}: ${what}.`),
    );
};
/** A checkbox arrives as "on" or not at all. */
export const checkbox = z.preprocess((v) => v === "on" || v === "true", z.boolean());

const FormTier = TierSchema.extend({
  name: z.string({ error: "Please name the shingle line" }).trim().min(1, "Please name the shingle line").max(60),
  bundlesPerSquare: formCount("bundlesPerSquare"),
  shingleBundleCents: dollars,
  ridgeCapFtPerBundle: formCount("ridgeCapFtPerBundle"),
  ridgeCapBundleCents: dollars,
});

export const PricingFormSchema = z.object({
  tiers: z.object({ good: FormTier, better: FormTier, best: FormTier }),
  underlaymentSquaresPerRoll: formCount("underlaymentSquaresPerRoll"),
  underlaymentRollCents: dollars,
  starterFtPerBundle: formCount("starterFtPerBundle"),
  starterOnRakes: checkbox,
  starterBundleCents: dollars,
  dripEdgeFtPerPiece: formCount("dripEdgeFtPerPiece"),
  dripEdgePieceCents: dollars,
  valleyMaterial: z.enum(VALLEY_MATERIALS, { error: "Please choose what lines the valleys" }),
  iceAndWaterFtPerRoll: formCount("iceAndWaterFtPerRoll"),
  iceAndWaterRollCents: dollars,
  valleyMetalFtPerPiece: formCount("valleyMetalFtPerPiece"),
  valleyMetalPieceCents: dollars,
  nailsPerSquareCents: dollars,
  laborPerSquareCents: z.object({ low: dollars, mid: dollars, steep: dollars }),
  extraLayerPerSquareCents: dollars,
  disposalPerSquareCents: dollars,
  taxRateBasisPoints: z.string({ error: "Please enter the tax rate (0 for none)" }).transform((value, ctx) => {
    const bp = parsePercentToBasisPoints(value);
    if (bp === null || bp > 2000) {
      ctx.addIssue({ code: "custom", message: "Please enter a rate between 0 and 20, like 8.5" });
      return z.NEVER;
    }
    return bp;
  }),
  // A form from before the deposit box (an open tab) posts none: the default, not a refusal.
  depositBasisPoints: z
    .string({ error: "Please enter the deposit percent (0 for none)" })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return DEFAULT_DEPOSIT_BASIS_POINTS;
      const bp = parsePercentToBasisPoints(value);
      if (bp === null || bp > 10_000) {
        ctx.addIssue({ code: "custom", message: "Please enter a percent between 0 and 100, like 30" });
        return z.NEVER;
      }
      return bp;
    }),
}) satisfies z.ZodType<Pricing, unknown>;

type FormValues<T> = { [K in keyof T]: T[K] extends object ? FormValues<T[K]> : string | undefined };

/** The stored pricing as the form shows it: dollars, a percent, "on" for a ticked box. */
export function pricingFormValues(p: Pricing): FormValues<Pricing> {
  const tier = (t: TierPricing) => ({
    name: t.name,
    bundlesPerSquare: String(t.bundlesPerSquare),
    shingleBundleCents: centsToDollars(t.shingleBundleCents),
    ridgeCapFtPerBundle: String(t.ridgeCapFtPerBundle),
    ridgeCapBundleCents: centsToDollars(t.ridgeCapBundleCents),
  });
  return {
    tiers: { good: tier(p.tiers.good), better: tier(p.tiers.better), best: tier(p.tiers.best) },
    underlaymentSquaresPerRoll: String(p.underlaymentSquaresPerRoll),
    underlaymentRollCents: centsToDollars(p.underlaymentRollCents),
    starterFtPerBundle: String(p.starterFtPerBundle),
    starterOnRakes: p.starterOnRakes ? "on" : undefined,
    starterBundleCents: centsToDollars(p.starterBundleCents),
    dripEdgeFtPerPiece: String(p.dripEdgeFtPerPiece),
    dripEdgePieceCents: centsToDollars(p.dripEdgePieceCents),
    valleyMaterial: p.valleyMaterial,
    iceAndWaterFtPerRoll: String(p.iceAndWaterFtPerRoll),
    iceAndWaterRollCents: centsToDollars(p.iceAndWaterRollCents),
    valleyMetalFtPerPiece: String(p.valleyMetalFtPerPiece),
    valleyMetalPieceCents: centsToDollars(p.valleyMetalPieceCents),
    nailsPerSquareCents: centsToDollars(p.nailsPerSquareCents),
    laborPerSquareCents: {
      low: centsToDollars(p.laborPerSquareCents.low),
      mid: centsToDollars(p.laborPerSquareCents.mid),
      steep: centsToDollars(p.laborPerSquareCents.steep),
    },
    extraLayerPerSquareCents: centsToDollars(p.extraLayerPerSquareCents),
    disposalPerSquareCents: centsToDollars(p.disposalPerSquareCents),
    taxRateBasisPoints: String(p.taxRateBasisPoints / 100),
    depositBasisPoints: String(p.depositBasisPoints / 100),
  };
}
