// npm run bench
// Measures what the owner and visitors would feel, on this machine, against a throwaway
// database with the demo content:
//   1. each public page type through the real server (build/ must exist; the npm script
//      builds), at 50 connections with autocannon, beside a bare node:http process that
//      sends the same bytes from memory (scripts/bare-server.js): requests per second,
//      the ratio, p50 and p99 latency and bytes per response, with and without
//      `Accept-Encoding: br`; then the uncached render time of each page (median) and the
//      server's resident memory after the run;
//   2. the roof tool's PDF report built in this process: time per report and heap growth.
// Numbers vary with the machine; compare runs on the same one. Nothing is asserted.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import {
  capture,
  CONNECTIONS,
  LOAD_WIDTHS,
  load,
  ms,
  PAGE_TYPES,
  percentile,
  printLoad,
  row,
  SECONDS,
} from "./bench-lib";
import { megabytes, rssOf, startServer, waitFor } from "./server-process";

const PORT = Number(process.env.BENCH_PORT ?? 3460);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 40);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 20);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 30);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prairie-bench-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.NODE_ENV = "production";

async function benchServer() {
  const server = await startServer(PORT);
  const bareFile = path.join(dir, "pages.json");
  let bare: ReturnType<typeof spawn> | null = null;
  try {
    const idle = rssOf(server.child.pid!);
    // Let the cache warm from the sitemap before measuring, as it does after every start.
    await new Promise((r) => setTimeout(r, 3000));
    await capture(server.base, bareFile);
    bare = spawn(process.execPath, ["scripts/bare-server.js", String(PORT + 1), bareFile], { stdio: "inherit" });
    const bareBase = `http://127.0.0.1:${PORT + 1}`;
    await waitFor(`${bareBase}/`);

    console.log(
      `Public pages: ${CONNECTIONS} connections, ${SECONDS} s each; the app beside a bare node:http process sending the same bytes`,
    );
    console.log(row(["page", "enc", "app req/s", "bare", "ratio", "p50", "p99", "bytes"], LOAD_WIDTHS));
    for (const [label, page] of PAGE_TYPES) {
      for (const br of [false, "br"] as const) {
        const app = await load(server.base + page, br);
        const yardstick = await load(bareBase + page, br);
        printLoad(label, br ? "br" : "none", app, yardstick);
      }
    }
    console.log(
      `Server memory (resident): ${megabytes(idle)} after start, ${megabytes(rssOf(server.child.pid!))} after the run`,
    );
  } finally {
    bare?.kill();
    server.stop();
  }
}

/** Each page rendered without the cache, in this process: what a visitor waits for after an edit. */
async function benchRenders() {
  const build = await import(path.resolve("build/server/index.js"));
  await build.prepareApp(() => {});
  // A running server renders with compiled, optimised code: five runs left V8 still
  // compiling, and the median measured its compiler as much as the page.
  console.log(`\nUncached render (React Router, whole page), ${RENDERS} runs each after ${WARM_UP} warm-up runs:`);
  // The not-found page logs each miss; a hundred lines of it say nothing here.
  const warn = console.warn;
  console.warn = () => {};
  for (const [label, page] of PAGE_TYPES) {
    const time = async () => {
      const t0 = performance.now();
      await (await build.renderPage(page)).arrayBuffer();
      return performance.now() - t0;
    };
    for (let i = 0; i < WARM_UP; i++) await time();
    const times: number[] = [];
    for (let i = 0; i < RENDERS; i++) times.push(await time());
    times.sort((a, b) => a - b);
    console.log(`  ${label.padEnd(10)} median ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
  }
  console.warn = warn;
}

async function benchReports() {
  const { default: sharp } = await import("sharp");
  const { prepareApp } = await import("~/services/startup.server");
  const { getRoofCustomer } = await import("~/models/roof-customer.server");
  const { saveRoofCustomer } = await import("~/services/roof-customer-files.server");
  const { getBusinessFacts } = await import("~/models/settings.server");
  const { buildRoofReport } = await import("~/services/roof-report.server");
  const { emptyView } = await import("~/lib/roof-drawing");
  const { cleanImage } = await import("~/server/image-clean.server");
  await prepareApp(() => {});

  // A phone-camera-sized picture (noise, so it compresses like a photo, not a flat color)
  // and a four-facet hip roof.
  const photo = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer()
    .then(cleanImage);
  const facet = (points: [number, number][], pitch: number) => ({ points: points.map(([x, y]) => ({ x, y })), pitch });
  const top = {
    ...emptyView(),
    scale: 0.3,
    facets: [
      facet(
        [
          [150, 150],
          [650, 150],
          [550, 300],
          [250, 300],
        ],
        6,
      ),
      facet(
        [
          [150, 450],
          [650, 450],
          [550, 300],
          [250, 300],
        ],
        6,
      ),
      facet(
        [
          [150, 150],
          [250, 300],
          [150, 450],
        ],
        8,
      ),
      facet(
        [
          [650, 150],
          [550, 300],
          [650, 450],
        ],
        8,
      ),
    ],
  };
  const id = await saveRoofCustomer(
    {
      customerName: "Bench",
      street: "100 Main St",
      city: "Wellington",
      state: "KS",
      zipCode: "67152",
      area: null,
      length: null,
      width: null,
      pitch: 6,
    },
    {
      drawing: { top, side: emptyView() },
      files: { top: { image: photo!, name: "roof.jpg" }, side: { image: photo!, name: "side.jpg" } },
    },
  );
  const customer = getRoofCustomer(id!)!;
  const facts = getBusinessFacts();

  await buildRoofReport(customer, facts); // warm-up
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < REPORTS; i++) {
    const t0 = performance.now();
    size = (await buildRoofReport(customer, facts)).byteLength;
    times.push(performance.now() - t0);
  }
  global.gc?.();
  times.sort((a, b) => a - b);
  console.log(`\nRoof PDF report (two 4032x3024 photos, 4 facets), ${REPORTS} runs:`);
  console.log(
    `  p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, ${(size / 1024).toFixed(0)} KB each`,
  );
  console.log(
    `  heap growth over the runs: ${((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024).toFixed(1)} MB${global.gc ? "" : " (run with --expose-gc for a settled figure)"}`,
  );
}

try {
  // Renders first: the load runs below drive autocannon from this same process, and its
  // leftover heap made every later render pay for garbage collection that is not the app's.
  // BENCH_ONLY=renders (or server, reports) runs one part.
  const only = process.env.BENCH_ONLY;
  if (!only || only === "renders") await benchRenders();
  if (!only || only === "server") await benchServer();
  if (!only || only === "reports") await benchReports();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
