import { env } from "~/server/env.server";

/**
 * The public origin for canonical URLs, the sitemap, robots.txt and mail links. Without
 * SITE_URL it is this server's own local address, never the request's Host header: a
 * made-up Host must not end up in a page, a cached copy or an email.
 */
export function siteOrigin(): string {
  return env.SITE_URL ?? `http://localhost:${env.PORT}`;
}

/** For signed-in staff (e.g. which referrer to allow for the maps key): the address they use. */
export function staffOrigin(request: Request): string {
  return env.SITE_URL ?? new URL(request.url).origin;
}
