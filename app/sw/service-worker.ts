// The admin's service worker (decision 0099), built by vite.config.ts into /sw.js with the
// list of the build's scripts and stylesheets injected by Serwist: the crew's phone opens My
// day and the leads it kept when the truck has no signal. Registered for /admin only.
import {
  CacheableResponsePlugin,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type SerwistPlugin,
} from "serwist";
import { href } from "react-router";
import { keptOffline, OFFLINE_CACHE } from "~/lib/offline";

// The DOM's types are this project's; a worker's own global is only needed for this list,
// which Serwist writes in place of `self.__SW_MANIFEST` after the build.
const manifest = (self as unknown as { __SW_MANIFEST: (PrecacheEntry | string)[] }).__SW_MANIFEST;

const OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>No signal</title>
<style>body{font:18px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1.25rem;background:#fff;color:#111}
a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#1c2430;color:#fff;font-weight:600;text-decoration:none}</style>
</head><body><main><h1>No signal</h1>
<p>This page was not kept on this phone. My day and the jobs opened from it are kept: they open without signal.</p>
<p>Photos you add are kept on the phone and sent when the signal is back.</p>
<a href="${href("/admin/my-day")}">Open My day</a></main></body></html>`;

/** A page the phone never kept, asked for without signal: a plain page saying so, not the browser's error. */
const offlinePage: SerwistPlugin = {
  handlerDidError: async ({ request }) =>
    request.mode === "navigate"
      ? new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } })
      : undefined,
};

// Only complete pages are kept: never an error, nor the sign-in page a redirect led to
// (kept under the lead's address, it would stand in for the lead).
const okOnly = new CacheableResponsePlugin({ statuses: [200] });
const notRedirected: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (response.redirected ? null : response),
};

const serwist = new Serwist({
  precacheEntries: manifest,
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && keptOffline(url.pathname) === "page",
      // One bar of signal in a truck: after 10 s the kept copy, rather than a blank wait.
      handler: new NetworkFirst({
        cacheName: OFFLINE_CACHE,
        networkTimeoutSeconds: 10,
        plugins: [okOnly, notRedirected, offlinePage],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && keptOffline(url.pathname) === "photo",
      handler: new StaleWhileRevalidate({
        cacheName: OFFLINE_CACHE,
        plugins: [okOnly, notRedirected, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
      }),
    },
    // Every other admin page goes to the server as before; without signal, the page above.
    { matcher: ({ request }) => request.mode === "navigate", handler: new NetworkOnly({ plugins: [offlinePage] }) },
  ],
});

serwist.addEventListeners();
