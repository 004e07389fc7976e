import { defineConfig, devices } from "@playwright/test";
import { FAKE_TWILIO } from "./tests/fake-twilio";

const PORT = Number(process.env.E2E_PORT ?? 3199);
export const FAKE_RESEND_URL = `http://127.0.0.1:${PORT - 100}`;
// Online payment goes through the real stripe SDK to a fake Stripe, whose checkout page
// sends its signed webhook to the main e2e server (tests/fake-stripe.ts).
export const FAKE_STRIPE_URL = `http://127.0.0.1:${PORT - 99}`;
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_fake";
// Texts go through the real twilio SDK to this stand-in for Twilio's API (GET /sent lists them).
export const FAKE_TWILIO_URL = `http://127.0.0.1:${PORT - 98}`;
/** The site's environment that texts through the fake Twilio: the shared test site's and each own site's. */
export const FAKE_TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
  TWILIO_FROM: FAKE_TWILIO.from,
  TWILIO_API_BASE: FAKE_TWILIO_URL,
};
export const E2E_DIR = ".tmp/e2e";
// The same build behind Debian's nginx with TLS (deploy/nginx.conf), as owners run it.
export const PROXY_PORT = PORT + 2;
export const PROXY_APP_PORT = PORT + 1;
export const PROXY_URL = `https://localhost:${PROXY_PORT}`;
export const PROXY_E2E_DIR = ".tmp/e2e-proxy";
// Few enough that the proxy test can see which address the app counted.
export const PROXY_CONTACT_LIMIT = 4;

// Debian's Chromium: Playwright's own browser download cannot work on our machines.
// Its headless shell (package chromium-headless-shell) is the engine without the desktop
// browser around it, as Playwright itself runs headless tests: about a third less time
// per test on a 2-core machine than the full browser in headless mode.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
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
const PROXY_SPEC = /proxy\.spec\.ts/;
const appEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  ADMIN_EMAIL: "admin@example.com",
  ADMIN_PASSWORD: "e2e-admin-password",
  RESEND_API_KEY: "re_e2e_fake",
  RESEND_BASE_URL: FAKE_RESEND_URL,
  MAIL_FROM: "Website <web@example.com>",
  ...FAKE_TWILIO_ENV,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // A whole journey (sign in, fill, post, check the mail and the page) on a 2-core machine
  // running two browsers and their servers: 30 s was met only when nothing else ran.
  timeout: 60_000,
  // An answer (a save's toast, a page after a post) under the same load: 5 s was missed now
  // and then while the other worker's browser and server had both cores.
  expect: { timeout: 10_000 },
  // A failed test runs once more, with a trace (below). Passing only the second time still
  // fails the suite: scripts/test.js counts a flaky test as failed.
  retries: 1,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions,
    // Recording every test ("retain-on-failure") cost about 40% of the browser stage on the
    // 2-core machine (113 s against 76 s for the same 26 tests): only a retry records one.
    trace: "on-first-retry",
    // The site scrolls smoothly (theme.css) unless the visitor asks for less motion. A click
    // lands where the element was when Playwright measured it: a smooth scroll still under
    // way from the field filled before (focus scrolls it into view) moved a radio away from
    // under the click. Tests that look at the motion itself set it per page.
    reducedMotion: "reduce",
    // The admin's service worker (decision 0099) is for the specs about working without
    // signal, which allow it: everywhere else each page talks to the server as it did.
    serviceWorkers: "block",
  },
  projects: [
    // Which of the four a test runs in (docs/testing.md lists it per spec file):
    //   untagged      desktop with scripts, and a phone without: each width once and each
    //                 script mode once, since a layout result seldom depends on scripts
    //   @phone        a phone only, with scripts and without (likewise @desktop)
    //   @nojs         without scripts only, at both widths (likewise @js)
    //   @every        all four: the width and the scripts together change the result
    //   @once         desktop with scripts only: no browser, or nothing to differ
    {
      name: "desktop-js",
      testIgnore: PROXY_SPEC,
      grepInvert: /@phone|@nojs\b/,
      use: { ...devices["Desktop Chrome"], ...desktop, launchOptions },
    },
    {
      name: "desktop-nojs",
      testIgnore: PROXY_SPEC,
      grep: /@desktop|@nojs\b|@every/,
      grepInvert: /@phone|@js\b|@once/,
      use: { ...devices["Desktop Chrome"], ...desktop, launchOptions, javaScriptEnabled: false },
    },
    {
      name: "phone-js",
      testIgnore: PROXY_SPEC,
      grep: /@phone|@js\b|@every/,
      grepInvert: /@desktop|@nojs\b|@once/,
      use: { ...phone, launchOptions },
    },
    {
      name: "phone-nojs",
      testIgnore: PROXY_SPEC,
      grepInvert: /@desktop|@js\b|@once/,
      use: { ...phone, launchOptions, javaScriptEnabled: false },
    },
    ...(["js", "nojs"] as const).map((mode) => ({
      name: `https-proxy-${mode}`,
      testMatch: PROXY_SPEC,
      grepInvert: mode === "js" ? /@nojs\b/ : /@js\b/,
      use: {
        ...devices["Desktop Chrome"],
        ...desktop,
        launchOptions,
        baseURL: PROXY_URL,
        ignoreHTTPSErrors: true,
        javaScriptEnabled: mode === "js",
      },
    })),
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
      command: `node node_modules/tsx/dist/cli.mjs tests/fake-twilio-cli.ts ${PORT - 98}`,
      url: `${FAKE_TWILIO_URL}/sent`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node node_modules/tsx/dist/cli.mjs tests/fake-stripe-cli.ts ${PORT - 99} http://127.0.0.1:${PORT}/stripe/webhook ${STRIPE_WEBHOOK_SECRET}`,
      url: `${FAKE_STRIPE_URL}/sessions`,
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
        ...appEnv,
        PORT: String(PORT),
        SITE_URL: `http://127.0.0.1:${PORT}`,
        DATABASE_PATH: `${E2E_DIR}/app.db`,
        UPLOADS_DIR: `${E2E_DIR}/uploads`,
        // Every project posts the contact form from 127.0.0.1.
        CONTACT_RATE_LIMIT: "1000",
        // And accept proposals (the hostile spec posts to /proposal/ too).
        PROPOSAL_RATE_LIMIT: "1000",
        STRIPE_SECRET_KEY: "sk_test_e2e_fake",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: FAKE_STRIPE_URL,
      },
    },
    {
      command: "node server.js",
      url: `http://127.0.0.1:${PROXY_APP_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        ...appEnv,
        PORT: String(PROXY_APP_PORT),
        DATABASE_PATH: `${PROXY_E2E_DIR}/app.db`,
        UPLOADS_DIR: `${PROXY_E2E_DIR}/uploads`,
        SITE_URL: PROXY_URL,
        // nginx is the one hop in front: the client is the address it adds last.
        TRUST_PROXY: "1",
        CONTACT_RATE_LIMIT: String(PROXY_CONTACT_LIMIT),
      },
    },
    {
      command: `node scripts/proxy-for-tests.js ${PROXY_PORT} ${PROXY_APP_PORT}`,
      url: `${PROXY_URL}/healthz`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
