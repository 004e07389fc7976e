import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { expect, test } from "./fixtures";

// What a visitor's phone downloads for a public page: never the database layer (Drizzle)
// nor anything written for the server. Reads the production build the suite serves.

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[]; hasDefaultExport?: boolean };

function readManifest(): Record<string, ManifestRoute> {
  const dir = "build/client/assets";
  const file = fs.readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No client manifest in build/client/assets: run the production build first.");
  const sandbox: { window: { __reactRouterManifest?: { routes: Record<string, ManifestRoute> } } } = { window: {} };
  vm.runInNewContext(fs.readFileSync(path.join(dir, file), "utf8"), sandbox);
  return sandbox.window.__reactRouterManifest!.routes;
}

// Strings that only server code carries: Drizzle's entity markers, the SQLite driver,
// image processing, the mail SDK, the file system.
const SERVER_MARKERS = [/drizzle:/, /better-sqlite3/, /from\s*["']sharp["']/, /\bresend\b.*\bemails\b/, /["']node:fs["']/];

test("@desktop @js public pages download no database or server code", () => {
  const routes = readManifest();
  const publicPages = Object.values(routes).filter((r) => r.hasDefaultExport && !r.id.includes("admin"));
  expect(publicPages.map((r) => r.id)).toEqual(expect.arrayContaining(["root", "routes/home", "routes/portfolio", "routes/contact"]));
  const problems: string[] = [];
  for (const route of publicPages) {
    for (const asset of new Set([route.module, ...(route.imports ?? [])])) {
      const code = fs.readFileSync(path.join("build/client", asset), "utf8");
      for (const marker of SERVER_MARKERS) if (marker.test(code)) problems.push(`${route.id}: ${asset} has ${marker}`);
    }
  }
  expect(problems).toEqual([]);
});
