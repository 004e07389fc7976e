import { env } from "./env.server";

/**
 * The visitor's address for rate limits. X-Forwarded-For is trusted only behind a proxy
 * the owner runs (TRUST_PROXY): anyone can send that header otherwise.
 */
export function clientIp(request: Request, context: { clientAddress?: string } | undefined): string {
  if (env.TRUST_PROXY) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return context?.clientAddress ?? "unknown";
}
