// The production server as a child process, for benchmarks and drills: a throwaway
// database, a port, and its resident memory read from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function rssOf(pid: number): number | null {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) * 1024 : null;
  } catch {
    return null;
  }
}

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
 * Starts `node server.js` (build/ must exist) on a fresh database; resolves once it answers.
 * Its errors go to this process's, or to `stderr` (an open file) when a run expects many.
 */
export async function startServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
  { stderr = "inherit" }: { stderr?: "inherit" | number } = {},
): Promise<{ base: string; child: ChildProcess; stop: () => void }> {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` first.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prairie-server-"));
  const child = spawn(process.execPath, ["server.js"], {
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
    },
    stdio: ["ignore", "ignore", stderr],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
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
