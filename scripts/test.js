// `npm test`: format check, typecheck, lint, unit + integration tests (vitest), then the production
// build driven by Playwright in Debian's Chromium with scripts on and off, at phone and
// desktop widths. Ends with one "N passed, N failed" line for the whole suite.
//   --unit-only   skip the browser suite      --e2e-only   only the browser suite
//   --no-container   skip building and running the Docker image (it runs after the browser suite)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { needsBuild } from "./build-state.js";

const args = new Set(process.argv.slice(2));
const unit = !args.has("--e2e-only");
const e2e = !args.has("--unit-only");
const container = e2e && !args.has("--no-container");
const BIN = "node_modules/.bin";
fs.mkdirSync(".tmp", { recursive: true });

const failedSteps = [];
const timings = [];
const started = Date.now();
// A stage past its share of the 25-minute budget is named at the end, so a slow one is seen
// the day it grows rather than when CI runs out of time.
const SLOW_STAGE_MS = 10 * 60_000;
const SUITE_BUDGET_MS = 25 * 60_000;
// Rounded to whole seconds first, so 20 min 59.6 s reads "21m 00s", not "20m 60s".
const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;
};

function step(title, command, commandArgs, env = {}) {
  console.log(`\n▶ ${title}`);
  const at = Date.now();
  const result = spawnSync(command, commandArgs, { stdio: "inherit", env: { ...process.env, ...env } });
  const ms = Date.now() - at;
  timings.push({ title, ms });
  console.log(`◀ ${title}: ${minutes(ms)}`);
  if (result.status !== 0) failedSteps.push(title);
  return result.status === 0;
}

// Chromium's headless shell (Debian's chromium-headless-shell): the engine without the
// desktop browser around it, as Playwright runs headless tests. The full browser works too
// (CHROMIUM_PATH=/usr/bin/chromium) but costs about a third more time per test.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (fs.existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but nothing is there.`);
    process.exit(1);
  }
  if (fs.existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (process.platform === "linux" && process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium's headless shell is missing: installing Debian's chromium-headless-shell package...");
    if (
      step("apt-get update", "apt-get", ["update", "-qq"]) &&
      step("apt-get install chromium-headless-shell", "apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], {
        DEBIAN_FRONTEND: "noninteractive",
      }) &&
      fs.existsSync(HEADLESS_SHELL)
    ) {
      return HEADLESS_SHELL;
    }
  }
  const browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
  if (browser) return browser;
  console.error(
    [
      "The browser tests need Chromium, and none was found.",
      "  Debian/Ubuntu:  sudo apt-get install -y chromium-headless-shell",
      "  Elsewhere:      install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chrome",
      "  Or run only the unit and integration tests: npm test -- --unit-only",
    ].join("\n"),
  );
  process.exit(1);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

if (unit) {
  // One formatter (decision 0080): a file Prettier would change fails here; `npm run format` fixes it.
  ok = step("Format", `${BIN}/prettier`, ["--check", ".", "--log-level", "warn"]) && ok;
  ok = step("Route types", `${BIN}/react-router`, ["typegen"]) && step("Typecheck", `${BIN}/tsc`, ["--noEmit"]) && ok;
  ok = step("Lint", `${BIN}/eslint`, [".", "--max-warnings=0"]) && ok;
  fs.rmSync(".tmp/vitest.json", { force: true });
  ok =
    step("Unit and integration tests", `${BIN}/vitest`, [
      "run",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=.tmp/vitest.json",
    ]) && ok;
  const report = readJson(".tmp/vitest.json");
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
}

/** Debian's nginx, for the browser tests that go through a real HTTPS proxy. */
function ensureNginx() {
  if (["/usr/sbin/nginx", "/usr/bin/nginx"].some((p) => fs.existsSync(p))) return;
  if (process.platform === "linux" && process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log("nginx is missing: installing Debian's nginx package (the HTTPS proxy tests run it)...");
    step("apt-get update", "apt-get", ["update", "-qq"]);
    step("apt-get install nginx", "apt-get", ["install", "-y", "-qq", "--no-install-recommends", "nginx"], {
      DEBIAN_FRONTEND: "noninteractive",
    });
  }
  if (!["/usr/sbin/nginx", "/usr/bin/nginx"].some((p) => fs.existsSync(p))) {
    console.error("The HTTPS proxy tests need nginx and openssl: sudo apt-get install -y nginx openssl");
    process.exit(1);
  }
}

/**
 * Debian's full Chromium, for the one check the headless shell cannot make: whether the
 * admin installs as an app (the shell answers "no problem" to any page). Its path, or null.
 */
function ensureFullChromium() {
  const FULL = process.env.CHROMIUM_BROWSER_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(FULL)) return FULL;
  if (process.platform === "linux" && process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log(
      "Chromium (the full browser) is missing: installing Debian's chromium package (the install check runs it)...",
    );
    step("apt-get update", "apt-get", ["update", "-qq"]);
    step("apt-get install chromium", "apt-get", ["install", "-y", "-qq", "chromium"], {
      DEBIAN_FRONTEND: "noninteractive",
    });
  }
  if (fs.existsSync(FULL)) return FULL;
  console.error(
    "The app install check needs Chromium itself: sudo apt-get install -y chromium (or set CHROMIUM_BROWSER_PATH).",
  );
  process.exit(1);
}

if (e2e) {
  const chromium = findChromium();
  const fullChromium = ensureFullChromium();
  ensureNginx();
  // The start test (vitest, above) builds as `npm start` does in a fresh clone: that build is
  // this one, from the same sources, so it is not made twice.
  if (needsBuild()) ok = step("Production build", `${BIN}/react-router`, ["build"]) && ok;
  else console.log("\n▶ Production build: skipped, the build is newer than every source");
  fs.rmSync(".tmp/e2e", { recursive: true, force: true });
  fs.rmSync(".tmp/e2e-proxy", { recursive: true, force: true });
  fs.rmSync(".tmp/playwright.json", { force: true });
  ok =
    step("Browser tests (Chromium, scripts on and off, 390px and 1280px)", `${BIN}/playwright`, ["test"], {
      CHROMIUM_PATH: chromium,
      CHROMIUM_BROWSER_PATH: fullChromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: ".tmp/playwright.json",
    }) && ok;
  const report = readJson(".tmp/playwright.json");
  if (report?.stats) {
    totals.passed += report.stats.expected;
    totals.failed += report.stats.unexpected + report.stats.flaky;
    totals.skipped += report.stats.skipped;
  } else {
    totals.failed += 1;
  }
}

if (container) {
  // The container as an owner runs it (decision 0062): the real Dockerfile on an
  // offline stand-in base, then compose.yaml behind Caddy. Says "skipped" and passes where
  // no Docker daemon can run (not root, no apt).
  fs.rmSync(".tmp/container-test.json", { force: true });
  ok = step("Container tests (Docker image, compose.yaml behind Caddy)", "bash", ["scripts/container-test.sh"]) && ok;
  const report = readJson(".tmp/container-test.json");
  if (report) {
    totals.passed += report.passed;
    totals.failed += report.failed;
    totals.skipped += report.skipped;
  } else {
    totals.failed += 1;
  }
}

// A failed typecheck, lint or build counts as a failure too, so the last line never says
// "0 failed" about a red run.
const total = Date.now() - started;
console.log("\nStage times:");
for (const { title, ms } of timings)
  console.log(`  ${minutes(ms).padStart(8)}  ${title}${ms > SLOW_STAGE_MS ? "  <- slow stage" : ""}`);
console.log(
  `  ${minutes(total).padStart(8)}  whole suite${total > SUITE_BUDGET_MS ? ` <- over the ${minutes(SUITE_BUDGET_MS)} budget` : ""}`,
);
const checkFailures = failedSteps.filter((t) => !/tests/i.test(t));
if (checkFailures.length) console.log(`\nFailed checks: ${checkFailures.join(", ")}`);
console.log(
  `\nsuite: ${totals.passed} passed, ${totals.failed + checkFailures.length} failed, ${totals.skipped} skipped`,
);
process.exit(ok && totals.failed === 0 ? 0 : 1);
