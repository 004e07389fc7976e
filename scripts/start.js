// `npm start`: build when the sources are newer than the build, then serve in production
// mode (the server migrates the database and seeds demo content before it listens).
import { spawnSync } from "node:child_process";
import { needsBuild } from "./build-state.js";

if (needsBuild()) {
  console.log("Building the site (first start or changed sources)...");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
await import("../server.js");
