import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3199);
export const FAKE_RESEND_URL = `http://127.0.0.1:${PORT - 100}`;
export const E2E_DIR = ".tmp/e2e";

// Debian's Chromium: Playwright's own browser download cannot work on our machines.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 900 } };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions,
    trace: "retain-on-failure",
  },
  projects: [
    // A test tagged @desktop or @phone runs only at that width; @js or @nojs only with
    // scripts on or off.
    { name: "desktop-js", grepInvert: /@phone|@nojs\b/, use: { ...devices["Desktop Chrome"], ...desktop, launchOptions } },
    {
      name: "desktop-nojs",
      grepInvert: /@phone|@js\b/,
      use: { ...devices["Desktop Chrome"], ...desktop, launchOptions, javaScriptEnabled: false },
    },
    { name: "phone-js", grepInvert: /@desktop|@nojs\b/, use: { ...phone, launchOptions } },
    { name: "phone-nojs", grepInvert: /@desktop|@js\b/, use: { ...phone, launchOptions, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      // Mail goes through the real resend SDK to this stand-in for Resend's API.
      command: `node node_modules/tsx/dist/cli.mjs tests/fake-resend-cli.ts ${PORT - 100}`,
      url: `${FAKE_RESEND_URL}/sent`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: "node server.js",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATABASE_PATH: `${E2E_DIR}/app.db`,
        UPLOADS_DIR: `${E2E_DIR}/uploads`,
        ADMIN_EMAIL: "admin@example.com",
        ADMIN_PASSWORD: "e2e-admin-password",
        // Every project posts the contact form from 127.0.0.1.
        CONTACT_RATE_LIMIT: "1000",
        RESEND_API_KEY: "re_e2e_fake",
        RESEND_BASE_URL: FAKE_RESEND_URL,
        MAIL_FROM: "Website <web@example.com>",
      },
    },
  ],
});
