// npm run bench:backup
// Whether a backup holds the site (decision 0092): a site with BENCH_BACKUP_GB gigabytes of
// pictures (default 2) answers a visitor's page every 50 ms while "Back up now" copies them
// all. Prints the page's latency before and during the backup, and how long the backup took:
// a backup made on the server's own thread would hold a page for about that long.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ms, percentile } from "./bench-lib";
import { signIn, startServer } from "./server-process";

const PORT = Number(process.env.BENCH_PORT ?? 3461);
const GIGABYTES = Number(process.env.BENCH_BACKUP_GB ?? 2);
const FILE_BYTES = 1024 * 1024;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prairie-bench-backup-"));
const uploads = path.join(dir, "uploads");
fs.mkdirSync(uploads, { recursive: true });
const files = Math.round((GIGABYTES * 1024 * 1024 * 1024) / FILE_BYTES);
console.log(`Writing ${files} pictures of 1 MB (${GIGABYTES} GB) into ${uploads}...`);
const bytes = Buffer.alloc(FILE_BYTES);
for (let i = 0; i < files; i++) {
  crypto.randomFillSync(bytes);
  fs.writeFileSync(path.join(uploads, `${crypto.randomBytes(12).toString("hex")}-1600.webp`), bytes);
}

const server = await startServer(PORT, { DATABASE_PATH: path.join(dir, "data/app.db"), UPLOADS_DIR: uploads });
/** A visitor's page every 50 ms until `until` settles: each one's time to the whole answer. */
async function sample(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const at = performance.now();
    const answer = await fetch(`${server.base}/about`);
    await answer.arrayBuffer();
    times.push(performance.now() - at);
    await new Promise((r) => setTimeout(r, 50));
  }
  return times.sort((a, b) => a - b);
}
const line = (label: string, times: number[]) =>
  console.log(
    `${label.padEnd(16)} ${String(times.length).padStart(5)} pages  p50 ${ms(percentile(times, 50)).padStart(9)}  p99 ${ms(percentile(times, 99)).padStart(9)}  max ${ms(times.at(-1) ?? 0).padStart(9)}`,
  );
try {
  const cookie = await signIn(server.base);
  const before = await sample(new Promise((r) => setTimeout(r, 3000)));
  const started = performance.now();
  const backup = fetch(`${server.base}/admin/backups`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "backup-now" }),
    redirect: "manual",
  }).then(async (answer) => {
    const took = performance.now() - started;
    if (answer.status !== 302 && answer.status !== 303) throw new Error(`Back up now answered ${answer.status}`);
    return took;
  });
  const during = await sample(backup);
  const took = await backup;
  const kept = fs.readdirSync(path.join(dir, "data/backups")).filter((n) => !n.endsWith(".partial"));
  console.log("");
  line("before", before);
  line("during backup", during);
  console.log(`backup of ${GIGABYTES} GB of pictures: ${ms(took)} (${kept.length} backup kept)`);
} finally {
  server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
