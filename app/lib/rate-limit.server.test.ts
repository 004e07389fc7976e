import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("RateLimiter", () => {
  it("allows up to the limit in a window, then says how long to wait", () => {
    const limiter = new RateLimiter(3, 60_000);
    const t = 1_000_000;
    expect(limiter.consume("ip", t).allowed).toBe(true);
    expect(limiter.consume("ip", t + 1).allowed).toBe(true);
    expect(limiter.consume("ip", t + 2).allowed).toBe(true);
    expect(limiter.consume("ip", t + 3)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.isBlocked("ip", t + 3)).toBe(true);
    expect(limiter.consume("other", t + 3).allowed).toBe(true);
  });

  it("opens again when the window ends or the key is reset", () => {
    const limiter = new RateLimiter(1, 1000);
    limiter.consume("a", 0);
    expect(limiter.consume("a", 500).allowed).toBe(false);
    expect(limiter.consume("a", 1000).allowed).toBe(true);
    limiter.reset("a");
    expect(limiter.isBlocked("a", 1001)).toBe(false);
  });
});
