import { eq } from "drizzle-orm";
import { getDb, inTransaction } from "~/server/db.server";
import { estimates, type Estimate, type RoofCustomer } from "~/db/schema";
import { adjustLines, estimateLines, estimateTotals, type EstimateChoice, type EstimateLinesInput } from "~/lib/estimate";
import { parseDrawing } from "~/lib/roof-drawing";
import { summarizeRoof } from "~/lib/roof-summary";
import { takeoffRoof, type TakeoffRoof } from "~/lib/takeoff";
import { findLeadRoof } from "./roof-customer.server";
import { getSetting } from "./settings.server";

/**
 * A lead's estimate (one per lead, decision 0023): made from its roof's takeoff at the
 * owner's prices, then adjusted line by line by staff. A draft: making or saving it never
 * changes the lead's status (sending the proposal makes it Quoted).
 */

export function getEstimate(leadId: number): Estimate | undefined {
  return getDb().select().from(estimates).where(eq(estimates.leadId, leadId)).get();
}

/** A roof customer's measurement as the takeoff reads it; null when it has no roof area. */
export function roofForTakeoff(customer: RoofCustomer): TakeoffRoof | null {
  return takeoffRoof(summarizeRoof(customer, parseDrawing(customer.drawing).top), customer);
}

/** The lead's measured roof, or null: it has no roof customer, or one without an area yet. */
export function measuredLeadRoof(leadId: number) {
  const customer = findLeadRoof(leadId);
  if (!customer || customer.area === null) return null;
  const roof = roofForTakeoff(customer);
  return roof ? { customer, roof, suggestedWastePercent: summarizeRoof(customer, parseDrawing(customer.drawing).top).suggestedWastePercent } : null;
}

/**
 * Makes the lead's estimate from its measured roof and today's prices, replacing the one it
 * had (and staff's adjustments to it). Null when the roof is not measured.
 */
export function makeEstimate(leadId: number, choice: EstimateChoice): Estimate | null {
  return inTransaction(() => {
    const measured = measuredLeadRoof(leadId);
    if (!measured) return null;
    const pricing = getSetting("pricing");
    const totals = estimateTotals(estimateLines(measured.roof, pricing, choice).lines, pricing.taxRateBasisPoints);
    const row = {
      leadId,
      roofCustomerId: measured.customer.id,
      tier: choice.tier,
      wastePercent: choice.wastePercent,
      tearOffLayers: choice.tearOffLayers,
      taxRateBasisPoints: pricing.taxRateBasisPoints,
      ...totals,
    };
    return getDb()
      .insert(estimates)
      .values(row)
      .onConflictDoUpdate({ target: estimates.leadId, set: { ...row, updatedAt: new Date() } })
      .returning()
      .get();
  });
}

/**
 * Staff's adjusted lines, with every total worked out again here from quantities and unit
 * prices, at the tax rate the estimate was made with. Undefined when the lead has no estimate.
 */
export function saveEstimateLines(leadId: number, input: EstimateLinesInput): Estimate | undefined {
  return inTransaction(() => {
    const current = getEstimate(leadId);
    if (!current) return undefined;
    const totals = estimateTotals(adjustLines(current.lines, input), current.taxRateBasisPoints);
    return getDb()
      .update(estimates)
      .set({ ...totals, updatedAt: new Date() })
      .where(eq(estimates.id, current.id))
      .returning()
      .get();
  });
}
