import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextAttemptAt } from "./mail-retry";

describe("nextAttemptAt", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  it("backs off: 1, 5, 30, 120, 360 minutes, then gives up", () => {
    expect(nextAttemptAt(1, now)?.toISOString()).toBe("2026-05-01T12:01:00.000Z");
    expect(nextAttemptAt(2, now)?.toISOString()).toBe("2026-05-01T12:05:00.000Z");
    expect(nextAttemptAt(5, now)?.toISOString()).toBe("2026-05-01T18:00:00.000Z");
    expect(nextAttemptAt(6, now)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(6);
  });
});
