import { jobPath } from "~/lib/job-page";

/**
 * Content-Security-Policy for our HTML pages. Inline scripts are allowed only by the hash
 * of each one the page carries (React Router's hydration data and scroll restoration), so a
 * script an attacker slips into the page does not run. See docs/decisions/0009-csp.md.
 */

/** The text of every inline <script> (no src) in a rendered page, byte for byte. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\ssrc\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    scripts.push(body);
  }
  return scripts;
}

// The roof tool loads the Google Maps JavaScript API; the hosts are Google's published list.
// Every admin page carries them because the admin navigates without reloading.
const GOOGLE_MAPS = {
  script: [
    "https://*.googleapis.com",
    "https://*.gstatic.com",
    "https://*.google.com",
    "https://*.ggpht.com",
    "https://*.googleusercontent.com",
  ],
  img: ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.googleusercontent.com"],
  connect: ["https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com"],
  font: ["https://fonts.gstatic.com"],
  frame: ["https://*.google.com"],
};
// Project videos play in an embed only after the visitor clicks the facade.
const VIDEO_FRAMES = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

export type PolicyOptions = {
  /** base64 SHA-256 of each inline script. */
  scriptHashes: string[];
  /** Admin pages (signed-in staff, the roof tool's map) or public ones. */
  area: "admin" | "public";
  /** Vite's dev server talks to the page over a websocket. */
  dev?: boolean;
  /** Other origins a form on this page leads to (the job page's "Pay" redirects to Stripe Checkout). */
  formTargets?: string[];
};

export function contentSecurityPolicy({ scriptHashes, area, dev = false, formTargets = [] }: PolicyOptions): string {
  const maps = area === "admin";
  const hashes = [...new Set(scriptHashes)].map((h) => `'sha256-${h}'`);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...hashes, ...(maps ? GOOGLE_MAPS.script : [])],
    // Tailwind's stylesheet is inlined (decision 0005) and components set style attributes.
    "style-src": ["'self'", "'unsafe-inline'", ...(maps ? ["https://fonts.googleapis.com"] : [])],
    "img-src": ["'self'", "data:", "blob:", ...(maps ? GOOGLE_MAPS.img : [])],
    "font-src": ["'self'", ...(maps ? GOOGLE_MAPS.font : [])],
    // blob:: the contact form previews the visitor's own photos from blob: URLs, and
    // Chromium reports one it cannot decode (a text file named .jpg) as a connect-src
    // request. A blob: URL is made by this page from the visitor's own file: nothing leaves.
    "connect-src": ["'self'", "blob:", ...(maps ? GOOGLE_MAPS.connect : []), ...(dev ? ["ws:"] : [])],
    "frame-src": maps ? GOOGLE_MAPS.frame : VIDEO_FRAMES,
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Chromium holds a form's redirect to this too: the job page's "Pay" ends on Stripe's page.
    "form-action": ["'self'", ...formTargets],
    "frame-ancestors": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Other origins a page's forms lead to: the job page's "Pay" form ends at the payment
 * provider's checkout page, and browsers hold a form's redirect to form-action too.
 */
export function formTargetsFor(url: string, checkoutOrigin: string | null): string[] {
  return checkoutOrigin && new URL(url).pathname.startsWith(jobPath("")) ? [checkoutOrigin] : [];
}
