/**
 * Fixed-window counters in memory. One process serves the site, so memory is the whole
 * truth; a restart forgets, which is acceptable for slowing down password guessing.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Whether key may act now; counts the attempt when it may. */
  consume(key: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      this.prune(now);
      return { allowed: true, retryAfterSeconds: 0 };
    }
    const retryAfterSeconds = Math.ceil((entry.resetAt - now) / 1000);
    if (entry.count >= this.limit) return { allowed: false, retryAfterSeconds };
    entry.count += 1;
    return { allowed: true, retryAfterSeconds: 0 };
  }

  /** Whether key is blocked, without counting. */
  isBlocked(key: string, now = Date.now()): boolean {
    const entry = this.hits.get(key);
    return !!entry && entry.resetAt > now && entry.count >= this.limit;
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  private prune(now: number) {
    if (this.hits.size < 10_000) return;
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
