import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { EstimateLinesSchema, MAKE_ESTIMATE_INTENT, MakeEstimateSchema, type EstimateFormName } from "~/lib/estimate";
import { getMessage } from "~/models/contact-message.server";
import { makeEstimate, saveEstimateLines } from "~/models/estimate.server";
import { redirectWithFlash } from "~/services/admin-actions.server";

export type EstimateActionResult = { estimateForm: EstimateFormName; result: SubmissionResult<string[]> };

export const ESTIMATE_MESSAGES = {
  made: "Estimate made",
  saved: "Estimate saved",
  notMeasured: "Measure the roof first: the estimate is made from its measurement.",
  gone: "This lead has no estimate to save: make one first.",
} as const;

/**
 * The lead page's two estimate forms: make it from the measured roof, or save staff's
 * adjusted lines. Back to the lead with a message, or the form again (400) with what was
 * typed and why not. The lead's status is left alone: the estimate is a draft.
 */
export async function estimateAction(leadId: number, intent: string, form: FormData, leadPath: string) {
  if (!getMessage(leadId)) throw new Response("Not found", { status: 404 });
  const estimateForm = intent === MAKE_ESTIMATE_INTENT ? "make" : "lines";
  const refuse = (result: EstimateActionResult["result"]) => data<EstimateActionResult>({ estimateForm, result }, { status: 400 });
  if (estimateForm === "make") {
    const submission = parseWithZod(form, { schema: MakeEstimateSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    if (!makeEstimate(leadId, submission.value)) return refuse(submission.reply({ formErrors: [ESTIMATE_MESSAGES.notMeasured] }));
    return redirectWithFlash(leadPath, { type: "success", message: ESTIMATE_MESSAGES.made });
  }
  const submission = parseWithZod(form, { schema: EstimateLinesSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  if (!saveEstimateLines(leadId, submission.value)) return refuse(submission.reply({ formErrors: [ESTIMATE_MESSAGES.gone] }));
  return redirectWithFlash(leadPath, { type: "success", message: ESTIMATE_MESSAGES.saved });
}
