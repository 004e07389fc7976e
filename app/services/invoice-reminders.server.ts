import { addDays, kansasDay } from "~/lib/business-time";
import { REMINDER_GRACE_DAYS } from "~/lib/invoice-reminders";
import { quietUntil } from "~/lib/texts";
import { overdueInvoiceIds, remindOfInvoice } from "~/models/invoice.server";
import { getSetting } from "~/models/settings.server";
import { repeatInBackground } from "~/server/background.server";

/**
 * Overdue invoice reminders (decision 0104): on the owner's schedule (the Pricing page), each
 * open invoice past its due day gets a polite reminder on each step's day, by mail and by text
 * where the homeowner takes texts, with a history entry; one a day at most, each step once
 * (lib/invoice-reminders.ts `dueReminder`; models/invoice.server.ts `remindOfInvoice` writes
 * the three in one transaction). None while reminders are off, the job's are paused, the lead
 * is archived, or the homeowner cannot be reached. The outbox sends them on its next run.
 *
 * Only in the day (outside the texts' quiet hours): a reminder's mail and text go together,
 * and never at midnight. Returns how many were queued.
 */
export function queueInvoiceReminders(now = new Date()): number {
  const { enabled, days } = getSetting("invoiceReminders");
  if (!enabled || quietUntil(now)) return 0;
  const today = kansasDay(now);
  // No invoice due before this has a step left to send: the latest step's day, and its grace, went by.
  const since = addDays(today, -(Math.max(...days) + REMINDER_GRACE_DAYS));
  let queued = 0;
  for (const id of overdueInvoiceIds(today, since)) if (remindOfInvoice(id, days, now)) queued++;
  return queued;
}

const CHECK_EVERY_MS = 10 * 60 * 1000;

/** The tick for the life of the server: services/startup.server.ts starts it. */
export function startInvoiceReminders() {
  repeatInBackground("invoice-reminders", CHECK_EVERY_MS, async () => {
    const queued = queueInvoiceReminders();
    if (queued) console.log(`Queued ${queued} overdue invoice reminder${queued === 1 ? "" : "s"}`);
  });
}
