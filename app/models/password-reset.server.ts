import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { passwordResets, sessions, users, type PasswordReset } from "~/db/schema";
import { getDb, inTransaction } from "~/server/db.server";

/**
 * Password reset links (decision 0050): one row a request, only its token's hash kept. The
 * mail itself is in the outbox (services/mail/password-reset.server.ts), which makes the
 * token when the mail goes.
 */

/**
 * A new reset for this person, its hash one nobody holds a token for until the mail goes;
 * every older unused link of theirs dies with it (only the newest works).
 */
export function createPasswordReset(
  userId: number,
  placeholderHash: string,
  expiresAt: Date,
  now: Date,
): PasswordReset {
  return inTransaction(() => {
    const db = getDb();
    db.update(passwordResets)
      .set({ expiresAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .run();
    return db
      .insert(passwordResets)
      .values({ userId, tokenHash: placeholderHash, expiresAt, createdAt: now })
      .returning()
      .get();
  });
}

/** A reset with the person it is for. */
export function findPasswordReset(id: number) {
  return getDb()
    .select({ reset: passwordResets, email: users.email, name: users.name, removedAt: users.removedAt })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.id, id))
    .get();
}

/** Whether this is the person's newest reset (an older one is dead even before its hour). */
export function isNewestReset(reset: PasswordReset): boolean {
  const newest = getDb()
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(eq(passwordResets.userId, reset.userId))
    .orderBy(desc(passwordResets.id))
    .limit(1)
    .get();
  return newest?.id === reset.id;
}

/** The link about to be mailed: its token's hash and its hour replace the placeholder's. */
export function setResetLink(id: number, tokenHash: string, expiresAt: Date) {
  getDb().update(passwordResets).set({ tokenHash, expiresAt }).where(eq(passwordResets.id, id)).run();
}

/** The reset a link's token belongs to, with its person. */
export function findResetByHash(tokenHash: string) {
  return getDb()
    .select({ reset: passwordResets, email: users.email, removedAt: users.removedAt })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash))
    .get();
}

/**
 * Uses the link: the new password hash stored, the link marked used and every session of
 * the person ended, in one transaction, and only while the link is still open (unused,
 * within its hour, its person not removed). False when it was not.
 */
export function redeemPasswordReset(resetId: number, passwordHash: string, now: Date): boolean {
  try {
    return spendReset(resetId, passwordHash, now);
  } catch (error) {
    // Its person was removed meanwhile: nothing was written.
    if (error instanceof LinkClosed) return false;
    throw error;
  }
}

class LinkClosed extends Error {}

const spendReset = (resetId: number, passwordHash: string, now: Date): boolean =>
  inTransaction(() => {
    const db = getDb();
    const used = db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId })
      .get();
    if (!used) return false;
    const person = db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, used.userId), isNull(users.removedAt)))
      .run();
    if (!person.changes) throw new LinkClosed();
    db.delete(sessions).where(eq(sessions.userId, used.userId)).run();
    return true;
  });
