// Each test file runs in its own process with its own empty database and uploads folder,
// set before any app module reads the environment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Under the run's folder (global-setup.ts removes it whatever happens to this file).
const dir = fs.mkdtempSync(path.join(process.env.SITE_TEST_ROOT ?? os.tmpdir(), "site-test-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.NODE_ENV = "test";

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
