import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { getDb, inTransaction } from "~/server/db.server";
import { estimates, proposals, type Estimate, type RoofCustomer } from "~/db/schema";
import {
  adjustLines,
  estimateLines,
  estimateOverLimits,
  estimateTotals,
  roofBasisNote,
  type EstimateChoice,
  type EstimateLinesInput,
  ESTIMATE_MESSAGES,
} from "~/lib/estimate";
import { parseDrawing } from "~/lib/roof-drawing";
import { summarizeRoof } from "~/lib/roof-summary";
import { takeoffRoof, type TakeoffRoof } from "~/lib/takeoff";
import { findLeadRoof } from "./roof-customer.server";
import { getSetting } from "./settings.server";
import { refusal, type Refusal } from "~/lib/refusal";

/**
 * A lead's estimate (one current per lead, decisions 0023, 0032 and 0073): made from its
 * roof's takeoff at the owner's prices, then adjusted line by line by staff. Making or saving
 * it never changes the lead's status (sending the proposal makes it Quoted). Once the
 * homeowner accepts a proposal it is locked for good: a change after that is a change order
 * on the job's invoices, so the job has one value (lib/job-value.ts).
 */

const current = (leadId: number) => and(eq(estimates.leadId, leadId), isNull(estimates.supersededAt));

export function getEstimate(leadId: number): Estimate | undefined {
  return getDb().select().from(estimates).where(current(leadId)).get();
}

/** A roof customer's measurement as the takeoff reads it; null when it has no roof area. */
export function roofForTakeoff(customer: RoofCustomer): TakeoffRoof | null {
  return takeoffRoof(summarizeRoof(customer, parseDrawing(customer.drawing).top), customer);
}

/** The lead's measured roof, or null: it has no roof customer, or one without an area yet. */
export function measuredLeadRoof(leadId: number) {
  const customer = findLeadRoof(leadId);
  if (!customer || customer.area === null) return null;
  const summary = summarizeRoof(customer, parseDrawing(customer.drawing).top);
  const roof = takeoffRoof(summary, customer);
  return roof
    ? { customer, roof, suggestedWastePercent: summary.suggestedWastePercent, basis: roofBasisNote(summary) }
    : null;
}

type EstimateRow = Omit<
  typeof estimates.$inferInsert,
  "id" | "leadId" | "createdAt" | "updatedAt" | "lockedAt" | "supersededAt"
>;

/**
 * Whether the lead's estimate may no longer change: it is locked, or the lead has an accepted
 * proposal standing (a draft made after an acceptance, before estimates stayed locked).
 */
export function isEstimateLocked(leadId: number): boolean {
  if (getEstimate(leadId)?.lockedAt) return true;
  return !!getDb()
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.leadId, leadId), isNotNull(proposals.acceptedAt), isNull(proposals.withdrawnAt)))
    .get();
}

/** Writes the lead's current estimate, or makes its first. Callers refuse a locked one first. */
function writeEstimate(leadId: number, row: EstimateRow): { estimate: Estimate } {
  const db = getDb();
  const before = getEstimate(leadId);
  if (before)
    return {
      estimate: db
        .update(estimates)
        .set({ ...row, updatedAt: new Date() })
        .where(eq(estimates.id, before.id))
        .returning()
        .get(),
    };
  return {
    estimate: db
      .insert(estimates)
      .values({ ...row, leadId })
      .returning()
      .get(),
  };
}

/** Written, or why not. */
export type EstimateOutcome = { estimate: Estimate } | Refusal;

/**
 * Makes the lead's estimate from its measured roof and today's prices, replacing the draft it
 * had (and staff's adjustments to it). Refused when the roof is not measured, or when a
 * line would pass the estimate's limits (the message names it).
 */
export function makeEstimate(leadId: number, choice: EstimateChoice): EstimateOutcome {
  return inTransaction(() => {
    if (isEstimateLocked(leadId)) return refusal(ESTIMATE_MESSAGES.locked, { status: 409 });
    const measured = measuredLeadRoof(leadId);
    if (!measured) return refusal(ESTIMATE_MESSAGES.notMeasured, { status: 409 });
    const pricing = getSetting("pricing");
    const made = estimateLines(measured.roof, pricing, choice);
    const overLimit = estimateOverLimits(made.lines, pricing.taxRateBasisPoints);
    if (overLimit) return refusal(overLimit);
    return writeEstimate(leadId, {
      roofCustomerId: measured.customer.id,
      tier: choice.tier,
      wastePercent: choice.wastePercent,
      tearOffLayers: choice.tearOffLayers,
      taxRateBasisPoints: pricing.taxRateBasisPoints,
      ...estimateTotals(made.lines, pricing.taxRateBasisPoints),
      missingMaterials: made.missing,
      leftOutReason: null,
      roofBasis: measured.basis,
    });
  });
}

/**
 * Staff's adjusted lines, with every total worked out again here from quantities and unit
 * prices, at the tax rate the estimate was made with. Refused when the lead has no estimate,
 * or when a line passes the estimate's limits.
 */
export function saveEstimateLines(leadId: number, input: EstimateLinesInput): EstimateOutcome {
  return inTransaction(() => {
    const before = getEstimate(leadId);
    if (!before) return refusal(ESTIMATE_MESSAGES.gone, { status: 409 });
    if (isEstimateLocked(leadId)) return refusal(ESTIMATE_MESSAGES.locked, { status: 409 });
    const lines = adjustLines(before.lines, input);
    const overLimit = estimateOverLimits(lines, before.taxRateBasisPoints);
    if (overLimit) return refusal(overLimit);
    const { id: _id, leadId: _lead, createdAt: _c, updatedAt: _u, lockedAt: _l, supersededAt: _s, ...kept } = before;
    return writeEstimate(leadId, { ...kept, ...estimateTotals(lines, before.taxRateBasisPoints) });
  });
}

/** Staff leave the missing materials out, with their reason (kept on the estimate and shown). */
export function leaveOutMissingMaterials(leadId: number, reason: string): EstimateOutcome {
  return inTransaction(() => {
    const before = getEstimate(leadId);
    if (!before) return refusal(ESTIMATE_MESSAGES.gone, { status: 409 });
    if (isEstimateLocked(leadId)) return refusal(ESTIMATE_MESSAGES.locked, { status: 409 });
    return {
      estimate: getDb()
        .update(estimates)
        .set({ leftOutReason: reason, updatedAt: new Date() })
        .where(eq(estimates.id, before.id))
        .returning()
        .get(),
    };
  });
}

/** The lead accepted a proposal: its current estimate is locked from now on. */
export function lockCurrentEstimate(leadId: number, at: Date) {
  getDb()
    .update(estimates)
    .set({ lockedAt: at })
    .where(and(current(leadId), isNull(estimates.lockedAt)))
    .run();
}
