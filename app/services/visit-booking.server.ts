import type { Visit } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import type { OutboxKind } from "~/lib/outbox";
import { VISIT_MESSAGES } from "~/lib/visit-form";
import { VISIT_KIND_LABELS, type VisitKind } from "~/lib/visit-kinds";
import { formatShortDay, formatKansasTime, kansasDay } from "~/lib/visit-time";
import { getLead } from "~/models/lead.server";
import { queueMail } from "~/models/outbox.server";
import { addVisit, cancelVisit, moveVisit, type VisitTimes } from "~/models/visit.server";
import { inTransaction } from "~/server/db.server";
import { MAIL_WAIT_MS, mailTransport, type MailTransport } from "~/server/mail.server";
import { deliverNow, type DeliveryOutcome } from "~/services/outbox.server";

/**
 * Booking, moving and calling off a visit (issue 33), and the homeowner's mail about each:
 * stored with the change in one transaction, then tried at once while staff wait (at most
 * MAIL_WAIT_MS) and retried by the outbox after. A visit already past, or a lead without an
 * email address, gets no mail.
 */

const when = (at: Date) => `${formatShortDay(kansasDay(at))} at ${formatKansasTime(at)}`;
const label = (kind: VisitKind) => VISIT_KIND_LABELS[kind];

/** The lead's history lines. */
const HISTORY = {
  added: (v: Visit) => `${label(v.kind)} booked for ${when(v.startsAt)}`,
  moved: (v: Visit) => `${label(v.kind)} moved to ${when(v.startsAt)}`,
  cancelled: (v: Visit) => `${label(v.kind)} on ${when(v.startsAt)} canceled`,
};

type MailOutcome = DeliveryOutcome | "no-email" | "past" | "none";

/** The words after "Work day booked" about the homeowner's mail. */
export function mailWords(outcome: MailOutcome, to: string): string {
  if (outcome === "no-email") return VISIT_MESSAGES.noEmail;
  if (outcome === "past" || outcome === "none") return "";
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
  kind: OutboxKind,
  change: () => T | string,
  { transport, now, mails = () => true }: { transport: MailTransport; now: Date; mails?: (visit: T) => boolean },
): Promise<{ visit: T; mail: MailOutcome; to: string } | string> {
  const lead = getLead(leadId);
  const to = lead?.email.trim() ?? "";
  const stored = inTransaction(() => {
    const visit = change();
    if (typeof visit === "string") return visit;
    if (!mails(visit)) return { visit, mail: "none" as const };
    if (visit.startsAt.getTime() <= now.getTime()) return { visit, mail: "past" as const };
    if (!to.includes("@")) return { visit, mail: "no-email" as const };
    return { visit, mail: queueMail({ kind, leadId, visitId: visit.id, recipient: to }, now) };
  });
  if (typeof stored === "string") return stored;
  if (typeof stored.mail === "string") return { visit: stored.visit, mail: stored.mail, to };
  return { visit: stored.visit, mail: await deliverNow(stored.mail.id, { transport, now, waitMs: MAIL_WAIT_MS }), to };
}

export type BookOptions = { transport?: MailTransport; now?: Date };

export function bookVisit(visit: VisitTimes & { leadId: number; kind: VisitKind }, by: Actor, { transport = mailTransport(), now = new Date() }: BookOptions = {}) {
  return withMail(visit.leadId, "visit-confirmation", () => addVisit({ ...visit, createdBy: by.id }, by, HISTORY.added, now), { transport, now });
}

/** A new time or length mails the homeowner; who goes and the note are the team's own business. */
export async function rescheduleVisit(leadId: number, visitId: number, to: VisitTimes, by: Actor, { transport = mailTransport(), now = new Date() }: BookOptions = {}) {
  let timeChanged = false;
  let changed = false;
  const result = await withMail(
    leadId,
    "visit-moved",
    () => {
      const moved = moveVisit(leadId, visitId, to, by, HISTORY.moved, now);
      if (typeof moved === "string") return moved;
      ({ timeChanged, changed } = moved);
      return moved.visit;
    },
    { transport, now, mails: () => timeChanged },
  );
  return typeof result === "string" ? result : { ...result, timeChanged, changed };
}

export function callOffVisit(leadId: number, visitId: number, by: Actor, { transport = mailTransport(), now = new Date() }: BookOptions = {}) {
  return withMail(leadId, "visit-cancelled", () => cancelVisit(leadId, visitId, by, HISTORY.cancelled, now), { transport, now });
}
