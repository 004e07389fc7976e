import { describe, expect, it } from "vitest";
import { getDb } from "./db.server";
import { clearExpiredRateLimits, sqliteLimiter } from "./rate-limit.server";

describe("expired rate-limit counters", () => {
  it("are deleted an hour after their window ends, and a counter still counting is kept", async () => {
    const limiter = sqliteLimiter("clear-test", 2, 60);
    await limiter.hit("old");
    await limiter.hit("current");
    const windowEnd = (key: string) =>
      getDb()
        .$client.prepare("select expire from rate_limits where key = ?")
        .pluck()
        .get(`clear-test:${key}`) as number;
    // As if "old" had been counted long ago: its window ended over an hour ago.
    getDb()
      .$client.prepare("update rate_limits set expire = ? where key = ?")
      .run(Date.now() - 3_600_000 - 1, "clear-test:old");

    expect(clearExpiredRateLimits()).toBe(1);
    expect(await limiter.count("old")).toBe(0);
    expect(await limiter.count("current")).toBe(1);
    expect(windowEnd("current")).toBeGreaterThan(Date.now());
  });
});
