import { formatPhone } from "~/lib/business";
import type { MailView } from "~/lib/outbox";
import { textedWords } from "~/lib/texts";
import { canAskForReview, reviewLinkExpiry } from "~/lib/review-request";
import { getLead } from "~/models/lead.server";
import { findMail, mailView, queueToHomeowner, textRecipient } from "~/models/outbox.server";
import { queueReviewRequest } from "~/models/review-request.server";
import { inTransaction } from "~/server/db.server";
import { newLinkToken } from "~/server/link-token.server";
import { MAIL_WAIT_MS, mailTransport, type MailTransport } from "~/server/mail.server";
import { deliverNow } from "~/services/outbox.server";

/** What became of a review request staff just asked for; `url` is its link when it was not mailed. */
export type ReviewAskOutcome =
  | { status: "sent" }
  | { status: "queued" }
  | { status: "not-mailed"; why: "no-mail" | "failed" | "timeout"; reason?: string; url: string }
  // To a lead without an email: what became of its text, in staff's words (lib/texts.ts textedWords).
  | { status: "texted"; ok: boolean; words: string };

/**
 * "Ask for a review" on a completed job: the request and its mail are stored first (a new
 * one, or the lead's unanswered one put in line again), then mailed while staff wait.
 * When it is not mailed (no mail set up, or the provider refused) its link comes back for
 * staff to copy and send themselves, and it is not retried: a retry would make a new link
 * and kill the one staff were given (decision 0032). Staff wait at most `waitMs`: then the
 * link comes back as "timeout" (the provider may still deliver it, with this same link).
 * Undefined for an unknown lead; "refused" when the job is not completed, has no email,
 * or was already reviewed.
 */
export async function askForReview(
  leadId: number,
  transport: MailTransport = mailTransport(),
  now = new Date(),
  waitMs = MAIL_WAIT_MS,
): Promise<ReviewAskOutcome | "refused" | undefined> {
  const lead = getLead(leadId);
  if (!lead) return undefined;
  if (!canAskForReview(lead, textRecipient(leadId) !== null)) return "refused";
  const mail = inTransaction(() => {
    // The link is made when the mail goes (services/mail/review-request.server.ts); until then a hash nobody holds a token for.
    const request = queueReviewRequest(leadId, newLinkToken().hash, reviewLinkExpiry(now));
    return (
      request && queueToHomeowner({ kind: "review-request", leadId, reviewRequestId: request.id }, lead.email, now)
    );
  });
  if (!mail) return "refused";
  if (mail.channel === "text") {
    // Retried like every text: its link is made as it goes, and staff are never shown one.
    const outcome = await deliverNow(mail.id, { transport, now, waitMs });
    const words = textedWords(formatPhone(lead.phone ?? ""), outcome.status, now);
    return { status: "texted", ok: outcome.status === "sent" || outcome.status === "queued", words };
  }
  const outcome = await deliverNow(mail.id, { transport, now, waitMs, final: true });
  // The background loop has it this very moment: it goes from there.
  switch (outcome.status) {
    case "queued":
    case "skipped":
      return { status: "queued" };
    case "sent":
      return { status: "sent" };
    case "unsent":
      return { status: "not-mailed", why: "no-mail", url: outcome.link ?? "" };
    default:
      return { status: "not-mailed", why: outcome.status, reason: outcome.reason, url: outcome.link ?? "" };
  }
}

/** Where a review request's mail stands, for the job's card. */
export function reviewMail(reviewRequestId: number): MailView | null {
  const mail =
    findMail("review-request", { reviewRequestId }) ?? findMail("review-request", { reviewRequestId }, "text");
  return mail ? mailView(mail) : null;
}
