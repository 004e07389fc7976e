import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { expect, scriptsStarted, test } from "./fixtures";

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
const SERVER_MARKERS = [
  /drizzle:/,
  /better-sqlite3/,
  /from\s*["']sharp["']/,
  /\bresend\b.*\bemails\b/,
  /["']node:fs["']/,
];

test("@desktop @js public pages download no database or server code", () => {
  const routes = readManifest();
  const publicPages = Object.values(routes).filter((r) => r.hasDefaultExport && !r.id.includes("admin"));
  expect(publicPages.map((r) => r.id)).toEqual(
    expect.arrayContaining(["root", "routes/home", "routes/portfolio", "routes/contact"]),
  );
  const problems: string[] = [];
  for (const route of publicPages) {
    for (const asset of new Set([route.module, ...(route.imports ?? [])])) {
      const code = fs.readFileSync(path.join("build/client", asset), "utf8");
      for (const marker of SERVER_MARKERS) if (marker.test(code)) problems.push(`${route.id}: ${asset} has ${marker}`);
    }
  }
  expect(problems).toEqual([]);
});

// The quote form is on every public page, the review and proposal forms on their own:
// checked by the server with their zod schemas, they load neither zod nor conform in the
// browser (decision 0039). `_zod` is zod 4's own property on every schema; conform's
// runtime names its intents "__intent__". Admin pages (sign-in included) load both.
const VALIDATION_MARKERS = [/\b_zod\b/, /__intent__/];

test("@desktop @js public pages download no validation library", () => {
  const routes = readManifest();
  const publicPages = Object.values(routes).filter((r) => r.hasDefaultExport && !r.id.includes("admin"));
  expect(publicPages.map((r) => r.id)).toEqual(
    expect.arrayContaining(["routes/home", "routes/contact", "routes/review", "routes/proposal"]),
  );
  const problems: string[] = [];
  for (const route of publicPages) {
    for (const asset of new Set([route.module, ...(route.imports ?? [])])) {
      const code = fs.readFileSync(path.join("build/client", asset), "utf8");
      for (const marker of VALIDATION_MARKERS)
        if (marker.test(code)) problems.push(`${route.id}: ${asset} has ${marker}`);
    }
  }
  expect(problems).toEqual([]);
  // The markers do find the library where it is loaded: the sign-in page's own chunks.
  const login = routes["routes/admin/login"];
  const loginCode = [login.module, ...(login.imports ?? [])]
    .map((asset) => fs.readFileSync(path.join("build/client", asset), "utf8"))
    .join("\n");
  for (const marker of VALIDATION_MARKERS) expect(loginCode).toMatch(marker);
});

// Compressed once at build time, not again for every visitor: the response is the build's
// .br or .gz file byte for byte (its exact length), and what it decodes to is the script.
test("@desktop @js scripts, styles and the icon sprite go out as compressed at build time", async ({
  page,
  request,
}) => {
  const files: string[] = [];
  page.on("request", (req) => files.push(new URL(req.url()).pathname));
  await page.goto("/");
  await scriptsStarted(page);
  // Pictures are compressed already (WebP) and go as they are.
  const assets = [...new Set(files)].filter((file) => /^\/assets\/.+\.(js|css|svg)$/.test(file));
  expect(assets.some((file) => file.endsWith(".js"))).toBe(true);
  expect(assets.some((file) => file.endsWith(".css"))).toBe(true);
  expect(assets.some((file) => file.endsWith(".svg"))).toBe(true);
  for (const file of assets) {
    const plain = fs.readFileSync(path.join("build/client", file));
    for (const [accept, encoding, suffix] of [
      ["gzip, deflate, br, zstd", "br", ".br"],
      ["gzip", "gzip", ".gz"],
    ] as const) {
      const response = await request.get(file, { headers: { "Accept-Encoding": accept } });
      expect(response.status(), file).toBe(200);
      expect(response.headers()["content-encoding"], `${file} for ${accept}`).toBe(encoding);
      expect(Number(response.headers()["content-length"]), `${file} for ${accept}`).toBe(
        fs.statSync(path.join("build/client", file + suffix)).size,
      );
      expect(response.headers()["cache-control"]).toContain("immutable");
      // The type of the file asked for, not of the compressed copy sent.
      expect(response.headers()["content-type"], file).toMatch(
        { js: /^text\/javascript/, css: /^text\/css/, svg: /^image\/svg\+xml/ }[path.extname(file).slice(1)]!,
      );
      expect((await response.body()).equals(plain), `${file} decodes to the built file`).toBe(true);
    }
    // A client that takes neither gets the file as it is.
    const identity = await request.get(file, { headers: { "Accept-Encoding": "identity" } });
    expect(identity.headers()["content-encoding"]).toBeUndefined();
    expect((await identity.body()).equals(plain)).toBe(true);
  }
  // A request the compressed copy cannot answer is refused as such, not sent on labelled as brotli.
  const script = assets.find((file) => file.endsWith(".js"))!;
  for (const [header, value, status] of [
    ["If-Match", '"no-such-version"', 412],
    ["Range", "bytes=99999999-", 416],
  ] as const) {
    const refused = await request.get(script, { headers: { "Accept-Encoding": "br", [header]: value } });
    expect(refused.status(), header).toBe(status);
    expect(refused.headers()["content-encoding"], header).toBeUndefined();
  }
  // A file the build did not make is the site's not-found page, whatever the browser takes.
  for (const accept of ["br", "gzip", "identity"]) {
    const missing = await request.get("/assets/no-such-file-123.js", { headers: { "Accept-Encoding": accept } });
    expect(missing.status(), accept).toBe(404);
    expect(missing.headers()["content-type"], accept).toMatch(/^text\/html/);
    expect(await missing.text()).toContain("not found");
  }
});
