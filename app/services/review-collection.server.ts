import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  reviewLinkState,
  reviewLocation,
  REVIEW_MESSAGES,
  type ReviewLinkState,
  type ReviewValues,
} from "~/lib/review-request";
import { ReviewSchema } from "~/lib/review-schema";
import { firstNameAndInitial } from "~/lib/public-name";
import { findReviewRequestByHash, submitReviewForRequest } from "~/models/review-request.server";
import { env } from "~/server/env.server";
import { hashLinkToken, isLinkToken } from "~/server/link-token.server";
import { sqliteLimiter } from "~/server/rate-limit.server";

/** The request a review link's token opens; anything that cannot be a token is not looked up. */
const requestOfLink = (token: string | undefined) =>
  token !== undefined && isLinkToken(token) ? findReviewRequestByHash(hashLinkToken(token)) : undefined;

export type ReviewPage =
  | { state: "open"; values: ReviewValues; service: string | null }
  | { state: Exclude<ReviewLinkState, "open"> | "unknown" };

/** What a review link opens: the form with what we know prefilled (the name as it would be published), or why not. */
export function reviewPageFor(token: string | undefined, now = new Date()): ReviewPage {
  const found = requestOfLink(token);
  if (!found) return { state: "unknown" };
  const state = reviewLinkState(found.request, now);
  if (state !== "open") return { state };
  // The name is published with the review: offered as "Dana K.", never the lead's full name.
  return {
    state,
    service: found.service,
    values: { rating: "", quote: "", name: firstNameAndInitial(found.name), location: reviewLocation(found.city) },
  };
}

// As many reviews from one address in 10 minutes as contact messages (CONTACT_RATE_LIMIT).
const perIp = sqliteLimiter("review-ip", env.CONTACT_RATE_LIMIT, 10 * 60);

export type ReviewAnswer =
  | { status: 200; result: { status: "success" } }
  // Conform's reply: each field's error, a form-level one (too many, failed), what was typed.
  | { status: 400 | 429 | 500; result: { status: "error"; reply: SubmissionResult<string[]> } }
  | { status: 404 | 410; result: { status: "gone"; state: Exclude<ReviewPage["state"], "open"> } };

/**
 * The homeowner's review from their link: checked, counted against the address's limit,
 * then stored as a pending testimonial (the owner approves it before it shows). A link
 * answers once: a second post is told the review is already with us.
 */
export async function submitReview(
  token: string | undefined,
  form: FormData,
  ip: string,
  now = new Date(),
): Promise<ReviewAnswer> {
  const found = requestOfLink(token);
  if (!found) return { status: 404, result: { status: "gone", state: "unknown" } };
  const state = reviewLinkState(found.request, now);
  if (state !== "open") return { status: 410, result: { status: "gone", state } };
  const submission = parseWithZod(form, { schema: ReviewSchema });
  if (submission.status !== "success") return { status: 400, result: { status: "error", reply: submission.reply() } };
  if (!(await perIp.hit(ip)))
    return {
      status: 429,
      result: { status: "error", reply: submission.reply({ formErrors: [REVIEW_MESSAGES.tooMany] }) },
    };
  try {
    if (!submitReviewForRequest(found.request.id, found.request.leadId, submission.value, now)) {
      return { status: 410, result: { status: "gone", state: "used" } };
    }
  } catch (error) {
    console.error("Could not store a review:", error);
    return {
      status: 500,
      result: { status: "error", reply: submission.reply({ formErrors: [REVIEW_MESSAGES.failed] }) },
    };
  }
  return { status: 200, result: { status: "success" } };
}
