import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import type { Lead } from "~/db/schema";
import { DRAFT_MESSAGES, PortfolioDraftSchema } from "~/lib/portfolio-draft-form";
import { reviewLinkState } from "~/lib/review-request";
import { setJobCompleted } from "~/models/lead.server";
import { findLeadProject } from "~/models/project.server";
import { latestReviewRequest } from "~/models/review-request.server";
import { getTestimonial } from "~/models/testimonial.server";
import { redirectWithFlash } from "./admin-actions.server";
import { addJobToPortfolio, portfolioDraftDefaults } from "./portfolio-draft.server";
import { setFlash } from "./flash.server";
import { rememberLink } from "./new-link.server";
import { askForReview, reviewMail } from "./review-asking.server";
import { notFound } from "~/server/responses.server";
import { mailIsSetUp } from "~/server/mail.server";

/** The forms of a won job on its lead's page (components/admin/lead-job.tsx). */
export const JOB_INTENTS = ["complete", "reopen", "ask-review", "add-to-portfolio"] as const;
export type JobIntent = (typeof JOB_INTENTS)[number];
export const isJobIntent = (value: unknown): value is JobIntent => (JOB_INTENTS as readonly unknown[]).includes(value);

export const JOB_MESSAGES = {
  completed: "Job marked completed",
  reopened: "Job marked not completed",
  notWon: "Only a won job can be marked completed",
  reviewSent: "Review request sent to the homeowner",
  reviewQueued: "Review request on its way to the homeowner",
  reviewNoMail: "Review request not sent: mail is not set up. Copy its link below and send it yourself.",
  reviewFailed: "Review request not sent: the mail provider refused it. Copy its link below and send it yourself, or send it again.",
  reviewSlow: "Review request not confirmed: the mail provider did not answer in time. It may still arrive; if not, copy its link below and send it yourself.",
  reviewRefused: "A review can be asked for only on a completed job with an email, once",
  notCompleted: "Mark the job completed first",
} as const;

/** What the lead page shows of the job after the sale: done or not, the review request (and its link when it was not mailed), the portfolio project. */
export function leadJobView(lead: Lead, reviewLink: string | null = null, now = new Date()) {
  const review = latestReviewRequest(lead.id);
  const testimonial = review?.testimonialId ? getTestimonial(review.testimonialId) : undefined;
  const mail = review ? reviewMail(review.id) : null;
  return {
    review: review
      ? {
          /** The review it brought: waiting for approval, or published. */
          testimonial: testimonial ? { status: testimonial.status } : null,
          // Its mail, from the outbox (a request with none yet reads as queued).
          mailStatus: mail?.state ?? "pending",
          mailAttempts: mail?.attempts ?? 0,
          mailLastError: mail?.lastError ?? null,
          mailNextAttemptAt: mail?.nextAttemptAt ?? null,
          expiresAt: review.expiresAt,
          submittedAt: review.submittedAt,
          state: reviewLinkState(review, now),
        }
      : null,
    /** A review request's link that was not mailed, shown once right after (services/new-link.server.ts). */
    reviewLink,
    /** Without mail the request is a link for staff to send: the form's words say so. */
    mailSetUp: mailIsSetUp(),
    project: findLeadProject(lead.id) ?? null,
    draft: portfolioDraftDefaults(lead),
  };
}
export type LeadJobView = ReturnType<typeof leadJobView>;

/** The draft form sent back with what was typed and why not. */
export type DraftFormReply = { draft: { error: string; values: Record<string, string> } };

/** One of the job's forms, posted to the lead's page. */
export async function leadJobAction(intent: JobIntent, id: number, form: FormData, author: string, back: string) {
  if (intent === "complete" || intent === "reopen") {
    const changed = setJobCompleted(id, intent === "complete", author);
    if (changed === undefined) notFound();
    if (!changed && intent === "complete") return redirectWithFlash(back, { type: "error", message: JOB_MESSAGES.notWon });
    return redirectWithFlash(back, { type: "success", message: intent === "complete" ? JOB_MESSAGES.completed : JOB_MESSAGES.reopened });
  }
  if (intent === "ask-review") {
    const outcome = await askForReview(id);
    if (outcome === undefined) notFound();
    if (outcome === "refused") return redirectWithFlash(back, { type: "error", message: JOB_MESSAGES.reviewRefused });
    if (outcome.status !== "not-mailed") return redirectWithFlash(back, { type: "success", message: outcome.status === "sent" ? JOB_MESSAGES.reviewSent : JOB_MESSAGES.reviewQueued });
    // Not mailed: say so, and show its link once on the lead's page, as a proposal's is.
    const message = { failed: JOB_MESSAGES.reviewFailed, timeout: JOB_MESSAGES.reviewSlow, "no-mail": JOB_MESSAGES.reviewNoMail }[outcome.why];
    const headers = new Headers({ "Set-Cookie": await setFlash({ type: outcome.why === "no-mail" ? "info" : "error", message }) });
    headers.append("Set-Cookie", await rememberLink(id, { kind: "review", url: outcome.url }));
    return redirect(back, { headers });
  }
  const values = Object.fromEntries(["title", "category", "description", "altText", "photoId"].map((k) => [k, String(form.get(k) ?? "")]));
  const refuse = (error: string) => data<DraftFormReply>({ draft: { error, values } }, { status: 400 });
  const submission = parseWithZod(form, { schema: PortfolioDraftSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return refuse(first ?? DRAFT_MESSAGES.title);
  }
  const outcome = await addJobToPortfolio(id, submission.value);
  if (outcome.ok) return redirectWithFlash(`${href("/admin")}?edit=${outcome.id}`, { type: "success", message: DRAFT_MESSAGES.added });
  if (outcome.reason === "not found") notFound();
  return refuse(outcome.reason === "photo" ? DRAFT_MESSAGES.noPhoto : JOB_MESSAGES.notCompleted);
}
