import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    setupFiles: ["tests/integration/setup.ts"],
    globalSetup: ["tests/integration/global-setup.ts"],
    // Some tests start processes (the CLI, the env reader, backup) or hash many passwords;
    // on a busy 2-core machine 5 s is not enough. Speed is measured by the bench scripts.
    testTimeout: 30_000,
  },
});
