import type { LineKind } from "./roof-drawing";
import { pitchFactor } from "./roof-geometry";
import type { RoofSummary } from "./roof-summary";

/**
 * The material takeoff (decision 0024): what to order for a measured roof, in
 * the units suppliers sell, from its area, pitch and the lengths of its eaves, rakes,
 * ridges, hips and valleys. Pure; the owner's coverage per unit comes in as settings.
 */

export const VALLEY_MATERIALS = ["ice-and-water", "metal"] as const;
export type ValleyMaterial = (typeof VALLEY_MATERIALS)[number];

/**
 * How much one unit of each item covers. The per-tier figures (bundles per square, ridge
 * cap feet per bundle) come from the chosen shingle line; the rest are the owner's.
 */
export type Coverage = {
  /** Shingle bundles to a square (100 sq ft): 3 for most 3-tab and architectural lines. */
  bundlesPerSquare: number;
  /** Squares one roll of underlayment covers after its laps: 10 for common synthetic rolls. */
  underlaymentSquaresPerRoll: number;
  /** Linear feet of starter strip in a bundle (about 105 to 120 ft, depending on the brand). */
  starterFtPerBundle: number;
  /** Whether the rakes get starter too (wind warranties often ask for it), or only the eaves. */
  starterOnRakes: boolean;
  /** Drip edge comes in 10 ft pieces. */
  dripEdgeFtPerPiece: number;
  /** Linear feet of hip and ridge cap in a bundle (about 20 to 33 ft, depending on the line). */
  ridgeCapFtPerBundle: number;
  /** What lines the valleys: a roll of ice-and-water membrane or metal pieces. */
  valleyMaterial: ValleyMaterial;
  /** Feet of valley one roll of ice-and-water covers (a 3 ft × 66 ft roll, end laps allowed). */
  iceAndWaterFtPerRoll: number;
  /** Valley metal comes in 10 ft pieces. */
  valleyMetalFtPerPiece: number;
};

/** The defaults a new site starts from; every one is an owner setting (the Pricing page). */
export const DEFAULT_COVERAGE: Coverage = {
  bundlesPerSquare: 3,
  underlaymentSquaresPerRoll: 10,
  starterFtPerBundle: 105,
  starterOnRakes: true,
  dripEdgeFtPerPiece: 10,
  ridgeCapFtPerBundle: 25,
  valleyMaterial: "ice-and-water",
  iceAndWaterFtPerRoll: 66,
  valleyMetalFtPerPiece: 10,
};

export type LineTotals = Record<LineKind, number>;

/**
 * Where the line lengths came from: traced on the roof tool, or worked out from a typed
 * length × width as a plain gable (decision 0024). Null: there are none, and the items
 * that need them are left out.
 */
export type LinesSource = "traced" | "footprint";

/** What the takeoff needs of a measurement. */
export type TakeoffRoof = {
  /** Roof (sloped) area in square feet. */
  roofArea: number;
  pitch: number | null;
  /** Roof area per pitch (facets of different slopes are labor of different prices). */
  areaByPitch: { pitch: number | null; area: number }[];
  lines: LineTotals | null;
  linesFrom: LinesSource | null;
};

/**
 * A measurement as the takeoff reads it, or null when it has no roof area yet. Traced lines
 * are used as they are. A typed length × width with a pitch has no lines, but it is a
 * footprint: it is taken as a gable along the longer side (the commonest house roof here),
 * which gives eaves, rakes and a ridge; nothing else is guessed. A roof area typed alone has
 * no lines, and the items that need them are left out (the estimate says so).
 */
export function takeoffRoof(
  summary: RoofSummary,
  typed: { length: number | null; width: number | null },
): TakeoffRoof | null {
  if (summary.roofArea === null || summary.roofArea <= 0) return null;
  const areaByPitch =
    summary.source === "traced" && summary.facets.length > 0
      ? summary.facets.map((f) => ({ pitch: f.pitch, area: f.trueArea }))
      : [{ pitch: summary.pitch, area: summary.roofArea }];
  const base = { roofArea: summary.roofArea, pitch: summary.pitch, areaByPitch };
  if (summary.lines) return { ...base, lines: summary.lines, linesFrom: "traced" };
  if (summary.source === "length-width" && typed.length && typed.width && summary.pitch !== null) {
    return { ...base, lines: gableLines(typed.length, typed.width, summary.pitch), linesFrom: "footprint" };
  }
  return { ...base, lines: null, linesFrom: null };
}

/**
 * A gable over a length × width footprint, its ridge along the longer side: two eaves of
 * that length, four rakes of half the width each, stretched up the slope, one ridge.
 */
export function gableLines(length: number, width: number, pitch: number): LineTotals {
  const long = Math.max(length, width);
  const short = Math.min(length, width);
  return { eave: 2 * long, rake: 2 * short * pitchFactor(pitch), ridge: long, hip: 0, valley: 0 };
}

export const TAKEOFF_KEYS = [
  "shingles",
  "underlayment",
  "starter",
  "drip-edge",
  "ridge-cap",
  "ice-and-water",
  "valley-metal",
  "nails",
] as const;
export type TakeoffKey = (typeof TAKEOFF_KEYS)[number];

export type TakeoffItem = {
  key: TakeoffKey;
  quantity: number;
  unit: string;
  /** How the quantity was worked out, for staff to check: "14.76 sq (10% waste) × 3 per sq". */
  basis: string;
};

export type Takeoff = {
  /** The roof's squares, as measured (to the hundredth, as the measurement shows them). */
  squares: number;
  /** Squares to order: the roof's with the waste allowance. */
  orderSquares: number;
  wastePercent: number;
  items: TakeoffItem[];
  /** Items left out because the measurement has no line lengths for them. */
  omitted: TakeoffKey[];
  linesFrom: LinesSource | null;
};

/**
 * Up to the next whole unit, the way suppliers sell, without a float's dust turning an
 * exact 170 ft / 10 ft into 18 pieces.
 */
export function wholeUnits(amount: number, perUnit: number): number {
  if (!(amount > 0) || !(perUnit > 0)) return 0;
  return Math.ceil(amount / perUnit - 1e-9);
}

/** To the nearest hundredth: squares as the measurement shows them. */
export const hundredths = (n: number) => Math.round(n * 100) / 100;

const feet = (n: number) => `${Math.round(n).toLocaleString("en-US")} ft`;
const sq = (n: number) => `${n.toFixed(2)} sq`;

/**
 * What to order for a roof. Shingles and underlayment cover the whole roof and take the
 * waste allowance; starter, drip edge, ridge cap and valley lining are ordered from the
 * measured lengths, rounded up to whole units (the round-up is their allowance); nails and
 * sundries are an allowance per measured square. Items of zero length are left out.
 */
export function materialTakeoff(roof: TakeoffRoof, wastePercent: number, c: Coverage): Takeoff {
  const squares = hundredths(roof.roofArea / 100);
  const orderSquares = (roof.roofArea * (1 + wastePercent / 100)) / 100;
  const waste = `${sq(orderSquares)} (${wastePercent}% waste)`;
  const items: TakeoffItem[] = [
    {
      key: "shingles",
      quantity: wholeUnits(orderSquares * c.bundlesPerSquare, 1),
      unit: "bundle",
      basis: `${waste} × ${c.bundlesPerSquare} bundles per sq`,
    },
    {
      key: "underlayment",
      quantity: wholeUnits(orderSquares, c.underlaymentSquaresPerRoll),
      unit: "roll",
      basis: `${waste} ÷ ${c.underlaymentSquaresPerRoll} sq per roll`,
    },
  ];
  const omitted: TakeoffKey[] = [];
  const linear = (key: TakeoffKey, length: number | null, perUnit: number, unit: string, what: string) => {
    if (length === null) omitted.push(key);
    else if (length > 0)
      items.push({
        key,
        quantity: wholeUnits(length, perUnit),
        unit,
        basis: `${feet(length)} of ${what} ÷ ${perUnit} ft per ${unit}`,
      });
  };
  const l = roof.lines;
  linear(
    "starter",
    l && (c.starterOnRakes ? l.eave + l.rake : l.eave),
    c.starterFtPerBundle,
    "bundle",
    c.starterOnRakes ? "eaves and rakes" : "eaves",
  );
  linear("drip-edge", l && l.eave + l.rake, c.dripEdgeFtPerPiece, "piece", "eaves and rakes");
  linear("ridge-cap", l && l.ridge + l.hip, c.ridgeCapFtPerBundle, "bundle", "ridges and hips");
  if (c.valleyMaterial === "metal") linear("valley-metal", l && l.valley, c.valleyMetalFtPerPiece, "piece", "valleys");
  else linear("ice-and-water", l && l.valley, c.iceAndWaterFtPerRoll, "roll", "valleys");
  items.push({ key: "nails", quantity: squares, unit: "sq", basis: `${sq(squares)} of roof` });
  return { squares, orderSquares, wastePercent, items, omitted, linesFrom: roof.linesFrom };
}
