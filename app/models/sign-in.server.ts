import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { getDb } from "~/server/db.server";

/** When the person last signed in (the Team screen shows it): set by every new session. */
export function recordSignIn(userId: number, at = new Date()): void {
  getDb().update(users).set({ lastSignInAt: at }).where(eq(users.id, userId)).run();
}
