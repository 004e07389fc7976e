// `npm start`: build when the sources are newer than the build, then serve in production
// mode (the server migrates the database and seeds demo content before it listens).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const BUILD = "build/server/index.js";
const SOURCES = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package.json"];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const canBuild = () => fs.existsSync("node_modules/@react-router/dev/bin.js");

export function needsBuild() {
  if (!fs.existsSync(BUILD)) return true;
  // The container ships its build without the build tools: that build is the truth.
  if (!canBuild()) return false;
  const built = fs.statSync(BUILD).mtimeMs;
  return SOURCES.some((entry) => newestMtime(entry) > built);
}

if (needsBuild()) {
  console.log("Building the site (first start or changed sources)...");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
await import("../server.js");
