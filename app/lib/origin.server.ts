import { env } from "./env.server";

/** The public origin for canonical URLs: SITE_URL when set, else the request's own. */
export function siteOrigin(request: Request): string {
  return (env.SITE_URL ?? new URL(request.url).origin).replace(/\/$/, "");
}
