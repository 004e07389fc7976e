// Once per `vitest run`, in the main process: every test file's own folder (setup.ts) goes
// under one folder of the run, removed when the run ends. A file's own afterAll does not
// run when the file fails to load, nor when its worker is stopped, and those folders
// used to stay in /tmp. Folders a killed run left are swept at the next one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PREFIX = "site-test-";
// Longer than any run: a folder this old belongs to no run still going.
const STALE_MS = 6 * 3600_000;

function sweepStale(now: number) {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      if (now - fs.statSync(dir).mtimeMs > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
}

export default function setup() {
  sweepStale(Date.now());
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `${PREFIX}run-`));
  // The workers are started after this and inherit it (setup.ts reads it).
  process.env.SITE_TEST_ROOT = root;
  return () => fs.rmSync(root, { recursive: true, force: true });
}
