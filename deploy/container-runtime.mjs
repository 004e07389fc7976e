// Run by the Dockerfile's build stage only (decision 0063): turns the built app into what
// the runtime image needs and nothing more.
//   - build/server/index.js is bundled with the JavaScript packages it imports, tree-shaken
//     (lucide-react alone is 51 MB installed, a few KB used);
//   - the terminal commands (backup, restore, admin:create) are bundled to build/cli/*.js,
//     so the image needs neither tsx nor app/ and scripts/*.ts;
//   - package.json keeps as dependencies only what stays a package on disk (native code,
//     files read at run time, the two packages server.js imports) for `npm prune`, and its
//     scripts point at the bundles, so `npm run backup` works as the README says.
import { build } from "esbuild";
import console from "node:console";
import fs from "node:fs";

// Native modules, packages that read their own files at run time (pdfkit's fonts), and
// server.js's own imports (it is not bundled).
const EXTERNAL = ["better-sqlite3", "sharp", "pdfkit", "express", "compression"];
const CLI = { backup: "scripts/backup.ts", restore: "scripts/restore.ts", "admin:create": "scripts/admin-create.ts" };

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  external: EXTERNAL,
  tsconfig: "tsconfig.json",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "warning",
  // Packages written as CommonJS call require(); an ES module has none of its own.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
};

// One build for the server and the commands: the code they share is written once, in chunks.
await build({
  ...common,
  entryPoints: [
    { in: "build/server/index.js", out: "server/index" },
    ...Object.entries(CLI).map(([name, entry]) => ({ in: entry, out: `cli/${name.replace(":", "-")}` })),
  ],
  outdir: "build",
  splitting: true,
  chunkNames: "server/chunks/[name]-[hash]",
  allowOverwrite: true,
});
// Vite's chunks of the server are inside the bundle now.
for (const file of fs.readdirSync("build/server/assets")) {
  if (file.endsWith(".js")) fs.rmSync(`build/server/assets/${file}`);
}

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
const runtime = {
  name: pkg.name,
  private: true,
  version: pkg.version,
  type: "module",
  engines: pkg.engines,
  scripts: {
    start: pkg.scripts.start,
    ...Object.fromEntries(Object.keys(CLI).map((name) => [name, `node build/cli/${name.replace(":", "-")}.js`])),
  },
  dependencies: Object.fromEntries(EXTERNAL.map((name) => [name, pkg.dependencies[name]])),
};
fs.writeFileSync("package.json", JSON.stringify(runtime, null, 2) + "\n");
console.log(`Runtime bundles written; packages kept: ${EXTERNAL.join(", ")}`);
