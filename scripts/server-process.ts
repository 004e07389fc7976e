// The production server as a child process, for benchmarks and drills: a throwaway
// database, a port, and its resident memory read from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

export function rssOf(pid: number): number | null {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The CPU time a process has used so far, user and system, in ms (/proc/<pid>/stat, all its
 * threads: V8's garbage collector too). Counted in clock ticks, 10 ms each: read it around
 * many requests, not one.
 */
export function cpuMsOf(pid: number): number | null {
  try {
    // The command's name (field 2) is in parentheses and may hold spaces: count after it.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime: fields 14 and 15 of the line; this list starts at field 3 (the state).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

// USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK).
const CLOCK_TICKS = 100;

/** The page cache's warm at year five takes under a minute here; a stuck one stops the run. */
const WARM_TIMEOUT_MS = 5 * 60_000;

export const megabytes = (n: number | null) => (n ? `${(n / 1024 / 1024).toFixed(0)} MB` : "unknown");

export async function waitFor(url: string, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts `node server.js` (build/ must exist) in `cwd` (this checkout by default) on a fresh
 * database; resolves once it answers, or with `warmed`, once it has also rendered its public
 * pages ahead (the page cache's warm after a start: 40 s of the main thread at year five,
 * which would slow every page timed meanwhile). Its errors go to this process's, or to `stderr` (an open file) when a run
 * expects many.
 */
export async function startServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
  {
    stderr = "inherit",
    warmed = false,
    cwd = process.cwd(),
  }: { stderr?: "inherit" | number; warmed?: boolean; cwd?: string } = {},
): Promise<{ base: string; child: ChildProcess; stop: () => void }> {
  if (!fs.existsSync(path.join(cwd, "build/server/index.js"))) throw new Error("No build: run `npm run build` first.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prairie-server-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // As `npm start` and the Docker image run it.
      MALLOC_ARENA_MAX: "2",
      DATABASE_PATH: path.join(dir, "app.db"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_EMAIL: "bench@example.com",
      ADMIN_PASSWORD: "bench-password-123",
      ...env,
      // Waited for: on, whatever the environment says.
      ...(warmed ? { PAGE_CACHE_WARM: "1" } : {}),
    },
    stdio: ["ignore", warmed ? "pipe" : "ignore", stderr],
  });
  // server.js says on stdout when the warm is done; every line is read, so the pipe never fills.
  // A warm that fails says so on stderr (this process's, above) and never finishes: waited for
  // WARM_TIMEOUT_MS at most.
  const warm =
    warmed &&
    new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(
        () => reject(new Error(`The server did not finish warming its page cache in ${WARM_TIMEOUT_MS / 1000} s.`)),
        WARM_TIMEOUT_MS,
      );
      const done = () => {
        clearTimeout(timeout);
        resolve();
      };
      readline.createInterface({ input: child.stdout! }).on("line", (line) => {
        if (line.startsWith("Page cache: ")) done();
      });
      child.once("exit", done);
    });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
  if (warm) await warm;
  return {
    base,
    child,
    stop: () => {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in with startServer's admin (ADMIN_EMAIL above) and returns the Cookie header value. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "bench@example.com", password: "bench-password-123" }),
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`Signing in answered ${res.status} without a session`);
  return cookie.split(";")[0];
}
