/**
 * The crew's pages without signal (decision 0099): which admin addresses the phone keeps,
 * and how a queued photo's sending went. The service worker (app/sw/service-worker.ts) and
 * the pages (components/admin/offline.tsx) both read these rules, so they never disagree.
 */

// No react-router import here: pages and the service worker read this file as it is.

/** The one cache of admin pages and photos a phone keeps: emptied when anyone signs in or out. */
export const OFFLINE_CACHE = "crew-pages";

/** Which person the phone's kept pages and sending are for (localStorage): another signing in finds none. */
export const OFFLINE_OWNER_KEY = "offline-owner";

/** The service worker's file (built by vite.config.ts into the browser's build). */
export const SERVICE_WORKER_URL = "/sw.js";

/** How many of My day's leads a phone keeps ahead, for the truck without signal. */
export const LEADS_KEPT_AHEAD = 12;

// A lead's page, its data for a move inside the admin, and My day and the Schedule.
const PAGES = [/^\/admin\/my-day(\.data)?$/, /^\/admin\/schedule(\.data)?$/, /^\/admin\/leads\/\d+(\.data)?$/];
const PHOTO = /^\/admin\/leads\/photos\/[^/]+$/;

/**
 * What the phone keeps of an admin address: "page" (asked of the server first, the kept copy
 * when there is no signal), "photo" (a lead's private picture: the kept copy at once, checked
 * in the background), or null (never kept: every other page, and anything with money or
 * settings that only the office opens at a desk).
 */
export function keptOffline(pathname: string): "page" | "photo" | null {
  if (PAGES.some((page) => page.test(pathname))) return "page";
  return PHOTO.test(pathname) ? "photo" : null;
}

/** What a queued photo's sending came to, from the server's status (null: no answer at all). */
export type SendOutcome = "sent" | "retry" | "refused" | "signed-out";

/**
 * 2xx: done (a photo the server already had answers 200 too). No answer, or the server
 * failing (5xx, 408, 429): try again later. 401: wait for the person to sign in again; 409:
 * the phone is signed in as someone else, so it waits for its taker (nothing is sent as
 * another person). Any other 4xx (403 included: the lead is no longer theirs) is for good:
 * say so in the server's words and let the person remove it.
 */
export function sendOutcome(status: number | null): SendOutcome {
  if (status === null || status >= 500 || status === 408 || status === 429) return "retry";
  if (status >= 200 && status < 300) return "sent";
  if (status === 401 || status === 409) return "signed-out";
  return "refused";
}

/** The header a queued send carries: whose it is, so the server takes nothing as another person's. */
export const QUEUED_FOR_HEADER = "X-Queued-For";

/** Sent while someone else is signed in on the phone: it waits for its taker. */
export const QUEUED_FOR_ANOTHER = "Taken by someone else on this phone: it waits for them to sign in.";

/** The queue's line on every admin page: "3 photos waiting to upload", "1 note and 2 photos waiting to upload". */
export function waitingText(photos: number, notes = 0): string {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  const parts = [...(notes ? [count(notes, "note")] : []), ...(photos ? [count(photos, "photo")] : [])];
  return `${parts.join(" and ")} waiting to upload`;
}

/** A queued photo's key: the server keeps one photo per key, so a send repeated after a cut connection adds nothing. */
export const queueKey = (random: string) => `q-${random.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 60)}`;
