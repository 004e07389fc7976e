// npm run lighthouse: Lighthouse's mobile preset on four page types of the production
// build, served from a throwaway copy of the demo database. Prints the four scores per
// page and exits non-zero when a page misses the bar (Performance >= 95, others 100).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3198);
const PAGES = ["/", "/services/roof-repairs-wichita", "/derby-framing-roofing-services", "/portfolio"];
const BAR = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

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
await new Promise((resolve, reject) => {
  server.stdout.on("data", (d) => d.toString().includes("Site ready") && resolve());
  server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
});

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

let failed = false;
try {
  console.log(`${"page".padEnd(40)} perf  a11y  best  seo`);
  for (const page of PAGES) {
    const result = await lighthouse(`http://127.0.0.1:${PORT}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(BAR),
    });
    const cats = result.lhr.categories;
    const scores = Object.fromEntries(Object.keys(BAR).map((k) => [k, Math.round((cats[k]?.score ?? 0) * 100)]));
    const misses = Object.entries(BAR).filter(([k, min]) => scores[k] < min);
    if (misses.length) failed = true;
    console.log(
      `${page.padEnd(40)} ${Object.values(scores)
        .map((s) => String(s).padStart(4))
        .join("  ")}${misses.length ? "   below the bar" : ""}`,
    );
    for (const [k] of misses) {
      const audits = result.lhr.categories[k].auditRefs
        .map((ref) => result.lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable");
      for (const a of audits.slice(0, 6)) console.log(`    ${k}: ${a.id} (${a.displayValue ?? a.score})`);
    }
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
