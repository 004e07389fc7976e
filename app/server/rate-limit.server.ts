import { lt } from "drizzle-orm";
import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import { rateLimits } from "~/db/schema";
import { getDb, preparedOnce } from "./db.server";

/**
 * Counters in the SQLite file (the rate_limits table, migration 0002), through the
 * maintained rate-limiter-flexible: memory stays flat however many addresses knock, a
 * restart forgets nothing, and the server's background loop clears expired rows.
 */
export type Limiter = {
  /** Counts one more; false once the key is over its limit for this window. */
  hit(key: string): Promise<boolean>;
  /** Whether the key is over its limit, without counting. */
  isOver(key: string): Promise<boolean>;
  /** How many were counted for the key in the current window. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
};

export function sqliteLimiter(name: string, points: number, windowSeconds: number): Limiter {
  // Made on first use of each connection: tests open a database per file, and a restore
  // from the admin closes the site's connection and opens the restored file.
  const limiter = preparedOnce(
    (db) =>
      new RateLimiterSQLite({
        storeClient: db.$client,
        storeType: "better-sqlite3",
        tableName: "rate_limits",
        tableCreated: true,
        // Not a timer per limiter, each on the connection it was made on: one that outlives
        // its connection fails on it.
        clearExpiredByTimeout: false,
        keyPrefix: name,
        points,
        duration: windowSeconds,
      }),
  );
  return {
    async hit(key) {
      try {
        await limiter().consume(key);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    async isOver(key) {
      return (await this.count(key)) >= points;
    },
    async count(key) {
      return (await limiter().get(key))?.consumedPoints ?? 0;
    },
    async reset(key) {
      await limiter().delete(key);
    },
  };
}

/** Deletes the counters whose window ended over an hour ago, as the library's own timer did. */
export function clearExpiredRateLimits(now = Date.now()): number {
  return getDb()
    .delete(rateLimits)
    .where(lt(rateLimits.expire, now - 3_600_000))
    .run().changes;
}
