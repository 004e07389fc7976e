import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { canAskForReview, reviewLinkExpiry, reviewLinkState, reviewLocation, reviewPath, reviewRequestMail, REVIEW_MESSAGES, type ReviewLinkState, type ReviewValues } from "~/lib/review-request";
import { ReviewSchema } from "~/lib/review-schema";
import { nextAttemptAt } from "~/lib/mail-retry";
import { firstNameAndInitial } from "~/lib/public-name";
import { getLead } from "~/models/lead.server";
import {
  findReviewRequestByHash,
  leaseDueReviewMails,
  queueReviewRequest,
  recordReviewMailFailure,
  recordReviewMailSent,
  setReviewLink,
  submitReviewForRequest,
  type ReviewMailRow,
} from "~/models/review-request.server";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { repeatInBackground } from "~/server/background.server";
import { env } from "~/server/env.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/server/link-token.server";
import { BATCH_LIMIT, MAIL_WAIT_MS, mailTransport, MailTimeout, withTimeout, type MailTransport } from "~/server/mail.server";
import { siteOrigin } from "~/server/origin.server";
import { sqliteLimiter } from "~/server/rate-limit.server";

// As the contact mails: while one attempt runs the rows are leased, so no other run sends them.
const LEASE_MS = 5 * 60_000;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What became of a review request staff just asked for; `url` is its link when it was not mailed. */
export type ReviewAskOutcome =
  | { status: "sent" }
  | { status: "queued" }
  | { status: "not-mailed"; why: "no-mail" | "failed" | "timeout"; reason?: string; url: string };

/**
 * "Ask for a review" on a completed job: the request is stored first (a new one, or the
 * lead's unanswered one put in line again), then mailed while staff wait. When it is not
 * mailed (no mail set up, or the provider refused) its link comes back for staff to copy
 * and send themselves, and it is not retried: a retry would make a new link and kill the
 * one staff were given (decision 0032). Staff wait at most `waitMs`: then the link comes back
 * as "timeout" (the provider may still deliver it, with this same link). Undefined for an unknown lead; "refused" when the
 * job is not completed, has no email, or was already reviewed.
 */
export async function askForReview(leadId: number, transport: MailTransport = mailTransport(), now = new Date(), waitMs = MAIL_WAIT_MS): Promise<ReviewAskOutcome | "refused" | undefined> {
  const lead = getLead(leadId);
  if (!lead) return undefined;
  if (!canAskForReview(lead)) return "refused";
  // The link is made when the mail goes (see sendReviewMails); until then a hash nobody holds a token for.
  const request = queueReviewRequest(leadId, newLinkToken().hash, reviewLinkExpiry(now));
  if (!request) return "refused";
  const rows = leaseDueReviewMails(now, new Date(now.getTime() + LEASE_MS), 1, request.id);
  // The background loop has it this very moment: it goes from there.
  if (!rows.length) return { status: "queued" };
  const sent = await sendReviewMails(rows, withTimeout(transport, waitMs), now, { staffWaiting: true });
  const url = sent.links.get(request.id)!;
  if (sent.failed !== null) return { status: "not-mailed", why: sent.timedOut ? "timeout" : "failed", reason: sent.failed, url };
  return transport.delivers ? { status: "sent" } : { status: "not-mailed", why: "no-mail", url };
}

/**
 * Only the hash of a link's token is kept, so each attempt makes a new link (and a new
 * 60 days) and stores its hash before the mail goes: a link from an attempt that failed was
 * never seen by anyone, unless staff are waiting for it (then it is theirs to send, and the
 * request is not retried). `failed` is the provider's reason, or null when it took them.
 */
async function sendReviewMails(rows: ReviewMailRow[], transport: MailTransport, now: Date, { staffWaiting = false } = {}) {
  const { company, phone } = getBusinessFacts();
  const { notificationEmail } = getSetting("contact");
  const expiresAt = reviewLinkExpiry(now);
  const links = new Map<number, string>();
  const mails = rows.map((r) => {
    const { token, hash } = newLinkToken();
    setReviewLink(r.id, hash, expiresAt);
    const link = `${siteOrigin()}${reviewPath(token)}`;
    links.set(r.id, link);
    const mail = reviewRequestMail({ name: r.name, company, phone, service: r.service, town: r.city, link, expiresAt });
    // Only ever to the homeowner's own address; a reply reaches the owner.
    return { to: r.email, toName: r.name, fromName: company, replyTo: notificationEmail, ...mail };
  });
  try {
    await transport.sendBatch(mails);
  } catch (error) {
    const reason = reasonOf(error);
    console.error(`Review requests ${rows.map((r) => r.id).join(", ")}: attempt failed: ${reason}`);
    for (const r of rows) recordReviewMailFailure(r.id, r.mailAttempts + 1, staffWaiting ? null : nextAttemptAt(r.mailAttempts + 1, now), reason);
    return { links, failed: reason, timedOut: error instanceof MailTimeout };
  }
  recordReviewMailSent(rows, transport.delivers ? "sent" : "unsent");
  return { links, failed: null, timedOut: false };
}

/** Every due request, batch after batch, until none is left or the provider refuses. */
export async function processReviewMailQueue(transport: MailTransport = mailTransport(), now = new Date()) {
  const lease = () => leaseDueReviewMails(now, new Date(now.getTime() + LEASE_MS), BATCH_LIMIT);
  for (let batch = lease(); batch.length; batch = lease()) {
    if ((await sendReviewMails(batch, transport, now)).failed !== null) return;
  }
}

/** Retries survive restarts: their state is in the database, and this loop picks them up. */
export function startReviewMailQueue(intervalMs = 60_000) {
  repeatInBackground("Review request mail", intervalMs, () => processReviewMailQueue());
}

export type ReviewPage =
  | { state: "open"; values: ReviewValues; service: string | null }
  | { state: Exclude<ReviewLinkState, "open"> | "unknown" };

/** What a review link opens: the form with what we know prefilled (the name as it would be published), or why not. */
export function reviewPageFor(token: string | undefined, now = new Date()): ReviewPage {
  const found = token !== undefined && isLinkToken(token) ? findReviewRequestByHash(hashLinkToken(token)) : undefined;
  if (!found) return { state: "unknown" };
  const state = reviewLinkState(found.request, now);
  if (state !== "open") return { state };
  // The name is published with the review: offered as "Dana K.", never the lead's full name.
  return { state, service: found.service, values: { rating: "", quote: "", name: firstNameAndInitial(found.name), location: reviewLocation(found.city) } };
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
export async function submitReview(token: string | undefined, form: FormData, ip: string, now = new Date()): Promise<ReviewAnswer> {
  const found = token !== undefined && isLinkToken(token) ? findReviewRequestByHash(hashLinkToken(token)) : undefined;
  if (!found) return { status: 404, result: { status: "gone", state: "unknown" } };
  const state = reviewLinkState(found.request, now);
  if (state !== "open") return { status: 410, result: { status: "gone", state } };
  const submission = parseWithZod(form, { schema: ReviewSchema });
  if (submission.status !== "success") return { status: 400, result: { status: "error", reply: submission.reply() } };
  if (!(await perIp.hit(ip))) return { status: 429, result: { status: "error", reply: submission.reply({ formErrors: [REVIEW_MESSAGES.tooMany] }) } };
  try {
    if (!submitReviewForRequest(found.request.id, found.request.leadId, submission.value, now)) {
      return { status: 410, result: { status: "gone", state: "used" } };
    }
  } catch (error) {
    console.error("Could not store a review:", error);
    return { status: 500, result: { status: "error", reply: submission.reply({ formErrors: [REVIEW_MESSAGES.failed] }) } };
  }
  return { status: 200, result: { status: "success" } };
}
