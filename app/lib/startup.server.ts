import { getDb } from "~/db/client.server";
import { purgeExpiredSessions } from "~/models/session.server";
import { ensureCookieSecret } from "./cookies.server";
import { env } from "./env.server";
import { ensureFirstAdmin } from "./first-admin.server";
import { seedDemoContent } from "./seed.server";
import { tidyUploads } from "./upload-housekeeping.server";

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
