import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The site closed for a moment while a backup is put back from the admin (decision 0094):
 * every request meets a short "back in a minute" page, the page cache and the background
 * tasks stand aside, and the database connection stays closed, so nothing reads or writes
 * the files while they are swapped. Kept on globalThis, as the connections are, so a dev
 * reload sees the same state.
 */

const state = globalThis as unknown as { __maintenance?: { since: number } | null };

export const underMaintenance = () => Boolean(state.__maintenance);

/** Thrown by anything that reaches for the database while the site is closed. */
export class MaintenanceError extends Error {
  constructor() {
    super("The site is closed while a backup is put back.");
  }
}

/** Closes the site, runs `work`, and opens it again whatever happened. One at a time. */
export async function whileClosed<T>(work: () => Promise<T>): Promise<T> {
  if (state.__maintenance) throw new MaintenanceError();
  state.__maintenance = { since: Date.now() };
  try {
    return await work();
  } finally {
    state.__maintenance = null;
  }
}

/** How long a visitor is asked to wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * The page every request gets meanwhile: no database to name the business from, no
 * script, no style sheet to fetch (the build's files may be what is being restored).
 */
export const MAINTENANCE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}"><meta name="robots" content="noindex">
<title>Back in a minute</title>
<style>body{margin:0;font:18px/1.5 system-ui,sans-serif;color:#1f2937;background:#f8fafc;display:grid;place-items:center;min-height:100vh}main{max-width:32rem;padding:2rem}h1{font-size:1.6rem;margin:0 0 .5rem}</style>
</head><body><main><h1>Back in a minute</h1>
<p>The site is being updated. This page will reload by itself in ${RETRY_AFTER_SECONDS} seconds.</p></main></body></html>
`;

/**
 * The first handler of every request (server/app.ts): while the site is closed, the page
 * above, with a 503 that tells crawlers and the proxy it is for a moment.
 */
export function answerWhileClosed(_req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (!underMaintenance()) return next();
  res.writeHead(503, {
    "Content-Type": "text/html; charset=utf-8",
    "Retry-After": String(RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
  });
  res.end(MAINTENANCE_PAGE);
}
