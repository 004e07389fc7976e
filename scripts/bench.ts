// npm run bench
// Measures what the owner and visitors would feel, on this machine, against a throwaway
// database with the demo content:
//   1. public pages through the real server (build/ must exist: `npm run build`):
//      requests per second, latency percentiles, bytes sent (compressed), server memory;
//   2. the roof tool's PDF report built in this process: time per report and heap growth.
// Numbers vary with the machine; compare runs on the same one. Nothing is asserted.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { megabytes, rssOf, waitFor } from "./server-process";

const PORT = Number(process.env.BENCH_PORT ?? 3460);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 20);
const PAGES = ["/", "/portfolio", "/services/residential-roofing-wichita", "/wellington-framing-roofing-services", "/contact"];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prairie-bench-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.NODE_ENV = "production";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One GET as a browser on a phone would make it; returns the bytes on the wire. */
function get(url: string): Promise<{ status: number; wireBytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "Accept-Encoding": "gzip, br" } }, (res) => {
        let wireBytes = 0;
        res.on("data", (chunk: Buffer) => (wireBytes += chunk.byteLength));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, wireBytes }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

async function benchPage(base: string, page: string) {
  const latencies: number[] = [];
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const t0 = performance.now();
      const res = await get(base + page);
      latencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${page}: HTTP ${res.status}`);
      bytes = res.wireBytes;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { page, rps: REQUESTS / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), bytes };
}

async function benchServer() {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` first.");
  const server = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", ADMIN_EMAIL: "bench@example.com", ADMIN_PASSWORD: "bench-password-123" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/healthz`);
    const idle = rssOf(server.pid!);
    console.log(`Public pages: ${REQUESTS} requests each, ${CONCURRENCY} at a time; bytes as sent (compressed HTML)`);
    console.log("page".padEnd(40), "req/s".padStart(8), "p50".padStart(10), "p95".padStart(10), "p99".padStart(10), "bytes".padStart(8));
    for (const page of PAGES) {
      const r = await benchPage(base, page);
      console.log(r.page.padEnd(40), r.rps.toFixed(0).padStart(8), ms(r.p50).padStart(10), ms(r.p95).padStart(10), ms(r.p99).padStart(10), String(r.bytes).padStart(8));
    }
    const rss = rssOf(server.pid!);
    console.log(`Server memory (resident): ${megabytes(idle)} after start, ${megabytes(rss)} after the run`);
  } finally {
    agent.destroy();
    server.kill();
  }
}

async function benchReports() {
  const { default: sharp } = await import("sharp");
  const { prepareApp } = await import("~/services/startup.server");
  const { getRoofCustomer } = await import("~/models/roof-customer.server");
  const { saveRoofCustomer } = await import("~/services/roof-customers.server");
  const { getBusinessFacts } = await import("~/models/settings.server");
  const { buildRoofReport } = await import("~/services/roof-report.server");
  const { emptyView } = await import("~/lib/roof-drawing");
  const { cleanImage } = await import("~/server/image-clean.server");
  await prepareApp(() => {});

  // A phone-camera-sized picture (noise, so it compresses like a photo, not a flat colour)
  // and a four-facet hip roof.
  const photo = await sharp({
    create: { width: 4032, height: 3024, channels: 3, background: "#000", noise: { type: "gaussian", mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer()
    .then(cleanImage);
  const facet = (points: [number, number][], pitch: number) => ({ points: points.map(([x, y]) => ({ x, y })), pitch });
  const top = {
    ...emptyView(),
    scale: 0.3,
    facets: [
      facet([[150, 150], [650, 150], [550, 300], [250, 300]], 6),
      facet([[150, 450], [650, 450], [550, 300], [250, 300]], 6),
      facet([[150, 150], [250, 300], [150, 450]], 8),
      facet([[650, 150], [550, 300], [650, 450]], 8),
    ],
  };
  const id = await saveRoofCustomer(
    { customerName: "Bench", street: "100 Main St", city: "Wellington", state: "KS", zipCode: "67152", area: null, length: null, width: null, pitch: 6 },
    { drawing: { top, side: emptyView() }, files: { top: { image: photo!, name: "roof.jpg" }, side: { image: photo!, name: "side.jpg" } } },
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
  console.log(`  p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, ${(size / 1024).toFixed(0)} KB each`);
  console.log(`  heap growth over the runs: ${((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024).toFixed(1)} MB${global.gc ? "" : " (run with --expose-gc for a settled figure)"}`);
}

try {
  await benchServer();
  await benchReports();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
