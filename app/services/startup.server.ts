import type { Refusal } from "~/lib/refusal";
import { repeatInBackground } from "~/server/background.server";
import { getDb } from "~/server/db.server";
import { clearExpiredRateLimits } from "~/server/rate-limit.server";
import { purgeExpiredSessions } from "~/models/session.server";
import { ensureCookieSecret } from "~/services/cookies.server";
import { env } from "~/server/env.server";
import { ensureFirstAdmin } from "~/services/first-admin.server";
import { enqueueDueDigest } from "~/services/lead-digest.server";
import { startOutbox } from "~/services/outbox.server";
import { startNightlyBackups } from "~/services/backup-health.server";
import { seedDemoContent } from "~/services/seed.server";
import { tidyUploads } from "~/services/upload-housekeeping.server";
import { startVisitReminders } from "~/services/visit-reminders.server";
import { startInvoiceReminders } from "~/services/invoice-reminders.server";

/**
 * Runs before the server listens: on a new server, an off-site copy put back when asked;
 * migrations (by opening the DB), stored pictures tidied, demo content, first admin. A
 * refusal: the site must not start (the server says why and exits).
 */
export async function prepareApp(log: (line: string) => void = console.log): Promise<Refusal | null> {
  // Before the database is opened: opening it makes an empty one, which a restore then
  // could not tell from the owner's. Loaded only when asked: it brings node-tar along.
  if (env.RESTORE_FROM_OFFSITE) {
    const { restoreOnFirstStart } = await import("~/services/restore.server");
    const refused = await restoreOnFirstStart(env.RESTORE_FROM_OFFSITE, process.env, log);
    if (refused) return refused;
  }
  getDb();
  purgeExpiredSessions();
  // Before seeding: an empty database's files are left alone (see tidyUploads).
  await tidyUploads(log);
  if (env.SEED_DEMO_CONTENT) {
    const { seeded } = await seedDemoContent();
    if (seeded) log("Empty database: added demo projects, testimonials and settings.");
  }
  await ensureFirstAdmin(log);
  ensureCookieSecret();
  return null;
}

/**
 * The one loop for the life of the server, working from state in the database: it queues
 * the owner's daily summary of waiting leads when its hour comes, then sends every mail of
 * the outbox that is due (with its retries). Decision 0037.
 */
export function startBackgroundTasks() {
  startOutbox(() => void enqueueDueDigest());
  startNightlyBackups();
  startVisitReminders();
  startInvoiceReminders();
  repeatInBackground("rate-limit-cleanup", 5 * 60_000, async () => void clearExpiredRateLimits());
}
