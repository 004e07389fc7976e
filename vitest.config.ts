import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
        // Each file in its own process with its own empty database (setup.ts).
        extends: true,
        test: {
          name: "integration",
          include: [
            "app/server/**/*.test.{ts,tsx}",
            "app/models/**/*.test.ts",
            "app/services/**/*.test.ts",
            "app/routes/**/*.test.{ts,tsx}",
            "tests/integration/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          pool: "forks",
          setupFiles: ["tests/integration/setup.ts"],
        },
      },
    ],
  },
});
