import { SHINGLE_TIERS } from "~/lib/estimate";
import { getEstimate, measuredLeadRoof } from "~/models/estimate.server";
import { getSetting } from "~/models/settings.server";

/**
 * A lead's estimate as its page shows it: the estimate, or whether one can be made (the roof
 * is measured), with the shingle lines' names and the measurement's suggested waste.
 */
export function leadEstimateView(leadId: number) {
  const measured = measuredLeadRoof(leadId);
  const estimate = getEstimate(leadId);
  const pricing = getSetting("pricing");
  return {
    measured: measured !== null,
    suggestedWastePercent: measured?.suggestedWastePercent ?? 10,
    linesFrom: measured ? measured.roof.linesFrom : null,
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
        }
      : null,
  };
}
export type LeadEstimateView = ReturnType<typeof leadEstimateView>;
