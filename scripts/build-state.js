// Whether the production build is older than the sources it is made from: `npm start` builds
// then, and `npm test` skips its build when an earlier step (the start test) made it already.
import fs from "node:fs";
import path from "node:path";

const BUILD = "build/server/index.js";
const SOURCES = [
  "app",
  "server",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
  "package-lock.json",
];

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
