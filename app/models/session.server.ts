import { count, eq, lt, or } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { getDb } from "~/server/db.server";
import { sessions, users } from "~/db/schema";

/** Signed out after 3 days without use, and after 30 days whatever happens. */
export const IDLE_TIMEOUT_MS = 3 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
// Touching last_seen_at on every request would write to the database on every click.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export type SessionUser = { sessionId: string; userId: number; email: string };

export function createSession(userId: number, now = new Date()): string {
  const id = randomBytes(32).toString("base64url");
  getDb()
    .insert(sessions)
    .values({ id, userId, expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS), lastSeenAt: now })
    .run();
  return id;
}

export function getSessionUser(id: string, now = new Date()): SessionUser | null {
  const db = getDb();
  const row = db
    .select({ session: sessions, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, id))
    .get();
  if (!row) return null;
  const { session } = row;
  if (session.expiresAt <= now || session.lastSeenAt.getTime() + IDLE_TIMEOUT_MS <= now.getTime()) {
    deleteSession(id);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id)).run();
  }
  return { sessionId: id, userId: session.userId, email: row.email };
}

export function deleteSession(id: string) {
  getDb().delete(sessions).where(eq(sessions.id, id)).run();
}

export function purgeExpiredSessions(now = new Date()) {
  getDb()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))))
    .run();
}

export function countSessions(userId: number): number {
  return getDb().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)).get()?.n ?? 0;
}
