import { and, count, desc, eq, lt, ne, or } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import { getDb, inTransaction } from "~/server/db.server";
import { sessions, users } from "~/db/schema";
import type { Role } from "~/lib/roles";

/** Signed out after 3 days without use, and after 30 days whatever happens. */
export const IDLE_TIMEOUT_MS = 3 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
// Touching last_seen_at on every request would write to the database on every click.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

/** Who is signed in: their account, name and role (lib/roles.ts), read fresh on every request. */
export type SessionUser = { sessionId: string; userId: number; email: string; name: string; role: Role };

/** Where a sign-in came from, as the owner's "where you are signed in" list shows it. */
export type SessionDevice = { userAgent?: string | null; ip?: string | null };

// A header is the browser's to fill: kept to what a real one sends.
const MAX_USER_AGENT = 400;

export function createSession(userId: number, now = new Date(), device: SessionDevice = {}): string {
  const id = randomBytes(32).toString("base64url");
  getDb()
    .insert(sessions)
    .values({
      id,
      userId,
      expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
      lastSeenAt: now,
      userAgent: device.userAgent?.slice(0, MAX_USER_AGENT) || null,
      ip: device.ip?.slice(0, 64) || null,
    })
    .run();
  return id;
}

/**
 * A session as its owner's account page lists it. `key` names it on the page: a hash of
 * the id, so the page never carries another device's session id.
 */
export type DeviceSession = {
  key: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
};

const sessionKey = (id: string) => createHash("sha256").update(id).digest("base64url").slice(0, 22);

/** The user's live sessions, the one in use first, then the most recently seen. */
export function listDeviceSessions(userId: number, currentId: string, now = new Date()): DeviceSession[] {
  const live = (s: typeof sessions.$inferSelect) =>
    s.expiresAt > now && s.lastSeenAt.getTime() + IDLE_TIMEOUT_MS > now.getTime();
  return getDb()
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt))
    .all()
    .filter(live)
    .map((s) => ({
      key: sessionKey(s.id),
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends the user's session the page named by its key; the device it was, or null when none is left. */
export function deleteDeviceSession(userId: number, key: string): { userAgent: string | null } | null {
  return inTransaction(() => {
    const rows = getDb()
      .select({ id: sessions.id, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .all();
    const row = rows.find((s) => sessionKey(s.id) === key);
    if (!row) return null;
    deleteSession(row.id);
    return { userAgent: row.userAgent };
  });
}

/** Ends every session of the user but the one in use; how many it ended. */
export function deleteOtherSessions(userId: number, keepId: string): number {
  return getDb()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .run().changes;
}

export function getSessionUser(id: string, now = new Date()): SessionUser | null {
  const db = getDb();
  const row = db
    .select({ session: sessions, email: users.email, name: users.name, role: users.role, removedAt: users.removedAt })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, id))
    .get();
  if (!row) return null;
  const { session } = row;
  // A removed team member's sessions end at their next request, whatever is left of them.
  if (
    row.removedAt !== null ||
    session.expiresAt <= now ||
    session.lastSeenAt.getTime() + IDLE_TIMEOUT_MS <= now.getTime()
  ) {
    deleteSession(id);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id)).run();
  }
  return { sessionId: id, userId: session.userId, email: row.email, name: row.name, role: row.role };
}

export function deleteSession(id: string) {
  getDb().delete(sessions).where(eq(sessions.id, id)).run();
}

/** Ends every session of the user (they were removed from the team); how many. */
export function deleteUserSessions(userId: number): number {
  return getDb().delete(sessions).where(eq(sessions.userId, userId)).run().changes;
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
