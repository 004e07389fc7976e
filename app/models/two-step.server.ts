import { and, count, eq, isNull } from "drizzle-orm";
import { recoveryCodes, users } from "~/db/schema";
import { getDb, inTransaction } from "~/server/db.server";

// Two-step sign-in's rows: the secret and when it was turned on (users.totp_*), and the
// recovery codes' hashes (recovery_codes). The codes themselves are never stored.

export type TwoStep = { secret: string; enabledAt: Date } | null;

/** The account's two-step secret when two-step sign-in is on, else null. */
export function getTwoStep(userId: number): TwoStep {
  const row = getDb()
    .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row?.secret && row.enabledAt ? { secret: row.secret, enabledAt: row.enabledAt } : null;
}

function replaceCodes(userId: number, codeHashes: string[]) {
  const db = getDb();
  db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  if (codeHashes.length)
    db.insert(recoveryCodes)
      .values(codeHashes.map((codeHash) => ({ userId, codeHash })))
      .run();
}

/** Turns two-step sign-in on with a confirmed secret and a fresh set of recovery codes, in one transaction. */
export function enableTwoStep(userId: number, secret: string, codeHashes: string[], at = new Date()): void {
  inTransaction(() => {
    getDb().update(users).set({ totpSecret: secret, totpEnabledAt: at }).where(eq(users.id, userId)).run();
    replaceCodes(userId, codeHashes);
  });
}

/** Turns it off: the secret and every recovery code go. */
export function disableTwoStep(userId: number): void {
  inTransaction(() => {
    getDb().update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, userId)).run();
    replaceCodes(userId, []);
  });
}

/** New recovery codes: the old ones stop working. */
export function replaceRecoveryCodes(userId: number, codeHashes: string[]): void {
  inTransaction(() => replaceCodes(userId, codeHashes));
}

/** Uses the code with this hash, once: true only for the request that marked it used. */
export function spendRecoveryCode(userId: number, codeHash: string, at = new Date()): boolean {
  const used = getDb()
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
    .get();
  return used !== undefined;
}

export function countRecoveryCodesLeft(userId: number): number {
  return (
    getDb()
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .get()?.n ?? 0
  );
}
