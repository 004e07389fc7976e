import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { EstimateLinesSchema, LeaveOutSchema, MAKE_ESTIMATE_INTENT, MakeEstimateSchema, SAVE_ESTIMATE_INTENT, type EstimateFormName, type EstimateIntent } from "~/lib/estimate";
import { getMessage } from "~/models/contact-message.server";
import { leaveOutMissingMaterials, makeEstimate, saveEstimateLines, type EstimateOutcome } from "~/models/estimate.server";
import { redirectWithFlash } from "~/services/admin-actions.server";

export type EstimateActionResult = { estimateForm: EstimateFormName; result: SubmissionResult<string[]> };

export const ESTIMATE_MESSAGES = {
  made: "Estimate made",
  saved: "Estimate saved",
  madeNew: "Estimate saved as a new one: the accepted estimate stays as it was",
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
 * a line past the estimate's limits named. The lead's status is left alone.
 */
export async function estimateAction(leadId: number, intent: EstimateIntent, form: FormData, leadPath: string) {
  if (!getMessage(leadId)) throw new Response("Not found", { status: 404 });
  const estimateForm = FORM_OF[intent];
  const refuse = (result: EstimateActionResult["result"]) => data<EstimateActionResult>({ estimateForm, result }, { status: 400 });
  let outcome: EstimateOutcome;
  let reply: (formErrors: string[]) => EstimateActionResult["result"];
  if (estimateForm === "make") {
    const submission = parseWithZod(form, { schema: MakeEstimateSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    [outcome, reply] = [makeEstimate(leadId, submission.value), (formErrors) => submission.reply({ formErrors })];
  } else if (estimateForm === "lines") {
    const submission = parseWithZod(form, { schema: EstimateLinesSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    [outcome, reply] = [saveEstimateLines(leadId, submission.value), (formErrors) => submission.reply({ formErrors })];
  } else {
    const submission = parseWithZod(form, { schema: LeaveOutSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    [outcome, reply] = [leaveOutMissingMaterials(leadId, submission.value.reason), (formErrors) => submission.reply({ formErrors })];
  }
  if ("overLimit" in outcome) return refuse(reply([outcome.overLimit]));
  if ("refused" in outcome) return refuse(reply([REFUSALS[outcome.refused]]));
  const done = { make: ESTIMATE_MESSAGES.made, lines: ESTIMATE_MESSAGES.saved, "leave-out": ESTIMATE_MESSAGES.leftOut }[estimateForm];
  return redirectWithFlash(leadPath, { type: "success", message: outcome.afterLocked ? ESTIMATE_MESSAGES.madeNew : done });
}
