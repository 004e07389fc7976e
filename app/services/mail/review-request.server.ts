import { reviewLinkExpiry, reviewPath, reviewRequestMail } from "~/lib/review-request";
import { findReviewRequest, setReviewLink } from "~/models/review-request.server";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { newLinkToken } from "~/server/link-token.server";
import { siteOrigin } from "~/server/origin.server";
import { jobPageLinkUrl } from "~/services/job-page-link.server";
import { reviewRequestText } from "~/lib/text-words";
import type { GoogleReviews } from "~/lib/business";
import type { MailKind } from "./mail-kind.server";

/**
 * A completed job's homeowner asked for a review (decision 0026). Only a token's hash is
 * kept, so each attempt makes a new link (and a new 60 days) and stores its hash before
 * the mail goes: a link from an attempt that failed was never seen by anyone. The mail
 * also carries the job's one job page link (decisions 0070, 0076), where the receipts stay.
 */
export const reviewRequest: MailKind = {
  retries: true,
  compose(item, now) {
    const found = item.reviewRequestId === null ? undefined : findReviewRequest(item.reviewRequestId);
    // Answered meanwhile: nothing to ask any more.
    if (!found || found.request.submittedAt) return null;
    const { company, phone, googleReviews } = getBusinessFacts();
    const expiresAt = reviewLinkExpiry(now);
    const { link, onGoogle } = reviewLink(found.request.id, googleReviews, expiresAt);
    const jobPageLink = jobPageLinkUrl(found.request.leadId, now);
    const mail = reviewRequestMail({
      name: found.name,
      company,
      phone,
      service: found.service,
      town: found.city,
      link,
      onGoogle,
      jobPageLink,
      expiresAt,
    });
    // Only ever to the homeowner's own address; a reply reaches the owner.
    return {
      mail: {
        to: found.email,
        toName: found.name,
        fromName: company,
        replyTo: getSetting("contact").notificationEmail,
        ...mail,
      },
      link,
    };
  },
  /**
   * Only to a homeowner without an email: a review request keeps one link (its hash), so a
   * text's new link would turn off the one just mailed.
   */
  text(item, now) {
    const found = item.reviewRequestId === null ? undefined : findReviewRequest(item.reviewRequestId);
    if (!found || found.request.submittedAt || found.email) return null;
    const { company, googleReviews } = getBusinessFacts();
    const { link, onGoogle } = reviewLink(found.request.id, googleReviews, reviewLinkExpiry(now));
    return { body: reviewRequestText(company, link, onGoogle), link };
  },
};

/**
 * Where the request sends the homeowner: the owner's Google review page when he chose it
 * instead of our form, else a new link to our form (its hash stored before anything goes).
 */
function reviewLink(requestId: number, google: GoogleReviews | null, expiresAt: Date) {
  if (google?.ask === "instead") return { link: google.link, onGoogle: true };
  const { token, hash } = newLinkToken();
  setReviewLink(requestId, hash, expiresAt);
  return { link: `${siteOrigin()}${reviewPath(token)}`, onGoogle: false };
}
