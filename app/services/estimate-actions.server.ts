import { LEAVE_OUT_INTENT, MAKE_ESTIMATE_INTENT, SAVE_ESTIMATE_INTENT, type LeadFormOf } from "~/lib/lead-forms";
import { getLead } from "~/models/lead.server";
import {
  leaveOutMissingMaterials,
  makeEstimate,
  saveEstimateLines,
  type EstimateOutcome,
} from "~/models/estimate.server";
import { withdrawForChangedEstimate } from "~/models/proposal.server";
import { inTransaction } from "~/server/db.server";
import { notFound } from "~/server/responses.server";
import { redirectWithFlash } from "~/services/flash.server";
import type { Actor } from "~/lib/actor";
import { isRefusal } from "~/lib/refusal";
import { ESTIMATE_MESSAGES } from "~/lib/estimate";

type EstimateForm = LeadFormOf<typeof MAKE_ESTIMATE_INTENT | typeof SAVE_ESTIMATE_INTENT | typeof LEAVE_OUT_INTENT>;

/**
 * The lead page's estimate forms, parsed (lib/lead-forms.ts): make it from the measured roof,
 * save staff's adjusted lines, or leave the materials the measurement could not count out
 * (with a reason). Back to the lead with a message, or `refuse` with why not, a line past the
 * estimate's limits named, or the estimate locked once a proposal is accepted (decision
 * 0073). The lead's status is left alone. Making or saving it withdraws the
 * proposal still open, in the same transaction (decision 0032): a homeowner can only accept
 * figures the estimate still holds.
 */
export async function estimateAction<Refusal>(
  leadId: number,
  form: EstimateForm,
  leadPath: string,
  by: Actor,
  refuse: (message: string) => Refusal,
) {
  if (!getLead(leadId)) notFound();
  const outcome =
    form.intent === MAKE_ESTIMATE_INTENT
      ? changeEstimate(leadId, by, () => makeEstimate(leadId, form))
      : form.intent === SAVE_ESTIMATE_INTENT
        ? changeEstimate(leadId, by, () => saveEstimateLines(leadId, form))
        : leaveOutMissingMaterials(leadId, form.reason);
  if (isRefusal(outcome)) return refuse(outcome.refused);
  const message = {
    [MAKE_ESTIMATE_INTENT]: ESTIMATE_MESSAGES.made,
    [SAVE_ESTIMATE_INTENT]: ESTIMATE_MESSAGES.saved,
    [LEAVE_OUT_INTENT]: ESTIMATE_MESSAGES.leftOut,
  }[form.intent];
  return redirectWithFlash(leadPath, {
    type: "success",
    message: "withdrew" in outcome && outcome.withdrew ? `${message}. ${ESTIMATE_MESSAGES.withdrew}.` : message,
  });
}

/** A change to the estimate's figures, and the withdrawal of the proposal made from the old ones, as one. */
function changeEstimate(
  leadId: number,
  by: Actor,
  change: () => EstimateOutcome,
): EstimateOutcome & { withdrew?: number } {
  return inTransaction(() => {
    const outcome = change();
    return "estimate" in outcome ? { ...outcome, withdrew: withdrawForChangedEstimate(leadId, by) } : outcome;
  });
}
