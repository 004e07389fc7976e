import { addDays, kansasDay, startOfKansasDay } from "~/lib/business-time";
import { queueToHomeowner, visitsMailedSince } from "~/models/outbox.server";
import { dueReminders, markRemindersQueued } from "~/models/visit.server";
import { repeatInBackground } from "~/server/background.server";
import { inTransaction } from "~/server/db.server";

/**
 * The day-before reminder: every visit that starts tomorrow, Kansas time, gets one
 * mail (or text, to a homeowner without an email), once (visits.reminder_queued_at, set in the same transaction as the mail is queued;
 * a move clears it, so the new day has its own). The outbox sends them on its next run.
 *
 * No reminder for a visit whose time the homeowner was mailed today, the day before it
 * (booked or moved today for tomorrow): that mail is fresh and says as much, and a second
 * one minutes later is noise (decision 0072). Such a visit stays unmarked: a move to a
 * later day gives it a reminder there. Returns how many were queued.
 */
export function queueVisitReminders(now = new Date()): number {
  const today = kansasDay(now);
  const tomorrow = addDays(today, 1);
  return inTransaction(() => {
    const due = dueReminders(startOfKansasDay(tomorrow), startOfKansasDay(addDays(tomorrow, 1)));
    const toldToday = visitsMailedSince(
      TIME_MAILS,
      due.map((v) => v.id),
      startOfKansasDay(today),
    );
    const reminded = due.filter((v) => !toldToday.has(v.id));
    for (const visit of reminded)
      queueToHomeowner({ kind: "visit-reminder", leadId: visit.leadId, visitId: visit.id }, visit.email, now);
    markRemindersQueued(
      reminded.map((v) => v.id),
      now,
    );
    return reminded.length;
  });
}

/** The mails that tell the homeowner a visit's time. */
const TIME_MAILS = ["visit-confirmation", "visit-moved", "visit-updated"] as const;

const CHECK_EVERY_MS = 10 * 60 * 1000;

/** The tick for the life of the server: services/startup.server.ts starts it. */
export function startVisitReminders() {
  repeatInBackground("visit-reminders", CHECK_EVERY_MS, async () => {
    const queued = queueVisitReminders();
    if (queued) console.log(`Queued ${queued} visit reminder${queued === 1 ? "" : "s"} for tomorrow`);
  });
}
