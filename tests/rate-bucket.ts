/**
 * A provider's rate limit, as the fakes apply it: a bucket that refills at `perSecond` and
 * holds as many. The returned check answers true (turned away) when a request finds it empty;
 * without a rate, never.
 */
export function rateBucket(perSecond: number | undefined): () => boolean {
  if (perSecond === undefined) return () => false;
  let tokens = perSecond;
  let filledAt = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(perSecond, tokens + ((now - filledAt) / 1000) * perSecond);
    filledAt = now;
    if (tokens < 1) return true;
    tokens -= 1;
    return false;
  };
}
