import { href } from "react-router";
import type { Lead } from "~/db/schema";
import {
  ASK_REVIEW_INTENT,
  COMPLETE_INTENT,
  REOPEN_INTENT,
  type ADD_TO_PORTFOLIO_INTENT,
  type LeadFormOf,
} from "~/lib/lead-forms";
import { DRAFT_MESSAGES, REQUEST_PHOTO_LABEL } from "~/lib/portfolio-draft-form";
import { reviewLinkState } from "~/lib/review-request";
import { setJobCompleted } from "~/models/lead.server";
import { listPhotos } from "~/models/lead-photo.server";
import { findLeadProject } from "~/models/project.server";
import { textedInsteadOfMail } from "~/models/outbox.server";
import { latestReviewRequest } from "~/models/review-request.server";
import { getTestimonial } from "~/models/testimonial.server";
import { redirectWithFlash } from "./flash.server";
import { addJobToPortfolio, portfolioDraftDefaults } from "./portfolio-draft.server";
import { redirectShowingLink } from "./new-link.server";
import { askForReview, reviewMail } from "./review-asking.server";
import { notFound } from "~/server/responses.server";
import { mailIsSetUp } from "~/server/mail.server";
import type { Actor } from "~/lib/actor";
import { JOB_MESSAGES } from "~/lib/lead-status";
import { isRefusal } from "~/lib/refusal";
import { JOB_PHOTO_TAG_LABELS } from "~/lib/job-photo-tags";
import { draftPictureDefaults } from "~/lib/portfolio-draft";
import { leadPhotoThumb } from "./lead-view.server";

/** The forms of a won job on its lead's page (components/admin/lead-job.tsx), parsed (lib/lead-forms.ts). */
type JobForm = LeadFormOf<
  typeof COMPLETE_INTENT | typeof REOPEN_INTENT | typeof ASK_REVIEW_INTENT | typeof ADD_TO_PORTFOLIO_INTENT
>;

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
    /** A homeowner without an email is asked by text, when he takes texts. */
    reviewByText: textedInsteadOfMail(lead),
    project: findLeadProject(lead.id) ?? null,
    draft: portfolioDraftView(lead),
  };
}

/** A photo the draft form offers as the before or the after: its thumbnail, what it shows and its caption. */
export type DraftPhoto = { id: number; thumb: string; name: string; tag: string; caption: string };

/** The "Add to portfolio" form of a completed job: its words, every photo of the lead, and the pictures it starts with. */
function portfolioDraftView(lead: Lead) {
  const rows = lead.completedAt ? listPhotos(lead.id) : [];
  const photos = rows.map((p): DraftPhoto => ({
    id: p.id,
    thumb: leadPhotoThumb(p),
    name: p.originalName,
    tag: p.tag ? JOB_PHOTO_TAG_LABELS[p.tag] : REQUEST_PHOTO_LABEL,
    caption: p.caption,
  }));
  return { ...portfolioDraftDefaults(lead), ...draftPictureDefaults(rows), photos };
}
export type LeadJobView = ReturnType<typeof leadJobView>;

/** One of the job's forms, posted to the lead's page: back to it with a message, or `refuse` with why not. */
/**
 * Who is finishing the job: whether they may cancel or move its visits (the refusal while
 * visits are ahead says what they can do), and where to go once it is completed (a crew
 * member who no longer sees a finished job nobody has goes to Today, not to a 403), and
 * whether they put a portfolio draft on the site themselves or leave it to the owner.
 */
export type JobActor = { reschedules: boolean; backWhenDone: string; publishes: boolean };

export async function leadJobAction<Refusal>(
  id: number,
  form: JobForm,
  by: Actor,
  back: string,
  refuse: (message: string) => Refusal,
  who: JobActor,
) {
  if (form.intent === COMPLETE_INTENT || form.intent === REOPEN_INTENT) {
    const complete = form.intent === COMPLETE_INTENT;
    const changed = setJobCompleted(id, complete, by, new Date(), { reschedules: who.reschedules });
    if (changed === undefined) notFound();
    if (isRefusal(changed)) return refuse(changed.refused);
    if (!changed && complete) return redirectWithFlash(back, { type: "error", message: JOB_MESSAGES.notWon });
    return redirectWithFlash(complete ? who.backWhenDone : back, {
      type: "success",
      message: complete ? JOB_MESSAGES.completed : JOB_MESSAGES.reopened,
    });
  }
  if (form.intent === ASK_REVIEW_INTENT) {
    const outcome = await askForReview(id);
    if (outcome === undefined) notFound();
    if (outcome === "refused") return redirectWithFlash(back, { type: "error", message: JOB_MESSAGES.reviewRefused });
    if (outcome.status === "texted")
      return redirectWithFlash(back, {
        type: outcome.ok ? "success" : "info",
        message: `Review request: ${outcome.words || "not texted"}`,
      });
    if (outcome.status !== "not-mailed")
      return redirectWithFlash(back, {
        type: "success",
        message: outcome.status === "sent" ? JOB_MESSAGES.reviewSent : JOB_MESSAGES.reviewQueued,
      });
    // Not mailed: say so, and show its link once on the lead's page, as a proposal's is.
    const message = {
      failed: JOB_MESSAGES.reviewFailed,
      timeout: JOB_MESSAGES.reviewSlow,
      "no-mail": JOB_MESSAGES.reviewNoMail,
    }[outcome.why];
    return redirectShowingLink(
      back,
      id,
      { kind: "review", url: outcome.url },
      { type: outcome.why === "no-mail" ? "info" : "error", message },
    );
  }
  const outcome = await addJobToPortfolio(id, form);
  if (outcome === null) notFound();
  if (isRefusal(outcome)) return refuse(outcome.refused);
  return redirectWithFlash(`${href("/admin/projects")}?edit=${outcome.id}`, {
    type: "success",
    message: who.publishes ? DRAFT_MESSAGES.added : DRAFT_MESSAGES.addedForOwner,
  });
}
