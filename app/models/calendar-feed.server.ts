import { and, eq, isNull } from "drizzle-orm";
import { calendarFeeds, users } from "~/db/schema";
import { getDb } from "~/server/db.server";

/**
 * Each person's calendar feed link (decision 0096): one row a person, only the token's hash
 * kept, as for every other link the site makes. A new link replaces the row, so the old
 * token opens nothing from that moment; turning it off deletes the row.
 */

/** When the person's feed was made, or null while it is off. */
export function calendarFeedSince(userId: number): Date | null {
  return (
    getDb()
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .get()?.createdAt ?? null
  );
}

/** The person's feed opens by this hash from now on, and by no other. */
export function replaceCalendarFeed(userId: number, tokenHash: string, now = new Date()): void {
  getDb()
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } })
    .run();
}

/** Turns the person's feed off; whether one was on. */
export function deleteCalendarFeed(userId: number): boolean {
  return getDb().delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).run().changes > 0;
}

/** The person a feed's token hash opens: someone still on the team, or undefined. */
export function findCalendarFeedUser(tokenHash: string): number | undefined {
  return getDb()
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(users.removedAt)))
    .get()?.userId;
}
