// npm run lighthouse: Lighthouse's mobile preset on four page types of the production
// build, served from a throwaway copy of the demo database, three runs each. Prints the
// median of the four scores and of LCP, CLS and TBT per page, and exits non-zero when a
// page misses the bar: Performance 100, the others 100, LCP <= 1.2 s, CLS 0, TBT <= 50 ms.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3198);
// LIGHTHOUSE_PAGES=/,/portfolio measures only those (comma-separated).
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/services/roof-repairs-wichita", "/derby-framing-roofing-services", "/portfolio"];
const BAR = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
const METRICS = { "largest-contentful-paint": 1200, "cumulative-layout-shift": 0, "total-blocking-time": 50 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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
    ADMIN_PASSWORD: "lighthouse-only",
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

// ...and has answered for these pages and their files before: the first requests after a
// start run the server's code cold (not yet compiled by V8) and read files from disk.
for (let round = 0; round < 3; round++) {
  for (const page of PAGES) {
    const html = await (await fetch(`http://127.0.0.1:${PORT}${page}`, { headers: { "Accept-Encoding": "br" } })).text();
    // Every /assets path in the page: link, script and image tags (srcset lists several),
    // and the route modules the page's bootstrap JSON names for the browser to import.
    const files = new Set(Array.from(html.matchAll(/["\s](\/assets\/[^"#\s,]+)/g), (m) => m[1]));
    await Promise.all([...files].map((file) => fetch(`http://127.0.0.1:${PORT}${file}`, { headers: { "Accept-Encoding": "br" } }).then((r) => r.arrayBuffer())));
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
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
    const scores = Object.fromEntries(Object.keys(BAR).map((k) => [k, median(runs.map((r) => Math.round((r.categories[k]?.score ?? 0) * 100)))]));
    const metrics = Object.fromEntries(Object.keys(METRICS).map((k) => [k, median(runs.map((r) => r.audits[k].numericValue))]));
    const misses = [
      ...Object.entries(BAR).filter(([k, min]) => scores[k] < min).map(([k]) => k),
      ...Object.entries(METRICS).filter(([k, max]) => metrics[k] > max).map(([k]) => k),
    ];
    if (misses.length) failed = true;
    console.log(
      `${page.padEnd(40)} ${Object.values(scores)
        .map((s) => String(s).padStart(4))
        .join("  ")}  ${`${(metrics["largest-contentful-paint"] / 1000).toFixed(2)} s`.padStart(7)} ${metrics["cumulative-layout-shift"].toFixed(3).padStart(6)} ${`${metrics["total-blocking-time"].toFixed(0)} ms`.padStart(7)}${misses.length ? "   below the bar" : ""}`,
    );
    // What held the middle run back, by how much each audit could gain.
    const lhr = runs[Math.floor(RUNS / 2)];
    for (const k of misses.filter((m) => m in BAR)) {
      const audits = lhr.categories[k].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable");
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
