// Screenshots of pages at phone and desktop widths, for looking at what we built:
//   node scripts/screenshot.js http://localhost:3000 / /about   -> .tmp/shots/*.png (or $SHOTS_DIR)
// Admin pages: LOGIN=email:password signs in first.
import { chromium } from "@playwright/test";
import fs from "node:fs";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const widths = (process.env.WIDTHS ?? "390,1280").split(",").map(Number);
const fullPage = process.env.FULL !== "0";
const SHOTS_DIR = process.env.SHOTS_DIR ?? ".tmp/shots";
fs.mkdirSync(SHOTS_DIR, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 844 }, javaScriptEnabled: process.env.JS !== "0" });
  if (process.env.LOGIN) {
    const [email, ...rest] = process.env.LOGIN.split(":");
    await page.goto(`${base}/admin/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(rest.join(":"));
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/\/admin$/);
  }
  for (const p of paths.length ? paths : ["/"]) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    // Walk down the page so lazy images load, then come back to the top. (Without
    // scripts browsers load lazy images at once, and evaluate would wait forever.)
    if (process.env.JS !== "0")
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo({ top: y, behavior: "instant" });
          await new Promise((r) => setTimeout(r, 100));
        }
        window.scrollTo({ top: 0, behavior: "instant" });
      });
    await page.waitForLoadState("networkidle");
    const file = `${SHOTS_DIR}/${p.replace(/[^a-z0-9]+/gi, "_") || "_"}-${width}.png`;
    await page.screenshot({ path: file, fullPage });
    console.log(file);
  }
  await page.close();
}
await browser.close();
