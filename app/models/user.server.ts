import { and, asc, count, eq, isNull, min, ne } from "drizzle-orm";
import { getDb, inTransaction } from "~/server/db.server";
import { sessions, users, type User } from "~/db/schema";
import { hashPassword } from "~/server/password.server";
import type { Role } from "~/lib/roles";
import { deleteCalendarFeed } from "./calendar-feed.server";
import { deleteUserSessions } from "./session.server";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function countUsers(): number {
  return getDb().select({ n: count() }).from(users).get()?.n ?? 0;
}

/** When the first account was made: since when the site has been in use. Null before any. */
export function firstAccountAt(): Date | null {
  return (
    getDb()
      .select({ at: min(users.createdAt) })
      .from(users)
      .get()?.at ?? null
  );
}

export function getUserByEmail(email: string): User | undefined {
  return getDb()
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
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
    const others =
      keepSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId));
    db.delete(sessions).where(others).run();
    return db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning().get();
  });
}

/** The owner chose a new password on his account page: his other devices are signed out. */
export async function changePassword(userId: number, password: string, keepSessionId: string): Promise<void> {
  replacePassword(userId, await hashPassword(password), keepSessionId);
}

/** The name invitations, histories and lists show for this person. */
export function changeName(userId: number, name: string): void {
  getDb().update(users).set({ name }).where(eq(users.id, userId)).run();
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
export async function upsertUser(
  email: string,
  password: string,
  opts: { name?: string } = {},
): Promise<{ user: User; created: boolean }> {
  const passwordHash = await hashPassword(password);
  const normalized = normalizeEmail(email);
  const existing = getUserByEmail(normalized);
  if (existing) {
    const user = replacePassword(existing.id, passwordHash);
    // The terminal is the way back in: whoever runs it gets an owner's account again.
    if (opts.name === undefined && user.removedAt === null && user.role === "owner") return { user, created: false };
    const set = { role: "owner" as const, removedAt: null, ...(opts.name === undefined ? {} : { name: opts.name }) };
    return { user: getDb().update(users).set(set).where(eq(users.id, user.id)).returning().get(), created: false };
  }
  const user = getDb()
    .insert(users)
    .values({ email: normalized, passwordHash, name: opts.name ?? "", role: "owner" })
    .returning()
    .get();
  return { user, created: true };
}

/** Everyone on the team (not removed), owners first, then by name. */
export function listMembers(): User[] {
  const order: Record<Role, number> = { owner: 0, office: 1, crew: 2 };
  return getDb()
    .select()
    .from(users)
    .where(isNull(users.removedAt))
    .orderBy(asc(users.name), asc(users.email))
    .all()
    .sort((a, b) => order[a.role] - order[b.role]);
}

function countOtherOwners(userId: number): number {
  return (
    getDb()
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, "owner"), isNull(users.removedAt), ne(users.id, userId)))
      .get()?.n ?? 0
  );
}

/** Why a change to a member was not made. */
export type MemberRefusal = "not-found" | "last-owner";

/**
 * A new role for a member. The last owner cannot stop being one: checked in the same
 * transaction as the write, so two owners demoting each other at once leave one.
 */
export function setMemberRole(userId: number, role: Role): User | MemberRefusal {
  return inTransaction(() => {
    const user = getUserById(userId);
    if (!user || user.removedAt !== null) return "not-found";
    if (user.role === "owner" && role !== "owner" && countOtherOwners(userId) === 0) return "last-owner";
    return getDb().update(users).set({ role }).where(eq(users.id, userId)).returning().get();
  });
}

/**
 * Removes a member: the row stays (histories keep the name), sign-in stops and every
 * session and their calendar feed end in the same transaction. The last owner cannot be removed.
 */
export function removeMember(userId: number, now = new Date()): User | MemberRefusal {
  return inTransaction(() => {
    const user = getUserById(userId);
    if (!user || user.removedAt !== null) return "not-found";
    if (user.role === "owner" && countOtherOwners(userId) === 0) return "last-owner";
    deleteUserSessions(userId);
    // Their feed ends with them, and does not come back if they are invited again.
    deleteCalendarFeed(userId);
    return getDb().update(users).set({ removedAt: now }).where(eq(users.id, userId)).returning().get();
  });
}

/**
 * The invitee's account: a new row, or the removed member's own row back (same id, so
 * histories keep one name), with the name, password and role of the invitation. Undefined
 * when the email belongs to someone on the team. Call inside the invitation's transaction.
 */
export function addMember(input: { email: string; name: string; passwordHash: string; role: Role }): User | undefined {
  const email = normalizeEmail(input.email);
  const existing = getUserByEmail(email);
  const values = { name: input.name, passwordHash: input.passwordHash, role: input.role };
  if (!existing)
    return getDb()
      .insert(users)
      .values({ email, ...values })
      .returning()
      .get();
  if (existing.removedAt === null) return undefined;
  deleteUserSessions(existing.id);
  return getDb()
    .update(users)
    .set({ ...values, removedAt: null, totpSecret: null, totpEnabledAt: null })
    .where(eq(users.id, existing.id))
    .returning()
    .get();
}
