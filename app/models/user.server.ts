import { count, eq } from "drizzle-orm";
import { getDb, inTransaction } from "~/server/db.server";
import { sessions, users, type User } from "~/db/schema";
import { hashPassword } from "~/server/password.server";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function countUsers(): number {
  return getDb().select({ n: count() }).from(users).get()?.n ?? 0;
}

export function getUserByEmail(email: string): User | undefined {
  return getDb().select().from(users).where(eq(users.email, normalizeEmail(email))).get();
}

/**
 * Creates the user, or sets a new password when the email already exists. A new password
 * ends every session of that user: whoever knew the old one is signed out everywhere.
 */
export async function upsertUser(email: string, password: string): Promise<{ user: User; created: boolean }> {
  const passwordHash = await hashPassword(password);
  const normalized = normalizeEmail(email);
  const existing = getUserByEmail(normalized);
  const db = getDb();
  if (existing) {
    const user = inTransaction(() => {
      db.delete(sessions).where(eq(sessions.userId, existing.id)).run();
      return db.update(users).set({ passwordHash }).where(eq(users.id, existing.id)).returning().get();
    });
    return { user, created: false };
  }
  const user = db.insert(users).values({ email: normalized, passwordHash }).returning().get();
  return { user, created: true };
}
