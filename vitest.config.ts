import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const INTEGRATION = [
  "app/server/**/*.test.{ts,tsx}",
  "app/models/**/*.test.ts",
  "app/services/**/*.test.ts",
  "app/routes/**/*.test.{ts,tsx}",
  "tests/integration/**/*.test.ts",
  "scripts/**/*.test.ts",
];

// Integration files that replace a module with vi.mock: a mock stays in the worker's
// registry after its file, so these each get a process of their own.
const MOCKING = ["app/server", "app/models", "app/services", "app/routes", "tests/integration", "scripts"]
  .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name) => path.join(dir, name)))
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, "utf8")))
  .map((file) => file.split(path.sep).join("/"));

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "node",
    globalSetup: ["tests/integration/global-setup.ts"],
    // Some tests start processes (the CLI, the env reader, backup) or hash many passwords;
    // on a busy 2-core machine 5 s is not enough. Speed is measured by the bench scripts.
    testTimeout: 30_000,
    // The same for a file's beforeAll, which starts the app: 10 s was missed once (a file's
    // tests all skipped) while a browser run shared the machine.
    hookTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where
    // the integration files took 8.7 min. Two took 5.7; three were barely faster and
    // crowd the tests that start processes.
    maxWorkers: 2,
    projects: [
      {
        // Pure logic (app/lib, components, content): no database, no environment, no
        // mocks. Loading each file's modules afresh in a process of its own cost about
        // five seconds a file on a 2-core machine, many times the tests themselves.
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/lib/**/*.test.{ts,tsx}",
            "app/components/**/*.test.{ts,tsx}",
            "app/content/**/*.test.{ts,tsx}",
          ],
          pool: "threads",
          isolate: false,
        },
      },
      {
        // Test files share a worker process, one after another: packages (React, React
        // Router, Drizzle, zod...) are imported once per worker instead of once per file,
        // which took about a second of each file. setup.ts still loads the app's own
        // modules afresh for each file, on its own empty database, and puts back the
        // environment and the clock after it (decision 0083).
        extends: true,
        test: {
          name: "integration",
          include: INTEGRATION,
          exclude: [...configDefaults.exclude, ...MOCKING],
          pool: "forks",
          isolate: false,
          setupFiles: ["tests/integration/setup.ts"],
        },
      },
      // The files that vi.mock a module: each in a process of its own.
      ...(MOCKING.length
        ? [
            {
              extends: true as const,
              test: {
                name: "integration-mocking",
                include: MOCKING,
                pool: "forks" as const,
                setupFiles: ["tests/integration/setup.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
