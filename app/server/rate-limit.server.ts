import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import { getDb } from "./db.server";

/**
 * Counters in the SQLite file (the rate_limits table, migration 0002), through the
 * maintained rate-limiter-flexible: memory stays flat however many addresses knock, a
 * restart forgets nothing, and expired rows are cleared every hour.
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
  let store: RateLimiterSQLite | undefined;
  // Made on first use, on the database the app has open (tests point it at their own file).
  const limiter = () =>
    (store ??= new RateLimiterSQLite({
      storeClient: getDb().$client,
      storeType: "better-sqlite3",
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: true,
      keyPrefix: name,
      points,
      duration: windowSeconds,
    }));
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
