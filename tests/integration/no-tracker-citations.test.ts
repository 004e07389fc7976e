// The issue tracker is not in the repository: a comment that cites an issue by number explains
// nothing to the next maintainer. Code says why in its own words, or names a decision
// record (docs/decisions/), which is.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(tsx?|m?js|sh)$/.test(entry.name) ? [full] : [];
  });
}

test("no code in app/, server/, scripts/ or tests/ cites an issue number", () => {
  const cited = ["app", "server", "scripts", "server.js", "tests"]
    .flatMap((p) => (fs.statSync(p).isDirectory() ? files(p) : [p]))
    .flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (/\bissue\s+\d/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
  expect(cited).toEqual([]);
});
