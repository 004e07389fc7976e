/**
 * An estimate's shape and rules (issue 16). Money is whole cents everywhere; a rate is in
 * basis points (1/100 of a percent), so no float ever reaches a total.
 */

/** The good/better/best choice of shingle line the owner prices. */
export const SHINGLE_TIERS = ["good", "better", "best"] as const;
export type ShingleTier = (typeof SHINGLE_TIERS)[number];

/** One line of an estimate as stored: what, how many of what unit, at what price. */
export type EstimateLine = {
  /** Which takeoff item or labour it came from ("shingles", "labour", ...), or "custom". */
  key: string;
  label: string;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  totalCents: number;
  /** Staff changed it from what the takeoff and prices gave. */
  adjusted: boolean;
};
