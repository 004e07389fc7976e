import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getDb } from "~/server/db.server";
import { env, paths } from "~/server/env.server";
import { prepareApp } from "~/services/startup.server";

// A started app's database and pictures, once per test run and environment: the first
// file to start the app on an empty database keeps a copy, and the next ones start from
// it. Starting afresh seeds the demo content, whose pictures sharp resizes: about 2 s of
// CPU in each of some sixty files.
const root = process.env.SITE_TEST_ROOT;
const key = createHash("sha256")
  .update(JSON.stringify([env.SEED_DEMO_CONTENT, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, env.SESSION_SECRET]))
  .digest("hex")
  .slice(0, 12);
const template = root ? path.join(root, `started-app-${key}`) : null;

/**
 * The app as the server starts it (migrated, demo content seeded, first admin made), on
 * this file's own database. Where the file already wrote to its database, it starts there.
 */
export async function startApp() {
  const fresh = !fs.existsSync(paths.database);
  if (fresh && template && fs.existsSync(template)) {
    fs.mkdirSync(path.dirname(paths.database), { recursive: true });
    fs.copyFileSync(path.join(template, "app.db"), paths.database);
    if (fs.existsSync(path.join(template, "uploads")))
      fs.cpSync(path.join(template, "uploads"), paths.uploads, { recursive: true });
  }
  await prepareApp(() => {});
  if (fresh && template && !fs.existsSync(template)) keep(template);
}

function keep(dir: string) {
  // Written beside and renamed into place, so another file never copies half of it.
  const partial = fs.mkdtempSync(`${dir}-partial-`);
  getDb().$client.prepare("vacuum into ?").run(path.join(partial, "app.db"));
  if (fs.existsSync(paths.uploads)) fs.cpSync(paths.uploads, path.join(partial, "uploads"), { recursive: true });
  try {
    fs.renameSync(partial, dir);
  } catch {
    // Another file kept its copy first.
    fs.rmSync(partial, { recursive: true, force: true });
  }
}
