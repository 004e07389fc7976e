/**
 * The visitor's address for rate limits. The server resolves it once per request with
 * Express's `trust proxy` rules (TRUST_PROXY): the right-most X-Forwarded-For entry not
 * added by a trusted proxy, or the TCP peer when no proxy is trusted.
 */
export function clientIp(_request: Request, context: { clientAddress?: string } | undefined): string {
  return context?.clientAddress ?? "unknown";
}
