import { actorOf } from "~/lib/actor";
import { isTodaysVisit, ON_MY_WAY_MESSAGES, recentOnMyWay, type ArrivalMinutes } from "~/lib/on-my-way";
import { isRefusal, refusal, type Refusal } from "~/lib/refusal";
import { arrivalWords } from "~/lib/text-words";
import { writeLeadHistory } from "~/models/lead-history.server";
import { findMail, queueText, textStanding } from "~/models/outbox.server";
import type { SessionUser } from "~/models/session.server";
import { visitForMail } from "~/models/visit.server";
import { inTransaction } from "~/server/db.server";
import { MAIL_WAIT_MS } from "~/server/mail.server";
import { notFound } from "~/server/responses.server";
import { textTransport, type TextTransport } from "~/server/texts.server";
import { requireRoleOf } from "~/services/access.server";
import { deliverNow } from "~/services/outbox.server";

/**
 * "On my way" (lib/on-my-way.ts): the history entry says who is coming and when (its
 * `detail`, the arrival's words), and the outbox texts it at once, quiet hours or not
 * (services/mail/texts.server.ts words it from the entry). Once a visit in half an hour.
 */

/** Whether this lead takes texts now: agreed, a number carriers take, no STOP, and texts are its way. */
function takesTexts(leadId: number): boolean {
  const standing = textStanding(leadId);
  return "to" in standing && standing.wanted;
}

/** The last "on my way" of this visit that went or is going (one that failed, or was only printed, does not count). */
function lastOnMyWay(visitId: number): Date | null {
  const last = findMail("on-my-way", { visitId }, "text");
  if (!last || last.state === "failed" || last.state === "skipped" || last.state === "unsent") return null;
  return last.sentAt ?? last.createdAt;
}

/** What the card of one of today's visits offers: the form when its lead takes texts, and the last one sent. */
export function onMyWayCard(
  visit: { id: number; leadId: number; startsAt: Date; durationMinutes: number },
  now = new Date(),
): { sentAt: Date | null } | null {
  if (!isTodaysVisit(visit, now) || !takesTexts(visit.leadId)) return null;
  return { sentAt: recentOnMyWay(lastOnMyWay(visit.id), now) };
}

/** Texted (or on its way), in the words staff read; `tone` "info" when it was only printed (texts not set up). */
export type OnMyWaySent = { sent: string; tone: "success" | "info" };

/**
 * Texts the visit's homeowner that `user` is on the way, arriving in `minutes`: the visit's
 * own person, or the owner or office (a 403 for anyone else; a 404 for no such visit). A
 * refusal when it is not today's, the homeowner takes no texts, one went in the last half
 * hour (409, saying when) or the text could not go.
 */
export async function sendOnMyWay(
  user: SessionUser,
  visitId: number,
  minutes: ArrivalMinutes,
  { now = new Date(), texts = textTransport() }: { now?: Date; texts?: TextTransport } = {},
): Promise<OnMyWaySent | Refusal> {
  const visit = visitForMail(visitId);
  if (!visit || visit.cancelledAt) notFound();
  if (visit.assigneeId !== user.userId) requireRoleOf(user, ["owner", "office"]);
  const name = visit.lead.name;
  if (!isTodaysVisit(visit, now)) return refusal(ON_MY_WAY_MESSAGES.notToday);
  const noText = refusal(ON_MY_WAY_MESSAGES.noText(name));
  const queued = inTransaction(() => {
    // Checked and written together: two taps at once text once.
    const at = recentOnMyWay(lastOnMyWay(visit.id), now);
    if (at) return refusal(ON_MY_WAY_MESSAGES.already(name, at), { status: 409 });
    if (!takesTexts(visit.leadId)) return noText;
    const leadNoteId = writeLeadHistory(
      { leadId: visit.leadId, kind: "on-my-way", visitId: visit.id, detail: arrivalWords(minutes, now) },
      actorOf(user),
      now,
    );
    return queueText({ kind: "on-my-way", leadId: visit.leadId, visitId: visit.id, leadNoteId }, now) ?? noText;
  });
  if (isRefusal(queued)) return queued;
  const outcome = await deliverNow(queued.id, { texts, now, waitMs: MAIL_WAIT_MS });
  switch (outcome.status) {
    case "sent":
      return { sent: ON_MY_WAY_MESSAGES.texted(name), tone: "success" };
    case "queued":
      return { sent: ON_MY_WAY_MESSAGES.queued(name), tone: "success" };
    case "unsent":
      return { sent: ON_MY_WAY_MESSAGES.notSetUp(name), tone: "info" };
    case "skipped":
      return noText;
    default:
      return refusal(ON_MY_WAY_MESSAGES.failed(name, outcome.reason), { status: 500 });
  }
}
