import { z } from "~/lib/zod";
import { addDays, formatDay, formatKansasDate, kansasDay } from "./business-time";
import { owedCents } from "./invoice";
import type { InvoiceState } from "./invoice-kinds";

/**
 * Overdue invoice reminders (decision 0104): the owner's schedule (days after an invoice's
 * due day), which step of it is due for an invoice on a day, and how the lead page says
 * where a job's reminders stand. Pure: services/invoice-reminders.server.ts runs the day's
 * check, models/invoice.server.ts records each reminder with its mail and history entry.
 */

/** The most steps a schedule has, and the latest day after the due day one may be. */
export const REMINDER_LIMITS = { steps: 6, maxDays: 365 } as const;

export const ReminderSettingsSchema = z.object({
  enabled: z.boolean(),
  // Days after the due day, each once, in order.
  days: z.array(z.number().int().min(1).max(REMINDER_LIMITS.maxDays)).min(1).max(REMINDER_LIMITS.steps),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

/** On, at 3, 10 and 30 days past due: the owner asked for reminders, so a new site sends them. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { enabled: true, days: [3, 10, 30] };

/**
 * A step whose day went by while nothing could send it (the server off, reminders off or
 * paused) still goes this many days after its day, no later: an invoice long overdue when
 * reminders came on gets only the steps still ahead of it, never a pile of old ones at once.
 */
export const REMINDER_GRACE_DAYS = 3;

/** Who a lead's history names for a reminder the daily check sent. */
export const REMINDERS_HISTORY_AUTHOR = "Overdue reminders";

export const REMINDER_MESSAGES = {
  noDays: "Please enter at least one day, like 3, 10, 30",
  badDay: `Please enter whole days after the due day, from 1 to ${REMINDER_LIMITS.maxDays}, like 3, 10, 30`,
  tooMany: `Please enter at most ${REMINDER_LIMITS.steps} days`,
} as const;

/** "3, 10, 30" (commas, spaces or "and" between) → [3, 10, 30]; repeats once, in order. A refusal's words otherwise. */
export function parseReminderDays(text: string): number[] | { error: string } {
  const parts = text
    .split(/,|\band\b|\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return { error: REMINDER_MESSAGES.noDays };
  const days: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return { error: REMINDER_MESSAGES.badDay };
    const n = Number(part);
    if (n < 1 || n > REMINDER_LIMITS.maxDays) return { error: REMINDER_MESSAGES.badDay };
    if (!days.includes(n)) days.push(n);
  }
  if (days.length > REMINDER_LIMITS.steps) return { error: REMINDER_MESSAGES.tooMany };
  return days.sort((a, b) => a - b);
}

/** [3, 10, 30] → "3, 10, 30": the form's box. */
export const reminderDaysText = (days: readonly number[]) => days.join(", ");

/** [3, 10, 30] → "3, 10 and 30": a sentence's. */
export function reminderDaysWords(days: readonly number[]): string {
  if (days.length < 2) return days.join("");
  return `${days.slice(0, -1).join(", ")} and ${days.at(-1)}`;
}

/** What the schedule reads of an invoice. */
export type RemindableInvoice = {
  state: InvoiceState;
  dueOn: string | null;
  totalCents: number;
  paidCents: number;
  lastRemindedAt: Date | null;
};

/** One step of the schedule for an invoice: so many days after its due day, on that day (Kansas calendar). */
export type ReminderStep = { days: number; day: string };

const stepsOf = (dueOn: string, days: readonly number[]): ReminderStep[] =>
  [...days].sort((a, b) => a - b).map((d) => ({ days: d, day: addDays(dueOn, d) }));

/** Sent, not paid in full, with a due day: what reminders are about. */
const isOpen = (invoice: RemindableInvoice): invoice is RemindableInvoice & { dueOn: string } =>
  (invoice.state === "sent" || invoice.state === "partly_paid") && invoice.dueOn !== null && owedCents(invoice) > 0;

/**
 * The step of the schedule to send for this invoice at `now`, or null: the latest step whose
 * day has come (Kansas calendar), if no reminder went on or after its day and its day is at
 * most REMINDER_GRACE_DAYS ago. So one reminder at most a day, each step once, and steps
 * passed over long ago stay passed.
 */
export function dueReminder(invoice: RemindableInvoice, days: readonly number[], now: Date): ReminderStep | null {
  if (!isOpen(invoice)) return null;
  const today = kansasDay(now);
  const step = stepsOf(invoice.dueOn, days)
    .filter((s) => s.day <= today)
    .at(-1);
  if (!step) return null;
  const lastDay = invoice.lastRemindedAt && kansasDay(invoice.lastRemindedAt);
  if (lastDay && step.day <= lastDay) return null;
  if (addDays(step.day, REMINDER_GRACE_DAYS) < today) return null;
  return step;
}

/** The day the next reminder goes for this invoice (today, if one is due), or null: none left on the schedule. */
export function nextReminderDay(invoice: RemindableInvoice, days: readonly number[], now: Date): string | null {
  if (!isOpen(invoice)) return null;
  const today = kansasDay(now);
  if (dueReminder(invoice, days, now)) return today;
  const lastDay = invoice.lastRemindedAt && kansasDay(invoice.lastRemindedAt);
  return stepsOf(invoice.dueOn, days).find((s) => s.day > today && (!lastDay || s.day > lastDay))?.day ?? null;
}

/**
 * Why no reminder goes for a job, or "on": reminders off on the Pricing page, paused for this
 * job, the lead archived, or no way to reach the homeowner (no email, no texts).
 */
export type ReminderStanding = "on" | "off" | "paused" | "archived" | "unreachable";

/** A job's standing: the pause first (its button is the card's), then the owner's switch, the lead, the homeowner. */
export function reminderStanding(job: {
  enabled: boolean;
  paused: boolean;
  archived: boolean;
  reachable: boolean;
}): ReminderStanding {
  if (job.paused) return "paused";
  if (!job.enabled) return "off";
  if (job.archived) return "archived";
  return job.reachable ? "on" : "unreachable";
}

/** What the lead page's invoices card says of the job's reminders. */
export function reminderNote(standing: ReminderStanding, days: readonly number[], pausedAt: Date | null): string {
  switch (standing) {
    case "paused":
      return `Overdue reminders are paused for this job${pausedAt ? ` since ${formatKansasDate(pausedAt)}` : ""}: none goes until they are resumed.`;
    case "off":
      return "Overdue reminders are off for every job (the owner turns them on under Pricing).";
    case "archived":
      return "No overdue reminders: the lead is archived.";
    case "unreachable":
      return "No overdue reminders: the homeowner has no email and takes no texts.";
    case "on":
      return `Overdue reminders go ${reminderDaysWords(days)} days after an invoice's due day while it is unpaid.`;
  }
}

/**
 * One invoice's reminders on its card: those sent ("2 reminders sent, the last on Dec 3, 2026")
 * and, while they go for the job, the next ("Next reminder: December 10, 2026 if still unpaid").
 * Null when there is nothing to say (a draft, an invoice with no reminder sent or to come).
 */
export function invoiceReminderLine(
  invoice: RemindableInvoice & { remindersSent: number },
  days: readonly number[],
  standing: ReminderStanding,
  now: Date,
): string | null {
  const parts: string[] = [];
  if (invoice.remindersSent > 0 && invoice.lastRemindedAt)
    parts.push(
      `${invoice.remindersSent === 1 ? "1 reminder" : `${invoice.remindersSent} reminders`} sent, the last on ${formatKansasDate(invoice.lastRemindedAt)}.`,
    );
  if (standing === "on" && isOpen(invoice)) {
    const next = nextReminderDay(invoice, days, now);
    if (next === kansasDay(now)) parts.push("Next reminder: today.");
    else if (next) parts.push(`Next reminder: ${formatDay(next)}, if still unpaid.`);
    else if (invoice.remindersSent > 0) parts.push("No more reminders on the schedule.");
  }
  return parts.length ? parts.join(" ") : null;
}
