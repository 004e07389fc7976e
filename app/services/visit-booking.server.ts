import type { Visit } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import type { OutboxKind } from "~/lib/outbox";
import { VISIT_MESSAGES } from "~/lib/visit-form";
import type { VisitKind } from "~/lib/visit-kinds";
import { formatPhone } from "~/lib/business";
import type { Channel } from "~/lib/outbox";
import { textedWords } from "~/lib/texts";
import { getLead } from "~/models/lead.server";
import { queueToHomeowner, skipUnsentMails } from "~/models/outbox.server";
import { addVisit, cancelVisit, moveVisit, type VisitTimes } from "~/models/visit.server";
import { inTransaction } from "~/server/db.server";
import { MAIL_WAIT_MS, mailTransport, type MailTransport } from "~/server/mail.server";
import { deliverNow, type DeliveryOutcome } from "~/services/outbox.server";

/**
 * Booking, moving and calling off a visit, and the homeowner's mail about each:
 * stored with the change in one transaction, then tried at once while staff wait (at most
 * MAIL_WAIT_MS) and retried by the outbox after. A visit already past gets no mail; a lead
 * without an email address gets its text instead when it takes texts, else nothing.
 */

// "unannounced": called off before its confirmation went, so nothing went and nothing is owed.
type MailOutcome = DeliveryOutcome | "no-email" | "past" | "none" | "unannounced";

/** The words after "Work day booked" about the homeowner's mail (or text: `channel`). */
export function mailWords(outcome: MailOutcome, to: string, channel: Channel = "mail"): string {
  if (outcome === "no-email") return VISIT_MESSAGES.noEmail;
  if (outcome === "unannounced") return VISIT_MESSAGES.notAnnounced;
  if (outcome === "past" || outcome === "none") return "";
  if (channel === "text") {
    const words = textedWords(to, outcome.status);
    return words && `; ${words}`;
  }
  switch (outcome.status) {
    case "sent":
      return VISIT_MESSAGES.mailed(to);
    case "unsent":
      return VISIT_MESSAGES.noMail;
    case "queued":
      return VISIT_MESSAGES.mailQueued(to);
    case "skipped":
      return "";
    default:
      return VISIT_MESSAGES.mailFailed;
  }
}

/** The change and its mail in one transaction; the mail tried right after. */
async function withMail<T extends Visit>(
  leadId: number,
  change: () => T | string,
  mailFor: (visit: T) => OutboxKind | "none" | "unannounced",
  { transport, now }: { transport: MailTransport; now: Date },
): Promise<{ visit: T; mail: MailOutcome; to: string; channel: Channel } | string> {
  const lead = getLead(leadId);
  const email = lead?.email.trim() ?? "";
  const stored = inTransaction(() => {
    const visit = change();
    if (typeof visit === "string") return visit;
    const kind = mailFor(visit);
    if (kind === "none" || kind === "unannounced") return { visit, mail: kind };
    if (visit.startsAt.getTime() <= now.getTime()) return { visit, mail: "past" as const };
    // A mail of its own each time: when it was stored is when the homeowner was told (the reminder reads it).
    const mail = queueToHomeowner({ kind, leadId, visitId: visit.id }, email, now, { again: false });
    return { visit, mail: mail ?? ("no-email" as const) };
  });
  if (typeof stored === "string") return stored;
  if (typeof stored.mail === "string") return { visit: stored.visit, mail: stored.mail, to: email, channel: "mail" };
  const { channel } = stored.mail;
  const to = channel === "text" ? formatPhone(lead?.phone ?? "") : email;
  const mail = await deliverNow(stored.mail.id, { transport, now, waitMs: MAIL_WAIT_MS });
  return { visit: stored.visit, mail, to, channel };
}

/**
 * The visit's mails that have not gone are dropped (decision 0072): a confirmation not yet
 * sent, a move or a new length not yet announced. Which of them were dropped: without the
 * confirmation the homeowner has not heard of the visit at all; without a "moved" mail,
 * not of its new time.
 */
function dropUnsentMails(visitId: number, now: Date): { confirmationDropped: boolean; moveDropped: boolean } {
  const confirmationDropped = skipUnsentMails("visit-confirmation", { visitId }, now) > 0;
  const moveDropped = skipUnsentMails("visit-moved", { visitId }, now) > 0;
  skipUnsentMails("visit-updated", { visitId }, now);
  return { confirmationDropped, moveDropped };
}

export type BookOptions = { transport?: MailTransport; now?: Date };

export function bookVisit(
  visit: VisitTimes & { leadId: number; kind: VisitKind },
  by: Actor,
  { transport = mailTransport(), now = new Date() }: BookOptions = {},
) {
  return withMail(
    visit.leadId,
    () => addVisit({ ...visit, createdBy: by.id }, by, now),
    () => "visit-confirmation",
    { transport, now },
  );
}

/**
 * A new time or length mails the homeowner; who goes and the note are the team's own
 * business. Only a new start is a "moved" mail: a new length at the same start is an
 * "updated" one (the homeowner is never told a time moved that did not), each with the
 * invitation's new end. A confirmation that has not gone yet is replaced by one with the
 * new time (never a confirmation and a "moved" mail for a visit the homeowner heard of
 * once); a "moved" mail not gone yet, by one with the time as it is now.
 */
export async function rescheduleVisit(
  leadId: number,
  visitId: number,
  to: VisitTimes,
  by: Actor,
  { transport = mailTransport(), now = new Date() }: BookOptions = {},
) {
  let moved = false;
  let timeChanged = false;
  let changed = false;
  const result = await withMail(
    leadId,
    () => {
      const outcome = moveVisit(leadId, visitId, to, by, now);
      if (typeof outcome === "string") return outcome;
      ({ moved, timeChanged, changed } = outcome);
      return outcome.visit;
    },
    (visit) => {
      if (!timeChanged) return "none";
      const dropped = dropUnsentMails(visit.id, now);
      if (dropped.confirmationDropped) return "visit-confirmation";
      return moved || dropped.moveDropped ? "visit-moved" : "visit-updated";
    },
    { transport, now },
  );
  return typeof result === "string" ? result : { ...result, moved, timeChanged, changed };
}

/** Called off before its confirmation went: the confirmation is dropped, and there is nothing to take back. */
export function callOffVisit(
  leadId: number,
  visitId: number,
  by: Actor,
  { transport = mailTransport(), now = new Date() }: BookOptions = {},
) {
  return withMail(
    leadId,
    () => cancelVisit(leadId, visitId, by, now),
    (visit) => (dropUnsentMails(visit.id, now).confirmationDropped ? "unannounced" : "visit-cancelled"),
    { transport, now },
  );
}
