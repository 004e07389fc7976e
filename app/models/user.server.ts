import { and, count, eq, ne } from "drizzle-orm";
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

export function getUserById(id: number): User | undefined {
  return getDb().select().from(users).where(eq(users.id, id)).get();
}

/**
 * Stores a new password hash and ends the user's sessions (all of them, or all but the
 * one in use when `keepSessionId` is given), in one transaction: whoever knew the old
 * password is signed out the moment the new one counts.
 */
function replacePassword(userId: number, passwordHash: string, keepSessionId?: string): User {
  const db = getDb();
  return inTransaction(() => {
    const others = keepSessionId === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId));
    db.delete(sessions).where(others).run();
    return db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning().get();
  });
}

/** The owner chose a new password on his account page: his other devices are signed out. */
export async function changePassword(userId: number, password: string, keepSessionId: string): Promise<void> {
  replacePassword(userId, await hashPassword(password), keepSessionId);
}

/** A new sign-in email, unless another account has it. */
export function changeEmail(userId: number, email: string): "changed" | "same" | "taken" {
  const normalized = normalizeEmail(email);
  const holder = getUserByEmail(normalized);
  if (holder) return holder.id === userId ? "same" : "taken";
  try {
    getDb().update(users).set({ email: normalized }).where(eq(users.id, userId)).run();
  } catch (error) {
    // Taken in between by another write: the unique index says so.
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) return "taken";
    throw error;
  }
  return "changed";
}

/**
 * Creates the user, or sets a new password when the email already exists. A new password
 * ends every session of that user: whoever knew the old one is signed out everywhere.
 */
export async function upsertUser(email: string, password: string): Promise<{ user: User; created: boolean }> {
  const passwordHash = await hashPassword(password);
  const normalized = normalizeEmail(email);
  const existing = getUserByEmail(normalized);
  if (existing) return { user: replacePassword(existing.id, passwordHash), created: false };
  const user = getDb().insert(users).values({ email: normalized, passwordHash }).returning().get();
  return { user, created: true };
}
