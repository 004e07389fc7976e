/**
 * The outbox's rules that need no database: which kinds of mail there are, where one
 * stands as staff read it, and how the worker paces itself against the provider.
 * The table is `outbox` (db/schema.ts); models/outbox.server.ts is its only writer.
 */
import { formatPhone } from "./business";
import { formatKansasDateTime } from "./business-time";
import type { MailState } from "./mail-retry";

/** Every mail the site sends; each is a small module in services/mail/<kind>.server.ts. */
export const OUTBOX_KINDS = [
  // To the owner when a quote request comes in, and the visitor's auto-reply after it.
  "lead-notification",
  "lead-autoreply",
  // To the owner when a homeowner accepts a proposal, and the homeowner's copy, signed.
  "proposal-accepted",
  "proposal-signed",
  // The proposal, with a link of its own, to the homeowner.
  "proposal",
  // A completed job's homeowner asked for a review.
  "review-request",
  // The owner's daily summary of waiting leads.
  "lead-digest",
  // An invitation to join the team, and a forgotten password's reset link.
  "invitation",
  "password-reset",
  // To the homeowner: a visit or work day booked (.ics), the day-before reminder,
  // a visit moved, its length changed at the same start, or called off; an invoice; a
  // receipt for a payment; a reminder of an overdue invoice (decision 0104).
  "visit-confirmation",
  "visit-reminder",
  "visit-moved",
  "visit-updated",
  "visit-cancelled",
  "invoice",
  "receipt",
  "invoice-reminder",
  // To the owner: his backups need a look (at most once a day), and the monthly word on them.
  "backup-alert",
  "backup-report",
  // Texts only: the crew's "on my way" with an arrival time, and words staff wrote on the lead page.
  "on-my-way",
  "text-message",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** How a row of the outbox goes: a mail (Resend), or a text to a phone (Twilio). */
export const CHANNELS = ["mail", "text"] as const;
export type Channel = (typeof CHANNELS)[number];

/** What the carrier made of a text once Twilio took it, as its status callbacks say. */
export const DELIVERY_STATUSES = ["queued", "sent", "delivered", "undelivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type { MailState };

/** Resend allows 2 requests a second by default: the worker leaves this long between two. */
export const REQUEST_GAP_MS = 500;

/** While an attempt runs its rows are leased this long; a process that dies mid-send lets it run out. */
export const LEASE_MS = 5 * 60_000;

export const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_MS);

/** What staff see of one mail. */
export type MailView = {
  state: MailState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
};

const LABEL: Record<MailState, string> = {
  pending: "Queued",
  sent: "Sent",
  failed: "Failed",
  skipped: "Off",
  unsent: "Not sent — mail is not set up",
};

/** A website lead's two mails: the owner's notification, then the visitor's auto-reply (none: never mailed). */
export type LeadMails = { notification: MailView | null; autoreply: MailView | null };

/** The state in a word or three; a mail waiting out a failure says it will be tried again. */
export function mailStateLabel(mail: Pick<MailView, "state" | "lastError">): string {
  if (mail.state === "pending" && mail.lastError) return "Failed, will retry";
  return LABEL[mail.state];
}

/**
 * A mail to the homeowner as a proposal's or an invoice's card says it: "Emailed to
 * pat@example.com: Sent Nov 29, 2026, 9:14 AM" (the time once it went); its text, to a
 * homeowner without an email: "Texted to (316) 555-0123: Sent …".
 */
export function emailedLine(
  mail: Pick<MailView, "state" | "lastError" | "sentAt"> & { recipient: string; channel?: Channel },
  label = mailStateLabel(mail),
): string {
  const to = mail.channel === "text" ? `Texted to ${formatPhone(mail.recipient)}` : `Emailed to ${mail.recipient}`;
  return `${to}: ${label}${mail.sentAt ? ` ${formatKansasDateTime(mail.sentAt)}` : ""}`;
}

/** The newest mail of each key (a lead's, a proposal's), from rows oldest first or in any order by id. */
export function latestBy<T extends { id: number }, K>(rows: T[], key: (row: T) => K): Map<K, T> {
  const latest = new Map<K, T>();
  for (const row of rows) {
    const k = key(row);
    const seen = latest.get(k);
    if (!seen || seen.id < row.id) latest.set(k, row);
  }
  return latest;
}
