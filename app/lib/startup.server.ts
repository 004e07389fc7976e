import { getDb } from "~/db/client.server";
import { env } from "./env.server";
import { ensureFirstAdmin } from "./first-admin.server";
import { seedDemoContent } from "./seed.server";

/** Runs before the server listens: migrations (by opening the DB), demo content, first admin. */
export async function prepareApp(log: (line: string) => void = console.log) {
  getDb();
  if (env.SEED_DEMO_CONTENT) {
    const { seeded } = await seedDemoContent();
    if (seeded) log("Empty database: added demo projects, testimonials and settings.");
  }
  await ensureFirstAdmin(log);
}
