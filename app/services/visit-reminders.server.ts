import { addDays, kansasDay, startOfKansasDay } from "~/lib/visit-time";
import { queueMail } from "~/models/outbox.server";
import { claimReminders } from "~/models/visit.server";
import { repeatInBackground } from "~/server/background.server";
import { inTransaction } from "~/server/db.server";

/**
 * The day-before reminder (issue 33): every visit that starts tomorrow, Kansas time, gets one
 * mail, once (visits.reminder_queued_at, set in the same transaction as the mail is queued;
 * a move clears it, so the new day has its own). The outbox sends them on its next run.
 * Returns how many were queued.
 */
export function queueVisitReminders(now = new Date()): number {
  const tomorrow = addDays(kansasDay(now), 1);
  return inTransaction(() => {
    const due = claimReminders(startOfKansasDay(tomorrow), startOfKansasDay(addDays(tomorrow, 1)), now);
    for (const visit of due) queueMail({ kind: "visit-reminder", leadId: visit.leadId, visitId: visit.id, recipient: visit.email.trim() }, now);
    return due.length;
  });
}

const CHECK_EVERY_MS = 10 * 60 * 1000;

/** The tick for the life of the server: services/startup.server.ts starts it. */
export function startVisitReminders() {
  repeatInBackground("visit-reminders", CHECK_EVERY_MS, async () => {
    const queued = queueVisitReminders();
    if (queued) console.log(`Queued ${queued} visit reminder${queued === 1 ? "" : "s"} for tomorrow`);
  });
}
