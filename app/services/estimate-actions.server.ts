import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { EstimateLinesSchema, LeaveOutSchema, MAKE_ESTIMATE_INTENT, MakeEstimateSchema, SAVE_ESTIMATE_INTENT, type EstimateFormName, type EstimateIntent } from "~/lib/estimate";
import { getLead } from "~/models/lead.server";
import { leaveOutMissingMaterials, makeEstimate, saveEstimateLines, type EstimateOutcome } from "~/models/estimate.server";
import { withdrawForChangedEstimate } from "~/models/proposal.server";
import { inTransaction } from "~/server/db.server";
import { notFound } from "~/server/responses.server";
import { redirectWithFlash } from "~/services/admin-actions.server";

export type EstimateActionResult = { estimateForm: EstimateFormName; result: SubmissionResult<string[]> };

export const ESTIMATE_MESSAGES = {
  made: "Estimate made",
  saved: "Estimate saved",
  madeNew: "Estimate saved as a new one: the accepted estimate stays as it was",
  withdrew: "The open proposal was withdrawn: send a new one",
  leftOut: "Reason kept on the estimate",
  notMeasured: "Measure the roof first: the estimate is made from its measurement.",
  gone: "This lead has no estimate to save: make one first.",
  locked: "This estimate was accepted and is locked.",
} as const;

const FORM_OF: Record<EstimateIntent, EstimateFormName> = { [MAKE_ESTIMATE_INTENT]: "make", [SAVE_ESTIMATE_INTENT]: "lines", "leave-out-materials": "leave-out" };
const REFUSALS = { "not-measured": ESTIMATE_MESSAGES.notMeasured, none: ESTIMATE_MESSAGES.gone, locked: ESTIMATE_MESSAGES.locked } as const;

/**
 * The lead page's estimate forms: make it from the measured roof, save staff's adjusted
 * lines, or leave the materials the measurement could not count out (with a reason). Back
 * to the lead with a message, or the form again (400) with what was typed and why not,
 * a line past the estimate's limits named. The lead's status is left alone. Making or saving
 * it withdraws the proposal still open, in the same transaction (decision 0032): a homeowner
 * can only accept figures the estimate still holds.
 */
export async function estimateAction(leadId: number, intent: EstimateIntent, form: FormData, leadPath: string, author: string) {
  if (!getLead(leadId)) notFound();
  const estimateForm = FORM_OF[intent];
  const refuse = (result: EstimateActionResult["result"]) => data<EstimateActionResult>({ estimateForm, result }, { status: 400 });
  let outcome: EstimateOutcome;
  let reply: (formErrors: string[]) => EstimateActionResult["result"];
  if (estimateForm === "make") {
    const submission = parseWithZod(form, { schema: MakeEstimateSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    [outcome, reply] = [changeEstimate(leadId, author, () => makeEstimate(leadId, submission.value)), (formErrors) => submission.reply({ formErrors })];
  } else if (estimateForm === "lines") {
    const submission = parseWithZod(form, { schema: EstimateLinesSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    [outcome, reply] = [changeEstimate(leadId, author, () => saveEstimateLines(leadId, submission.value)), (formErrors) => submission.reply({ formErrors })];
  } else {
    const submission = parseWithZod(form, { schema: LeaveOutSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    [outcome, reply] = [leaveOutMissingMaterials(leadId, submission.value.reason), (formErrors) => submission.reply({ formErrors })];
  }
  if ("overLimit" in outcome) return refuse(reply([outcome.overLimit]));
  if ("refused" in outcome) return refuse(reply([REFUSALS[outcome.refused]]));
  const done = { make: ESTIMATE_MESSAGES.made, lines: ESTIMATE_MESSAGES.saved, "leave-out": ESTIMATE_MESSAGES.leftOut }[estimateForm];
  const message = outcome.afterLocked ? ESTIMATE_MESSAGES.madeNew : done;
  return redirectWithFlash(leadPath, { type: "success", message: "withdrew" in outcome && outcome.withdrew ? `${message}. ${ESTIMATE_MESSAGES.withdrew}.` : message });
}

/** A change to the estimate's figures, and the withdrawal of the proposal made from the old ones, as one. */
function changeEstimate(leadId: number, author: string, change: () => EstimateOutcome): EstimateOutcome & { withdrew?: number } {
  return inTransaction(() => {
    const outcome = change();
    return "estimate" in outcome ? { ...outcome, withdrew: withdrawForChangedEstimate(leadId, author) } : outcome;
  });
}
