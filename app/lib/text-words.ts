/**
 * The words of each text to a homeowner: the company's name first, short (under two
 * segments with a job page link), the same facts as the mail of the same kind (the visit's
 * time in Kansas words, the invoice's number and balance), and the job page link in each.
 */
import { formatKansasTime, formatShortDay, kansasDay } from "./business-time";
import { REPLY_PROMISE } from "./contact-form";
import { formatCents } from "./money-format";
import { VISIT_KIND_LABELS, type VisitKind } from "./visit-kinds";
import type { VisitMailKind } from "./visit-mail";

/** "Tue, Dec 1 at 9:00 AM": a visit's time as a text gives it (Kansas time). */
export const textWhen = (at: Date) => `${formatShortDay(kansasDay(at))} at ${formatKansasTime(at)}`;

const visitWords = (kind: VisitKind) => VISIT_KIND_LABELS[kind].toLowerCase();

export const requestReceivedText = (company: string, link: string) =>
  `${company}: we got your request and will get back to you ${REPLY_PROMISE}. Your job page: ${link}`;

export function visitText(
  mail: VisitMailKind,
  s: { company: string; kind: VisitKind; startsAt: Date; who: string | null; was?: Date },
  link: string,
): string {
  const what = visitWords(s.kind);
  const when = textWhen(s.startsAt);
  const who = s.who ? ` ${s.who} will be there.` : "";
  switch (mail) {
    case "confirmation":
      return `${s.company}: your ${what} is booked for ${when}.${who} Details: ${link}`;
    case "reminder":
      return `${s.company}: reminder, your ${what} is tomorrow, ${when}.${who} Details: ${link}`;
    case "moved":
      return `${s.company}: your ${what} has moved to ${when}.${who} Details: ${link}`;
    case "updated":
      return `${s.company}: your ${what} on ${when} has a new length. Details: ${link}`;
    case "cancelled":
      return `${s.company}: your ${what} on ${when} is canceled. We will be in touch to find a new time. ${link}`;
  }
}

/** The crew's "on my way": who, and when they expect to be there. */
export const onMyWayText = (s: { company: string; who: string; arrival: string }) =>
  `${s.company}: ${s.who} is on the way and should be there ${s.arrival}.`;

export const proposalText = (company: string, link: string) =>
  `${company}: your proposal is ready. Read it and accept it online: ${link}`;

export const invoiceText = (
  s: { company: string; number: string; owedCents: number; payOnline: boolean },
  link: string,
) =>
  `${s.company}: invoice ${s.number} for ${formatCents(s.owedCents)} is ready. ${s.payOnline ? "See it and pay by card" : "See it"}: ${link}`;

export const receiptText = (
  s: { company: string; amountCents: number; number: string; owedCents: number },
  link: string,
) =>
  `${s.company}: thank you, we received ${formatCents(s.amountCents)} for invoice ${s.number}.` +
  (s.owedCents > 0 ? ` ${formatCents(s.owedCents)} is still due.` : " It is paid in full.") +
  ` ${link}`;

export const reviewRequestText = (company: string, link: string, onGoogle = false) =>
  `${company}: thank you for choosing us! Would you tell others how we did${onGoogle ? " on Google" : ""}? It takes a minute: ${link}`;

/**
 * When the crew expects to arrive, from the minutes they pick: "in about 20 minutes
 * (around 9:40 AM)". The choices the visit card offers.
 */
export const ARRIVAL_MINUTES = [10, 20, 30, 45, 60] as const;
export function arrivalWords(minutes: number, now: Date): string {
  const at = new Date(now.getTime() + minutes * 60_000);
  // A clock time on a five-minute mark reads like a person said it.
  at.setUTCMinutes(Math.ceil(at.getUTCMinutes() / 5) * 5, 0, 0);
  const span = minutes < 60 ? `about ${minutes} minutes` : "about an hour";
  return `in ${span} (around ${formatKansasTime(at)})`;
}
