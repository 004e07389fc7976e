import { digestDayDue, digestOf, isEmptyDigest } from "~/lib/lead-digest";
import { listWaitingLeads } from "~/models/lead.server";
import { enqueueMail } from "~/models/outbox.server";
import { changeSetting, getSetting } from "~/models/settings.server";
import { mailTransport, type MailTransport } from "~/server/mail.server";
import { deliverNow, type DeliveryOutcome } from "~/services/outbox.server";

export type DigestOutcome = "not due" | "nothing waiting" | { queued: number };

/**
 * The owner's daily summary of waiting leads (contact settings), when it is due: one mail
 * to the notification address in the outbox, at most one a Kansas day. The day is taken
 * before the mail is queued, so a second tick or a restart never queues it again; the
 * outbox retries a refused one (decision 0037). With nothing waiting, the day is done, unmailed.
 */
export function enqueueDueDigest(now = new Date()): DigestOutcome {
  const settings = getSetting("contact");
  const { lastSentOn } = getSetting("digest");
  const day = digestDayDue(settings, lastSentOn, now);
  // Taken only if no one took it since it was read (decision 0021).
  if (!day || !changeSetting("digest", (state) => (state.lastSentOn === lastSentOn ? { lastSentOn: day } : null)))
    return "not due";
  if (isEmptyDigest(digestOf(listWaitingLeads(day), day))) return "nothing waiting";
  return { queued: enqueueMail({ kind: "lead-digest", recipient: settings.notificationEmail }, now).id };
}

/** The summary queued if it is due, and tried at once (what the outbox loop does on each run). */
export async function sendLeadDigest(
  transport: MailTransport = mailTransport(),
  now = new Date(),
): Promise<Exclude<DigestOutcome, { queued: number }> | DeliveryOutcome["status"]> {
  const outcome = enqueueDueDigest(now);
  if (typeof outcome === "string") return outcome;
  return (await deliverNow(outcome.queued, { transport, now })).status;
}
