import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";

// `npm start` and the Docker image run this same script.
const PORT = 3300 + Math.floor(Math.random() * 500);
let child: ChildProcess | undefined;
// What Vite adds to a test's environment. VITEST stays: it keeps the site from reading a
// developer's .env (app/server/env.server.ts), whose admin and mail settings would change the start.
const VITE_ADDS = /^(NODE_ENV|MODE|PROD|DEV|SSR|BASE_URL)$/;

function start(): Promise<{ output: () => string }> {
  // As a person's shell would start it: `npm test` serves the build this makes to the browser
  // tests (scripts/test.js).
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !VITE_ADDS.test(name))),
    PORT: String(PORT),
    HOST: "127.0.0.1",
  };
  delete env.ADMIN_PASSWORD;
  delete env.ADMIN_EMAIL;
  child = spawn(process.execPath, ["scripts/start.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Site ready on http://localhost:${PORT}`)) resolve({ output: () => output });
    };
    child!.stdout!.on("data", onData);
    child!.stderr!.on("data", onData);
    child!.on("exit", (code) => reject(new Error(`start.js exited with ${code}:\n${output}`)));
  });
}

function stop(): Promise<number | null> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve(child?.exitCode ?? null);
    child.removeAllListeners("exit");
    child.on("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

afterEach(async () => {
  await stop();
});

describe("npm start", () => {
  it("builds if needed, migrates, seeds, prints the first admin once and serves", { timeout: 180_000 }, async () => {
    const first = await start();
    expect(first.output()).toMatch(/password: \S{20}/);
    expect(first.output()).toContain("added demo projects");
    const health = await fetch(`http://127.0.0.1:${PORT}/healthz`);
    expect(health.status).toBe(200);
    const home = await (await fetch(`http://127.0.0.1:${PORT}/`)).text();
    expect(home).toContain("Two-Story Custom Home Framing, Derby");
    expect(await stop()).toBe(0);

    const second = await start();
    expect(second.output()).not.toContain("password:");
    expect(second.output()).not.toContain("added demo projects");
  });
});
