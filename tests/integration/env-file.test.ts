import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const loader = pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href;
const envModule = pathToFileURL(path.resolve("app/server/env.server.ts")).href;

/** Reads the app's environment the way the server does, in a folder of our choosing. */
function readEnvIn(cwd: string, extra: NodeJS.ProcessEnv = {}) {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ["VITEST", "PORT", "SITE_URL", "TRUST_PROXY", "CONTACT_RATE_LIMIT", "PAGE_CACHE_WARM"])
    if (!(name in extra)) delete environment[name];
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      loader,
      "--input-type=module",
      "-e",
      `const { env } = await import(${JSON.stringify(envModule)}); console.log(JSON.stringify(env));`,
    ],
    { cwd, env: environment, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as {
    PORT: number;
    SITE_URL?: string;
    TRUST_PROXY: number | string | false;
    CONTACT_RATE_LIMIT: number;
    PAGE_CACHE_WARM: boolean;
  };
}

describe(".env", () => {
  it("is read at start, as .env.example promises; the real environment still wins", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "env-file-"));
    try {
      fs.writeFileSync(
        path.join(dir, ".env"),
        [
          "PORT=4321",
          "SITE_URL=https://www.example.com/some/path",
          "TRUST_PROXY=loopback, 10.0.0.0/8",
          "CONTACT_RATE_LIMIT=9",
          "",
        ].join("\n"),
      );
      const env = readEnvIn(dir);
      expect(env.PORT).toBe(4321);
      expect(env.SITE_URL).toBe("https://www.example.com");
      expect(env.TRUST_PROXY).toBe("loopback, 10.0.0.0/8");
      expect(env.CONTACT_RATE_LIMIT).toBe(9);
      expect(readEnvIn(dir, { PORT: "5555" }).PORT).toBe(5555);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads TRUST_PROXY as Express does, with 'true' meaning the one proxy in front", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "env-file-"));
    try {
      expect(readEnvIn(dir).TRUST_PROXY).toBe(false);
      expect(readEnvIn(dir, { TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
      expect(readEnvIn(dir, { TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
      expect(readEnvIn(dir, { TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("warms the page cache at start unless PAGE_CACHE_WARM is 0", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "env-file-"));
    try {
      expect(readEnvIn(dir).PAGE_CACHE_WARM).toBe(true);
      expect(readEnvIn(dir, { PAGE_CACHE_WARM: "0" }).PAGE_CACHE_WARM).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
