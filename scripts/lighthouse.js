// npm run lighthouse: Lighthouse's mobile preset on four page types of the production
// build, served from a throwaway copy of the demo database, three runs each. Prints the
// median of the four scores and of LCP, CLS and TBT per page, and exits non-zero when a
// page misses the bar: Performance 100, the others 100, LCP <= 1.2 s, CLS 0, TBT <= 50 ms.
// As an owner runs it: a 1600 px photo of his is the home page's hero and the
// roof repairs page's, uploaded through the admin's Pictures & Video like he would.
// LIGHTHOUSE_HERO=drawing measures the built-in drawings instead.
/* global URLSearchParams, FormData, File -- Node 20 has them; the scripts' lint config lists fewer. */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3198);
// LIGHTHOUSE_PAGES=/,/portfolio measures only those (comma-separated).
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? [
  "/",
  "/services/roof-repairs-wichita",
  "/derby-framing-roofing-services",
  "/portfolio",
];
const BAR = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
const METRICS = { "largest-contentful-paint": 1200, "cumulative-layout-shift": 0, "total-blocking-time": 50 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ADMIN = { email: "lighthouse@example.com", password: "lighthouse-only" };

/**
 * A photo as a phone takes one: 1600 x 1067, a house under a sky with the fine grain of a
 * sensor (so it weighs what a real photo does once encoded, not what a flat drawing does).
 */
async function ownerPhoto(width = 1600, height = 1067) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b93c7"/><stop offset="1" stop-color="#dce8f2"/></linearGradient>
    <pattern id="sh" width="40" height="18" patternUnits="userSpaceOnUse"><rect width="40" height="18" fill="#3b3f46"/><path d="M0 17h40M20 0v9M0 9h40M10 9v9M30 9v9" stroke="#24272c" stroke-width="2"/></pattern></defs>
    <rect width="100%" height="100%" fill="url(#s)"/>
    <rect x="${width * 0.72}" y="${height * 0.25}" width="${width * 0.2}" height="${height * 0.45}" rx="80" fill="#3f6b2a"/>
    <polygon points="${width * 0.1},${height * 0.55} ${width * 0.45},${height * 0.22} ${width * 0.8},${height * 0.55}" fill="url(#sh)"/>
    <rect x="${width * 0.15}" y="${height * 0.55}" width="${width * 0.6}" height="${height * 0.33}" fill="#c9b79c"/>
    <rect x="${width * 0.4}" y="${height * 0.66}" width="${width * 0.08}" height="${height * 0.22}" fill="#6b3e26"/>
    <rect y="${height * 0.88}" width="100%" height="${height * 0.12}" fill="#5d8a3a"/>
  </svg>`;
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  let x = 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = Math.max(0, Math.min(255, pixels[i] + ((x >>> 0) % 23) - 11));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Signs in and puts the owner's photo at the top of the home page and of a service page, as he would. */
async function useOwnerPhotos(base) {
  const headers = { Origin: base };
  const login = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }),
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (login.status !== 302 || !cookie) throw new Error(`signing in for the owner's photos failed (${login.status})`);
  const photo = await ownerPhoto();
  for (const slot of ["home-hero", "service-hero/roof-repairs-wichita"]) {
    const form = new FormData();
    form.set("intent", "save-picture");
    form.set("slot", slot);
    form.set("alt", "Our crew finishing a new roof on a house in Derby");
    form.set("upload", new File([photo], "derby-roof.jpg", { type: "image/jpeg" }));
    const saved = await fetch(`${base}/admin/site/pictures`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: form,
      redirect: "manual",
    });
    if (saved.status !== 302) throw new Error(`saving the owner's photo for ${slot} failed (${saved.status})`);
  }
  console.log(
    `The owner's ${photo.byteLength >> 10} KB, 1600 px photo is the hero of / and /services/roof-repairs-wichita.`,
  );
}

if (!fs.existsSync("build/server/index.js") || process.argv.includes("--build")) {
  const built = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATABASE_PATH: path.join(dir, "app.db"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
  stdio: ["ignore", "pipe", "inherit"],
});
// Measured once the server has rendered the sitemap's pages ahead (it does so right after
// it starts listening, on the same two cores Chromium uses): a visitor meets a site that
// has been up, and the first runs would otherwise share the CPU with that warm-up.
await new Promise((resolve, reject) => {
  server.stdout.on("data", (d) => d.toString().includes("Page cache:") && resolve());
  server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
});

if (process.env.LIGHTHOUSE_HERO !== "drawing") await useOwnerPhotos(`http://127.0.0.1:${PORT}`);

// ...and has answered for these pages and their files before: the first requests after a
// start run the server's code cold (not yet compiled by V8) and read files from disk.
for (let round = 0; round < 3; round++) {
  for (const page of PAGES) {
    const html = await (
      await fetch(`http://127.0.0.1:${PORT}${page}`, { headers: { "Accept-Encoding": "br" } })
    ).text();
    // Every /assets path in the page: link, script and image tags (srcset lists several),
    // and the route modules the page's bootstrap JSON names for the browser to import.
    // (Not the backslash that ends a path quoted inside the page's data script.)
    const files = new Set(Array.from(html.matchAll(/["\s](\/assets\/[^"#\s,\\]+)/g), (m) => m[1]));
    await Promise.all(
      [...files].map((file) =>
        fetch(`http://127.0.0.1:${PORT}${file}`, { headers: { "Accept-Encoding": "br" } }).then((r) => r.arrayBuffer()),
      ),
    );
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

let failed = false;
try {
  console.log(`${"page".padEnd(40)} perf  a11y  best   seo     LCP    CLS    TBT   (median of ${RUNS})`);
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`http://127.0.0.1:${PORT}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: Object.keys(BAR),
      });
      runs.push(result.lhr);
    }
    const scores = Object.fromEntries(
      Object.keys(BAR).map((k) => [k, median(runs.map((r) => Math.round((r.categories[k]?.score ?? 0) * 100)))]),
    );
    const metrics = Object.fromEntries(
      Object.keys(METRICS).map((k) => [k, median(runs.map((r) => r.audits[k].numericValue))]),
    );
    const misses = [
      ...Object.entries(BAR)
        .filter(([k, min]) => scores[k] < min)
        .map(([k]) => k),
      ...Object.entries(METRICS)
        .filter(([k, max]) => metrics[k] > max)
        .map(([k]) => k),
    ];
    if (misses.length) failed = true;
    console.log(
      `${page.padEnd(40)} ${Object.values(scores)
        .map((s) => String(s).padStart(4))
        .join(
          "  ",
        )}  ${`${(metrics["largest-contentful-paint"] / 1000).toFixed(2)} s`.padStart(7)} ${metrics["cumulative-layout-shift"].toFixed(3).padStart(6)} ${`${metrics["total-blocking-time"].toFixed(0)} ms`.padStart(7)}${misses.length ? "   below the bar" : ""}`,
    );
    // What held the middle run back, by how much each audit could gain.
    const lhr = runs[Math.floor(RUNS / 2)];
    for (const k of misses.filter((m) => m in BAR)) {
      const audits = lhr.categories[k].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== "informative" &&
            a.scoreDisplayMode !== "notApplicable",
        );
      for (const a of audits.slice(0, 6)) console.log(`    ${k}: ${a.id} (${a.displayValue ?? a.score})`);
    }
    if (misses.includes("total-blocking-time")) {
      // Which tasks blocked, and in what the main thread spent its time.
      for (const t of (lhr.audits["long-tasks"]?.details?.items ?? []).slice(0, 5))
        console.log(`    long task: ${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms, ${t.url}`);
      const work = (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []).slice(0, 5);
      console.log(`    main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(", ")}`);
    }
    const lcp = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet;
    if (misses.includes("largest-contentful-paint") && lcp) console.log(`    LCP element: ${lcp.slice(0, 120)}`);
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
