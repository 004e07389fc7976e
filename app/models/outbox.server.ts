import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL } from "drizzle-orm";
import { leads, outbox, textOptOuts, type OutboxItem } from "~/db/schema";
import { leaseEnd, type Channel, type DeliveryStatus, type MailView, type OutboxKind } from "~/lib/outbox";
import { quietUntil, textNumber, wantsTexts } from "~/lib/texts";
import { getSetting } from "~/models/settings.server";
import { getDb, inTransaction } from "~/server/db.server";

/**
 * The outbox (decision 0037): every mail the site sends is a row here, stored before it is
 * tried, and this module is the only code that writes one (a lint rule keeps it so).
 * services/outbox.server.ts runs the queue; services/mail/<kind>.server.ts compose the mails.
 *
 * A mail is leased (`leased_until`) while an attempt runs, so two loops (or a loop and a
 * request) never send it twice; if the process dies mid-send, the lease runs out and it
 * is tried again.
 */

/** What a mail is about: the lead, and the proposal, review request, visit, invoice or payment it is for. */
export type MailAbout = {
  leadId?: number;
  proposalId?: number;
  reviewRequestId?: number;
  visitId?: number;
  invoiceId?: number;
  paymentId?: number;
};
export type NewMail = MailAbout & { kind: OutboxKind; recipient: string };

/**
 * The mails to a homeowner that also go by text when the homeowner takes texts
 * (lib/texts.ts `wantsTexts`): storing or requeueing the mail stores its text beside it,
 * about the same thing, so one change reaches him both ways. The request's "we got it"
 * text is stored with the lead instead (its mail waits on the owner's notice).
 */
const TEXTED_KINDS: ReadonlySet<OutboxKind> = new Set([
  "visit-confirmation",
  "visit-reminder",
  "visit-moved",
  "visit-cancelled",
  "proposal",
  "invoice",
  "receipt",
  "invoice-reminder",
  "review-request",
]);

const aboutIs = (about: MailAbout): SQL | undefined =>
  and(
    about.leadId === undefined ? undefined : eq(outbox.leadId, about.leadId),
    about.proposalId === undefined ? undefined : eq(outbox.proposalId, about.proposalId),
    about.reviewRequestId === undefined ? undefined : eq(outbox.reviewRequestId, about.reviewRequestId),
    about.visitId === undefined ? undefined : eq(outbox.visitId, about.visitId),
    about.invoiceId === undefined ? undefined : eq(outbox.invoiceId, about.invoiceId),
    about.paymentId === undefined ? undefined : eq(outbox.paymentId, about.paymentId),
  );

const fresh = {
  state: "pending" as const,
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  providerId: null,
  sentAt: null,
};

/** Stores a mail to be sent as soon as the worker (or the caller) gets to it, and its text if it has one. */
export function enqueueMail(mail: NewMail, now = new Date()): OutboxItem {
  return inTransaction(() => {
    const stored = getDb()
      .insert(outbox)
      .values({ ...mail, createdAt: now })
      .returning()
      .get();
    if (TEXTED_KINDS.has(mail.kind)) queueText(mail, now);
    return stored;
  });
}

/** Why a lead cannot be texted at all, or the number to text. */
export type TextStanding = { to: string } | { refused: "no-number" | "no-consent" | "stopped" };

/**
 * Whether staff may text this lead: a number carriers take, agreed to texts, and no STOP
 * from the number since. (What goes on its own also asks `wantsTexts`.)
 */
export function textStanding(leadId: number): TextStanding & { wanted: boolean } {
  const lead = getDb()
    .select({
      phone: leads.phone,
      email: leads.email,
      preferredContact: leads.preferredContact,
      textConsentAt: leads.textConsentAt,
    })
    .from(leads)
    .where(eq(leads.id, leadId))
    .get();
  const to = textNumber(lead?.phone);
  const wanted = !!lead && wantsTexts(lead, getSetting("contact").textEveryone);
  if (!lead || !to) return { refused: "no-number", wanted };
  if (!lead.textConsentAt) return { refused: "no-consent", wanted };
  if (isOptedOut(to)) return { refused: "stopped", wanted };
  return { to, wanted };
}

/**
 * The number to text this lead at, or null. `asked`: staff wrote the text themselves, so
 * the homeowner's agreement is enough; otherwise the lead must also want texts (lib/texts.ts).
 */
export function textRecipient(leadId: number, asked = false): string | null {
  const standing = textStanding(leadId);
  return "to" in standing && (asked || standing.wanted) ? standing.to : null;
}

/** Whether this number replied STOP (and not START since). */
export function isOptedOut(phone: string): boolean {
  return !!getDb().select().from(textOptOuts).where(eq(textOptOuts.phone, phone)).get();
}

/**
 * Stores the text of this kind about this thing (or puts the one there is back in line),
 * to the lead's number, when the lead takes texts (`asked`: staff wrote it, agreement is
 * enough). During the quiet hours it waits for the morning. Null when the lead is not texted.
 */
export function queueText(
  text: MailAbout & { kind: OutboxKind; leadNoteId?: number },
  now = new Date(),
  { asked = false } = {},
): OutboxItem | null {
  if (text.leadId === undefined) return null;
  const to = textRecipient(text.leadId, asked);
  if (!to) return null;
  const { kind, leadNoteId, ...about } = text;
  const nextAttemptAt = kind === "on-my-way" ? null : quietUntil(now);
  return inTransaction(() => {
    const existing = leadNoteId === undefined ? findMail(kind, about, "text") : undefined;
    if (existing)
      return getDb()
        .update(outbox)
        .set({ ...fresh, recipient: to, nextAttemptAt })
        .where(eq(outbox.id, existing.id))
        .returning()
        .get();
    return getDb()
      .insert(outbox)
      .values({ ...text, channel: "text", recipient: to, nextAttemptAt, createdAt: now })
      .returning()
      .get();
  });
}

/**
 * Puts the mail of this kind about this thing in line again with a fresh set of retries
 * (sending it again once it went), or stores it when there is none yet. A mail being sent
 * this moment keeps its lease.
 */
export function queueMail(mail: NewMail, now = new Date()): OutboxItem {
  return inTransaction(() => {
    const existing = findMail(mail.kind, mail);
    if (!existing) return enqueueMail(mail, now);
    if (TEXTED_KINDS.has(mail.kind)) queueText(mail, now);
    return getDb()
      .update(outbox)
      .set({ ...fresh, recipient: mail.recipient })
      .where(eq(outbox.id, existing.id))
      .returning()
      .get();
  });
}

/** No address to mail, but the lead takes texts: what queueToHomeowner sends goes by text alone. */
export const textedInsteadOfMail = (lead: { id: number; email: string }) =>
  !lead.email.includes("@") && textRecipient(lead.id) !== null;

/**
 * A homeowner's mail of a texted kind to `email`, its text beside it (as enqueueMail and
 * queueMail store it); to a lead without an email, its text alone, when the lead takes
 * texts. Null when neither can go. `again`: put the one there is back in line (queueMail)
 * rather than store a new one.
 */
export function queueToHomeowner(
  mail: MailAbout & { kind: OutboxKind; leadId: number },
  email: string,
  now = new Date(),
  { again = true } = {},
): OutboxItem | null {
  if (email.includes("@")) return (again ? queueMail : enqueueMail)({ ...mail, recipient: email.trim() }, now);
  return queueText(mail, now);
}

/** The newest mail (or text) of this kind about this thing. */
export function findMail(kind: OutboxKind, about: MailAbout, channel: Channel = "mail"): OutboxItem | undefined {
  return getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.channel, channel), aboutIs(about)))
    .orderBy(desc(outbox.id))
    .limit(1)
    .get();
}

/**
 * Drops the mails of this kind about this thing that have not gone (waiting, or failed)
 * and that no attempt holds this moment: each is marked skipped, as a mail its thing no
 * longer calls for (a visit's confirmation once the visit moved or was called off). How many.
 */
export function skipUnsentMails(kind: OutboxKind, about: MailAbout, now = new Date()): number {
  return getDb()
    .update(outbox)
    .set({ state: "skipped", nextAttemptAt: null })
    .where(and(eq(outbox.kind, kind), aboutIs(about), inArray(outbox.state, ["pending", "failed"]), free(now)))
    .run().changes;
}

/** Which of these visits have a mail of these kinds, not skipped, stored at `since` or later. */
export function visitsMailedSince(kinds: readonly OutboxKind[], visitIds: number[], since: Date): Set<number> {
  if (!visitIds.length) return new Set();
  const rows = getDb()
    .select({ visitId: outbox.visitId })
    .from(outbox)
    .where(
      and(
        inArray(outbox.kind, [...kinds]),
        inArray(outbox.visitId, visitIds),
        ne(outbox.state, "skipped"),
        gte(outbox.createdAt, since),
      ),
    )
    .all();
  return new Set(rows.flatMap((r) => (r.visitId === null ? [] : [r.visitId])));
}

/** Every mail of these kinds about these leads (or proposals, or review requests), oldest first. */
export function listMails(
  kinds: readonly OutboxKind[],
  about: { leadIds?: number[]; proposalIds?: number[]; reviewRequestIds?: number[] },
): OutboxItem[] {
  const ids = about.leadIds ?? about.proposalIds ?? about.reviewRequestIds ?? [];
  if (!ids.length) return [];
  const column = about.leadIds ? outbox.leadId : about.proposalIds ? outbox.proposalId : outbox.reviewRequestId;
  return getDb()
    .select()
    .from(outbox)
    .where(and(inArray(outbox.kind, [...kinds]), eq(outbox.channel, "mail"), inArray(column, ids)))
    .orderBy(asc(outbox.id))
    .all();
}

/** A failed mail of these kinds about this lead goes back in line with a fresh set of retries. How many. */
export function requeueFailedMails(kinds: readonly OutboxKind[], leadId: number): number {
  return getDb()
    .update(outbox)
    .set(fresh)
    .where(
      and(
        inArray(outbox.kind, [...kinds]),
        eq(outbox.channel, "mail"),
        eq(outbox.leadId, leadId),
        eq(outbox.state, "failed"),
      ),
    )
    .run().changes;
}

const pending = eq(outbox.state, "pending");
const free = (now: Date) => or(isNull(outbox.leasedUntil), lte(outbox.leasedUntil, now));
const dueBy = (now: Date) => and(pending, free(now), or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)));
const inBackoff = (now: Date) => and(pending, isNotNull(outbox.lastError), gt(outbox.nextAttemptAt, now));

/** Leases up to `limit` due mails or texts (or only row `id`, if it is due), oldest first. */
export function leaseDueMails(now: Date, limit: number, id?: number, channel?: Channel): OutboxItem[] {
  return inTransaction(() => {
    const due = getDb()
      .select()
      .from(outbox)
      .where(
        and(
          dueBy(now),
          id === undefined ? undefined : eq(outbox.id, id),
          channel === undefined ? undefined : eq(outbox.channel, channel),
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(limit)
      .all();
    if (due.length) {
      getDb()
        .update(outbox)
        .set({ leasedUntil: leaseEnd(now) })
        .where(
          inArray(
            outbox.id,
            due.map((m) => m.id),
          ),
        )
        .run();
    }
    return due;
  });
}

/**
 * The waiting mail whose backoff ends first, leased for an early try that counts no
 * attempt (the probe during an outage), if nothing else holds it.
 */
export function leaseProbe(now: Date, kinds: readonly OutboxKind[], channel: Channel = "mail"): OutboxItem | undefined {
  return inTransaction(() => {
    const probe = getDb()
      .select()
      .from(outbox)
      .where(and(inBackoff(now), free(now), eq(outbox.channel, channel), inArray(outbox.kind, [...kinds])))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(1)
      .get();
    if (probe)
      getDb()
        .update(outbox)
        .set({ leasedUntil: leaseEnd(now) })
        .where(eq(outbox.id, probe.id))
        .run();
    return probe;
  });
}

/** The lease ends with nothing recorded: a refused probe keeps its place in its backoff, a text left to the worker waits for it. */
export function releaseLease(id: number) {
  getDb().update(outbox).set({ leasedUntil: null }).where(eq(outbox.id, id)).run();
}

/** The provider answers again: everything of its channel waiting out a failure is due now. */
export function endBackoffs(now: Date, channel: Channel = "mail") {
  getDb()
    .update(outbox)
    .set({ nextAttemptAt: null })
    .where(and(inBackoff(now), eq(outbox.channel, channel)))
    .run();
}

/** What an attempt made of each mail. */
export type Attempt =
  | { id: number; attempts: number; status: "sent" | "unsent"; recipient: string; providerId: string | null }
  | { id: number; attempts: number; status: "retry"; reason: string; next: Date | null }
  | { id: number; status: "skipped" }
  // Not now (a text in the quiet hours): it waits, and no attempt is counted.
  | { id: number; status: "later"; next: Date };

/** Records one attempt at these mails in one transaction; each lease ends. */
export function recordAttempts(attempts: Attempt[], now: Date) {
  inTransaction(() => {
    for (const a of attempts) {
      const set =
        a.status === "skipped"
          ? { state: "skipped" as const, nextAttemptAt: null }
          : a.status === "later"
            ? { nextAttemptAt: a.next }
            : a.status === "retry"
              ? {
                  state: a.next ? ("pending" as const) : ("failed" as const),
                  attempts: a.attempts,
                  lastError: a.reason.slice(0, 500),
                  nextAttemptAt: a.next,
                }
              : {
                  state: a.status,
                  attempts: a.attempts,
                  lastError: null,
                  nextAttemptAt: null,
                  recipient: a.recipient,
                  providerId: a.providerId,
                  sentAt: now,
                };
      getDb()
        .update(outbox)
        .set({ ...set, leasedUntil: null })
        .where(eq(outbox.id, a.id))
        .run();
    }
  });
}

/** A mail as staff see it. */
export const mailView = (m: OutboxItem): MailView => ({
  state: m.state,
  attempts: m.attempts,
  lastError: m.lastError,
  nextAttemptAt: m.nextAttemptAt,
  sentAt: m.sentAt,
});

/** An invitation's mail: a new row each time it is sent, so "Send again" starts fresh. */
export function enqueueInvitationMail(invitationId: number, recipient: string, now = new Date()): OutboxItem {
  return getDb()
    .insert(outbox)
    .values({ kind: "invitation", invitationId, recipient, createdAt: now })
    .returning()
    .get();
}

/** The newest mail of each of these invitations, by invitation. */
export function latestInvitationMails(invitationIds: number[]): Map<number, OutboxItem> {
  const latest = new Map<number, OutboxItem>();
  if (!invitationIds.length) return latest;
  const rows = getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "invitation"), inArray(outbox.invitationId, invitationIds)))
    .orderBy(asc(outbox.id))
    .all();
  for (const row of rows) if (row.invitationId !== null) latest.set(row.invitationId, row);
  return latest;
}

/** Stores the mail with a password reset's link: one mail a reset, never put in line again. */
export function enqueuePasswordResetMail(passwordResetId: number, recipient: string, now = new Date()): OutboxItem {
  return getDb()
    .insert(outbox)
    .values({ kind: "password-reset", passwordResetId, recipient, createdAt: now })
    .returning()
    .get();
}

// A later status never gives way to an earlier one: Twilio's callbacks may arrive out of order.
const DELIVERY_RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, undelivered: 2, failed: 2, delivered: 3 };

/**
 * What the carrier made of the text Twilio took as `providerId`. False when no text of ours
 * has that id (a callback for something else, or made up).
 */
export function recordDelivery(providerId: string, status: DeliveryStatus, error: string | null): boolean {
  return inTransaction(() => {
    const text = getDb()
      .select({ id: outbox.id, deliveryStatus: outbox.deliveryStatus })
      .from(outbox)
      .where(and(eq(outbox.providerId, providerId), eq(outbox.channel, "text")))
      .get();
    if (!text) return false;
    if (text.deliveryStatus && DELIVERY_RANK[text.deliveryStatus] > DELIVERY_RANK[status]) return true;
    getDb()
      .update(outbox)
      .set({ deliveryStatus: status, deliveryError: error?.slice(0, 500) ?? null })
      .where(eq(outbox.id, text.id))
      .run();
    return true;
  });
}

/** One row of the outbox as it stands now. */
export function findOutboxItem(id: number): OutboxItem | undefined {
  return getDb().select().from(outbox).where(eq(outbox.id, id)).get();
}

/** Every text to this lead, oldest first. */
export function listLeadTexts(leadId: number): OutboxItem[] {
  return getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.leadId, leadId), eq(outbox.channel, "text")))
    .orderBy(asc(outbox.id))
    .all();
}

/** Whether any text to this lead has gone (or been printed), before this one. */
export function leadWasTexted(leadId: number, beforeId: number): boolean {
  return !!getDb()
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.leadId, leadId),
        eq(outbox.channel, "text"),
        inArray(outbox.state, ["sent", "unsent"]),
        ne(outbox.id, beforeId),
      ),
    )
    .get();
}

/** The number said STOP: every text to it that has not gone is dropped (recorded skipped). How many. */
export function skipTextsTo(phone: string, now = new Date()): number {
  return getDb()
    .update(outbox)
    .set({ state: "skipped", nextAttemptAt: null })
    .where(
      and(
        eq(outbox.channel, "text"),
        eq(outbox.recipient, phone),
        inArray(outbox.state, ["pending", "failed"]),
        free(now),
      ),
    )
    .run().changes;
}
