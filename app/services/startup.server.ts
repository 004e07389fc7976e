import { getDb } from "~/server/db.server";
import { purgeExpiredSessions } from "~/models/session.server";
import { startMailQueue } from "~/services/contact-mailer.server";
import { ensureCookieSecret } from "~/services/cookies.server";
import { env } from "~/server/env.server";
import { ensureFirstAdmin } from "~/services/first-admin.server";
import { startLeadDigest } from "~/services/lead-digest.server";
import { startProposalNotices } from "~/services/proposal-mailer.server";
import { startReviewMailQueue } from "~/services/review-collection.server";
import { seedDemoContent } from "~/services/seed.server";
import { tidyUploads } from "~/services/upload-housekeeping.server";

/**
 * Runs before the server listens: migrations (by opening the DB), stored pictures tidied,
 * demo content, first admin.
 */
export async function prepareApp(log: (line: string) => void = console.log) {
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
}

/**
 * Loops for the life of the server, working from state in the database: pending contact
 * notifications and their retries, the owner's daily summary of waiting leads, the
 * owner's mail when a homeowner accepts a proposal, and review requests to homeowners
 * (each with its retries).
 */
export function startBackgroundTasks() {
  startMailQueue();
  startLeadDigest();
  startProposalNotices();
  startReviewMailQueue();
}
