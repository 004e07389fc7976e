// npm run bench:ab (decision 0116)
// This checkout against an earlier commit, side by side: the earlier one built in a git
// worktree of its own, each on the year-five database of `npm run bench:scale` built by its
// own code and schema, both servers running at once, and each page asked of one then the
// other, turn about. On a shared machine whose speed comes and goes by a third within
// minutes, two runs one after the other cannot tell a few milliseconds from the noise; here
// a busy moment falls on both sides. Numbers, not a test: nothing is asserted.
// BENCH_AB_REF=<commit> (default HEAD: what the working tree changes), BENCH_RUNS (default
// 100 a page and side), BENCH_AB_PATHS="<path> <path>…" (default: the reports and the
// dashboard). The earlier commit's bench must know BENCH_DB (0114 on). Each side's database
// is kept in the system's temp folder by commit and reused on later runs.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ms, percentile, reportPages } from "./bench-lib";
import { cpuMsOf, signIn, startServer } from "./server-process";

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const PATHS = process.env.BENCH_AB_PATHS?.split(/\s+/).filter(Boolean) ?? [
  "/admin",
  ...reportPages(Date.now()).map((page) => page.path),
];

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
const ref = git("rev-parse", "--short", process.env.BENCH_AB_REF ?? "HEAD");
const tmp = os.tmpdir();
const worktree = path.join(tmp, `prairie-ab-${ref}`);

/** A side: where its server.js and build are, and its own year-five database. */
type Side = { name: string; dir: string; db: string };
const sides: Side[] = [
  { name: ref, dir: worktree, db: path.join(tmp, `prairie-ab-db-${ref}`, "app.db") },
  { name: "this checkout", dir: process.cwd(), db: path.join(tmp, "prairie-ab-db-current", "app.db") },
];

/** The earlier commit, built where it cannot touch this checkout (its packages linked, not installed). */
function checkOut() {
  if (!fs.existsSync(worktree)) git("worktree", "add", "--detach", worktree, ref);
  if (!fs.existsSync(path.join(worktree, "node_modules")))
    fs.symlinkSync(path.resolve("node_modules"), path.join(worktree, "node_modules"));
  execFileSync("npx", ["react-router", "build"], { cwd: worktree, stdio: "ignore" });
}

/** Each side's database made by its own bench (the schema its migrations make), once. */
function database(side: Side) {
  if (fs.existsSync(side.db)) return;
  console.log(`Building the year-five database for ${side.name} (about a minute)…`);
  execFileSync(process.execPath, ["--import", "tsx", "scripts/bench-scale.ts"], {
    cwd: side.dir,
    // A word no page's label holds: the database is built, no page timed.
    env: { ...process.env, BENCH_DB: side.db, BENCH_PAGES: "nothing-at-all" },
    stdio: "ignore",
  });
}

async function main() {
  checkOut();
  try {
    for (const side of sides) database(side);
    const servers = await Promise.all(
      sides.map((side, i) =>
        startServer(
          3590 + i,
          { DATABASE_PATH: side.db, UPLOADS_DIR: path.join(path.dirname(side.db), "uploads"), PAGE_CACHE_WARM: "0" },
          { cwd: side.dir },
        ),
      ),
    );
    try {
      const cookies = await Promise.all(servers.map((s) => signIn(s.base)));
      console.log(`\n${RUNS} GETs a page of each side, turn about (p50 / p95 / fastest; server CPU a request)`);
      console.log(`${"page".padEnd(40)} ${sides.map((s) => s.name.padEnd(38)).join(" ")} change in p50, CPU`);
      for (const page of PATHS) {
        const times: number[][] = [[], []];
        const cpu = [0, 0];
        const get = async (i: number, keep: boolean) => {
          const pid = servers[i]!.child.pid!;
          const before = cpuMsOf(pid) ?? 0;
          const start = performance.now();
          const res = await fetch(servers[i]!.base + page, { headers: { Cookie: cookies[i]! } });
          await res.text();
          if (res.status !== 200) throw new Error(`${sides[i]!.name}: ${page} answered ${res.status}`);
          if (!keep) return;
          times[i]!.push(performance.now() - start);
          cpu[i]! += (cpuMsOf(pid) ?? 0) - before;
        };
        // The route's module loads and SQLite reads its pages once after a start: not counted.
        for (let i = 0; i < 5; i++) for (const s of [0, 1]) await get(s, false);
        // Each side first on every other turn: neither always meets the other's leftovers.
        for (let run = 0; run < RUNS; run++) for (const s of run % 2 ? [1, 0] : [0, 1]) await get(s, true);
        const figures = times.map((t, i) => {
          const sorted = [...t].sort((a, b) => a - b);
          return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), low: sorted[0]!, cpu: cpu[i]! / RUNS };
        });
        const cell = (f: (typeof figures)[number]) =>
          `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.low)}; ${ms(f.cpu)}`.padEnd(38);
        const [was, now] = figures as [(typeof figures)[number], (typeof figures)[number]];
        const change = (a: number, b: number) => `${b >= a ? "+" : ""}${(b - a).toFixed(1)}`;
        console.log(
          `${page.slice(0, 40).padEnd(40)} ${figures.map(cell).join(" ")} ${change(was.p50, now.p50)}, ${change(was.cpu, now.cpu)} ms`,
        );
      }
    } finally {
      for (const s of servers) s.stop();
    }
  } finally {
    git("worktree", "remove", "--force", worktree);
  }
}

await main();
