import fs from "node:fs";
import path from "node:path";
import type { Download, Locator, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, test } from "./fixtures";
import { COMPANY } from "./helpers";

const TOOL = "/admin/roof-measurement";
const ROOF_PHOTO = path.resolve("seed/images/roofing-replacement.webp");

/** Where a point of the 800 x 600 drawing surface is on the screen, as the browser maps it. */
async function screenPoint(canvas: Locator, x: number, y: number): Promise<[number, number]> {
  await canvas.scrollIntoViewIfNeeded();
  return canvas.evaluate(
    (svg, [px, py]) => {
      const p = new DOMPoint(px, py).matrixTransform((svg as SVGSVGElement).getScreenCTM()!);
      return [p.x, p.y] as [number, number];
    },
    [x, y],
  );
}

async function clickAt(canvas: Locator, x: number, y: number) {
  await canvas.page().mouse.click(...(await screenPoint(canvas, x, y)));
}

async function fillAddress(page: Page, name: string) {
  await page.getByLabel("Customer name").fill(name);
  await page.getByLabel("Street").fill("1208 E Harvey Ave");
  await page.getByLabel("City").fill("Wellington");
  await page.getByLabel("State").fill("KS");
  await page.getByLabel("ZIP").fill("67152");
}

async function readDownload(download: Download): Promise<Buffer> {
  return fs.readFileSync((await download.path())!);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const areaShown = async (page: Page, label: string) => {
  const text = await page.getByTestId("roof-totals").getByText(label).locator("xpath=..").locator("dd").innerText();
  return Number(text.replace(/[^0-9.]/g, ""));
};

test("@js measure a roof on an uploaded top view, keep the customer and hand over a PDF", async ({ adminPage: page }, info) => {
  const name = `Ortiz ${info.project.name}`;
  await page.goto(TOOL);
  await fillAddress(page, name);

  await page.getByLabel("Top View picture").setInputFiles(ROOF_PHOTO);
  await expect(page.locator(".Toastify").getByText("Image uploaded for top view")).toBeVisible();
  const canvas = page.getByTestId("roof-canvas");
  await expect(canvas.locator("image")).toHaveAttribute("href", /^blob:/);

  // Scale: a 200-unit line is 40 ft, so 0.2 ft per unit.
  await page.getByRole("button", { name: "Scale line" }).click();
  await clickAt(canvas, 100, 100);
  await clickAt(canvas, 300, 100);
  await page.getByLabel("Length of that line (feet)").fill("40");
  await page.getByRole("button", { name: "Set scale" }).click();
  // Within a pixel of the 200 units on a phone screen.
  await expect(canvas).toContainText(/Scale 0\.(19[5-9]\d*|2|20[0-5]\d*) ft per unit/);

  // A 40 x 30 ft rectangle, closed by clicking its first corner again.
  await page.getByRole("button", { name: "Outline", exact: true }).click();
  for (const [x, y] of [
    [100, 100],
    [300, 100],
    [300, 250],
    [100, 250],
    [101, 101],
  ]) {
    await clickAt(canvas, x, y);
  }
  await expect(canvas.locator("[data-facet='1'] polygon")).toHaveCount(1);
  expect(await areaShown(page, "Plan area")).toBeCloseTo(1200, -1.5);

  // The new facet is selected: give it a 6/12 pitch. 40 x 30 at 6/12 is 1,341.6 sq ft of roof.
  await page.getByLabel("Pitch of facet 1 (X/12)").fill("6");
  expect(await areaShown(page, "Roof area")).toBeCloseTo(1342, -1.5);
  await expect(page.getByTestId("roof-totals")).toContainText("6/12");
  await expect(page.getByRole("row", { name: /\(suggested\)/ })).toContainText("10%");

  // Undo takes the pitch back, the second undo the outline; redraw is not needed: undo once only.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("roof-totals")).toContainText("4/12");
  await page.getByLabel("Pitch of facet 1 (X/12)").fill("6");

  await page.getByRole("button", { name: "Use traced area" }).click();
  const area = page.getByLabel("Area (sq ft)");
  expect(Number(await area.inputValue())).toBeCloseTo(1342, -1.5);
  await expect(page.getByLabel("Pitch (X/12)")).toHaveValue("6");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.locator(".Toastify").getByText("Measurements copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Address: 1208 E Harvey Ave, Wellington, KS 67152\nArea: 13\d\d sq ft\nPitch: 6\/12$/);

  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.locator(".Toastify").getByText("Customer data saved successfully")).toBeVisible();
  await expect(page).toHaveURL(/customer=\d+/);

  // Everything comes back from the server: the stored picture, the outline, the totals.
  await page.reload();
  // Served by the signed-in route, never from the public /uploads folder.
  await expect(canvas.locator("image")).toHaveAttribute("href", /^\/admin\/roof-measurement\/images\/[a-f0-9]{24}/);
  await expect(canvas.locator("[data-facet='1'] polygon")).toHaveCount(1);
  expect(await areaShown(page, "Roof area")).toBeCloseTo(1342, -1.5);

  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export as CSV/ }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe("roof-measurements-top-view.csv");
  expect((await readDownload(csv)).toString()).toMatch(/^viewType,scaleFactor,area,length,width\r\ntop,0\.(19|2)\d*,13\d\d,,\r\n$/);
  await expect(page.locator(".Toastify").getByText("Measurements exported to CSV")).toBeVisible();

  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export as PDF" }).click();
  const pdf = await readDownload(await pdfDownload);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const text = await pdfText(pdf);
  for (const expected of [
    COMPANY,
    "Roof Measurement Report",
    name,
    "1208 E Harvey Ave, Wellington, KS 67152",
    "Facets",
    "Waste allowance",
    "(suggested)",
    "Top view",
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).toMatch(/roof area\s+1,3\d\d sq ft/i);
});

test("@js measure the pitch on the side view, drag a corner and clear", async ({ adminPage: page }) => {
  await page.goto(TOOL);
  const canvas = page.getByTestId("roof-canvas");
  await page.getByRole("tab", { name: "Side View" }).click();
  await page.getByRole("button", { name: "Pitch", exact: true }).click();
  // 240 across, 120 up: 12 x 120 / 240 = 6/12.
  await clickAt(canvas, 200, 400);
  await clickAt(canvas, 440, 280);
  await expect(page.getByText("Pitch for new facets (X/12)").locator("xpath=..")).toContainText("6/12");

  await page.getByRole("tab", { name: "Top View" }).click();
  await page.getByRole("button", { name: "Outline", exact: true }).click();
  for (const [x, y] of [
    [100, 100],
    [200, 100],
    [200, 200],
    [100, 200],
  ]) {
    await clickAt(canvas, x, y);
  }
  await page.getByRole("button", { name: "Close outline" }).click();
  await expect(page.getByTestId("roof-totals")).toContainText("6/12");
  const before = await areaShown(page, "Plan area");
  expect(before).toBeCloseTo(900, -1.5); // 100 x 100 units at 0.3 ft per unit

  await page.getByRole("button", { name: "Select", exact: true }).click();
  await page.mouse.move(...(await screenPoint(canvas, 200, 200)));
  await page.mouse.down();
  await page.mouse.move(...(await screenPoint(canvas, 250, 220)), { steps: 4 });
  await page.mouse.move(...(await screenPoint(canvas, 300, 200)), { steps: 4 });
  await page.mouse.up();
  expect(await areaShown(page, "Plan area")).toBeGreaterThan(before + 300);

  await page.getByRole("button", { name: "Undo" }).click();
  expect(await areaShown(page, "Plan area")).toBeCloseTo(before, -0.5);
  // Select the facet by clicking inside it, delete it, bring it back, then clear everything.
  await clickAt(canvas, 150, 150);
  await page.getByRole("button", { name: "Delete facet 1" }).click();
  await expect(page.getByText("Trace at least one roof facet")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(canvas.locator("[data-facet='1']")).toContainText("6/12");
  // Unsaved tracing: leaving asks first, and staying keeps the work.
  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Projects" }).click();
  await expect.poll(() => question).toContain("Leave without saving?");
  await expect(page).toHaveURL(/\/admin\/roof-measurement$/);
  await expect(canvas.locator("[data-facet='1']")).toHaveCount(1);

  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByText("Trace at least one roof facet")).toBeVisible();
});

test("@js a file that is not a picture is refused before it is sent", async ({ adminPage: page }) => {
  await page.goto(TOOL);
  await page.getByLabel("Top View picture").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await expect(page.locator(".Toastify").getByText("Please upload a valid image file (JPEG, PNG, or WebP)")).toBeVisible();
  await page.getByLabel("Top View picture").setInputFiles({ name: "roof.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
  await expect(page.locator(".Toastify").getByText("Failed to read the image file")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload a top view picture" })).toBeVisible();
});

test("@nojs without scripts: a picture, typed measurements, Calculate, save, CSV and PDF", async ({ adminPage: page }, info) => {
  const name = `Baker ${info.project.name}`;
  await page.goto(TOOL);
  await expect(page.getByText("Drawing on the picture and the maps need JavaScript")).toBeVisible();
  await fillAddress(page, name);
  await page.getByLabel("Length (ft)").fill("42");
  await page.getByLabel("Width (ft)").fill("28");
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page.getByLabel("Area (sq ft)")).toHaveValue("1176");
  await expect(page.getByLabel("Customer name")).toHaveValue(name);

  // A GIF is refused by the server (the roof tool takes JPEG, PNG and WebP).
  const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
  await page.getByLabel("Top View picture").setInputFiles({ name: "roof.gif", mimeType: "image/gif", buffer: gif });
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please upload a valid image file (JPEG, PNG, or WebP)");

  await page.getByLabel("Top View picture").setInputFiles(ROOF_PHOTO);
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Customer data saved successfully" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Top View with saved outlines" }).locator("image")).toHaveAttribute("href", /^\/admin\/roof-measurement\/images\//);
  await expect(page.getByText(/Saved picture: roofing-replacement\.webp/)).toBeVisible();

  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export side view CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe("roof-measurements-side-view.csv");
  expect((await readDownload(csv)).toString()).toBe("viewType,scaleFactor,pitch\r\nside,0.3,4\r\n");

  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export as PDF" }).click();
  const text = await pdfText(await readDownload(await pdfDownload));
  expect(text).toContain(name);
  expect(text).toMatch(/Area\s+1,176 sq ft/);

  // Remove the picture, then delete the customer after confirming.
  await page.getByLabel("Remove on save").first().check();
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.getByText(/Saved picture:/)).toHaveCount(0);
  await page.getByRole("link", { name: "Delete" }).click();
  await expect(page.getByText("Are you sure you want to delete this customer?")).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Customer deleted" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Saved Customers" })).not.toContainText(name);
});

test("@js exports and the page are refused to visitors who are not signed in", async ({ page }) => {
  const res = await page.request.get(`${TOOL}/1/report.pdf`, { maxRedirects: 0 });
  expect(res.status()).toBe(401);
});
