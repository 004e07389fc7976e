import { missingMaterialsMessage, missingMaterialWords, SHINGLE_TIERS, unexplainedMissing } from "~/lib/estimate";
import { formatKansasDateTime } from "~/lib/business-time";
import { getLead } from "~/models/lead.server";
import { getEstimate, isEstimateLocked, measuredLeadRoof } from "~/models/estimate.server";
import { hasOpenProposal } from "~/models/proposal.server";
import { getSetting } from "~/models/settings.server";

/**
 * A lead's estimate as its page shows it: the estimate, or whether one can be made (the roof
 * is measured), with the shingle lines' names, the measurement's suggested waste and which
 * of the roof's figures it is made from; what it lacks and why; whether it is locked; whether
 * a change would withdraw the proposal still open.
 */
export function leadEstimateView(leadId: number) {
  const measured = measuredLeadRoof(leadId);
  const estimate = getEstimate(leadId);
  const pricing = getSetting("pricing");
  const missing = estimate ? unexplainedMissing(estimate) : [];
  return {
    measured: measured !== null,
    leadWon: getLead(leadId)?.status === "won",
    /** Accepted: shown read-only, with the way to change the job (decision 0073). */
    locked: isEstimateLocked(leadId),
    openProposal: hasOpenProposal(leadId),
    suggestedWastePercent: measured?.suggestedWastePercent ?? 10,
    linesFrom: measured ? measured.roof.linesFrom : null,
    /** Which figure an estimate made now would use. */
    roofBasis: measured?.basis ?? null,
    tiers: SHINGLE_TIERS.map((tier) => ({ tier, name: pricing.tiers[tier].name })),
    estimate: estimate
      ? {
          tier: estimate.tier,
          wastePercent: estimate.wastePercent,
          tearOffLayers: estimate.tearOffLayers,
          taxRateBasisPoints: estimate.taxRateBasisPoints,
          lines: estimate.lines,
          subtotalCents: estimate.subtotalCents,
          taxCents: estimate.taxCents,
          totalCents: estimate.totalCents,
          updatedAt: estimate.updatedAt.toISOString(),
          roofBasis: estimate.roofBasis,
          lockedAt: estimate.lockedAt ? formatKansasDateTime(estimate.lockedAt) : null,
          missing: missing.length ? missingMaterialsMessage(missing) : null,
          leftOut: estimate.leftOutReason
            ? { what: missingMaterialWords(estimate.missingMaterials), reason: estimate.leftOutReason }
            : null,
        }
      : null,
  };
}
export type LeadEstimateView = ReturnType<typeof leadEstimateView>;
