// Before each integration file. Files share a worker process (vitest.config.ts): the app's
// own modules are loaded afresh for each file, so none keeps state (the environment read
// at import, caches, cookie secrets) from the file before, and each file gets its own
// empty database and uploads folder, set before any app module reads the environment.
// What lives outside the modules is put back after the file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, vi } from "vitest";

// Packages stay loaded (Node keeps them); the app's modules are evaluated again.
vi.resetModules();

const environment = { ...process.env };

// Under the run's folder (global-setup.ts removes it whatever happens to this file).
const dir = fs.mkdtempSync(path.join(process.env.SITE_TEST_ROOT ?? os.tmpdir(), "site-test-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.NODE_ENV = "test";

// Runs after the file's own afterAll hooks (vitest runs after-hooks last-registered first).
afterAll(async () => {
  vi.useRealTimers();
  // Background tasks too (background.server.ts): one a file started must not run on into the next.
  const { stopBackgroundTasks } = await import("~/server/background.server");
  await stopBackgroundTasks();
  // Connections live on globalThis (db.server.ts), beyond the file's modules.
  const { closeDb } = await import("~/server/db.server");
  closeDb();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  fs.rmSync(dir, { recursive: true, force: true });
});
