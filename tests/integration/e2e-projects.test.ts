// docs/testing.md says, per browser spec file, which projects it runs in and why. Playwright
// decides it from the tags (playwright.config.ts); this keeps the page true when a tag or a
// file changes.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "vitest";

type Suite = { specs?: { file: string; tests: { projectName: string }[] }[]; suites?: Suite[] };

function projectsBySpec(): Map<string, Set<string>> {
  const out = execFileSync(
    process.execPath,
    ["node_modules/@playwright/test/cli.js", "test", "--list", "--reporter=json"],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: "" },
    },
  );
  const by = new Map<string, Set<string>>();
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? [])
      for (const run of spec.tests)
        (by.get(spec.file) ?? by.set(spec.file, new Set()).get(spec.file)!).add(run.projectName);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (JSON.parse(out) as { suites: Suite[] }).suites) walk(suite);
  return by;
}

function documented(): Map<string, Set<string>> {
  const page = fs.readFileSync("docs/testing.md", "utf8");
  const table = page.slice(page.indexOf("## Per spec file"));
  const rows = [...table.matchAll(/^\| ([\w-]+\.spec\.ts) \| ([^|]+) \| [^|]*\S[^|]* \|$/gm)];
  return new Map(rows.map(([, file, projects]) => [file, new Set(projects.split(",").map((p) => p.trim()))]));
}

test("docs/testing.md names every browser spec file with the projects it runs in, and why", () => {
  const actual = projectsBySpec();
  const written = documented();
  expect([...written.keys()].sort()).toEqual([...actual.keys()].sort());
  for (const [file, projects] of actual)
    expect({ file, projects: [...(written.get(file) ?? [])].sort() }).toEqual({ file, projects: [...projects].sort() });
});
