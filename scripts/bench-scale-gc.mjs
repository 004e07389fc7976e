// Loaded into the server by `npm run bench:scale` only (NODE_OPTIONS="--expose-gc --import=…"):
// on SIGUSR2 the server runs a full garbage collection and writes its memory figures to
// BENCH_GC_REPORT, so the benchmark measures an export from settled memory, not from
// whatever garbage earlier pages left behind (decision 0061).
import fs from "node:fs";
import process from "node:process";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const report = process.env.BENCH_GC_REPORT;
  if (!report) return;
  // Written whole, then renamed: the benchmark never reads half a file.
  fs.writeFileSync(`${report}.tmp`, JSON.stringify({ rss, heapUsed, heapTotal, external, arrayBuffers }));
  fs.renameSync(`${report}.tmp`, report);
});
