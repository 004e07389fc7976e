import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, test } from "./fixtures";
import { clickAt, leaveAndStay, screenPoint, typeScale } from "./admin-roof-helpers";
import { COMPANY, readDownload } from "./helpers";

const TOOL = "/admin/roof-measurement";
const ROOF_PHOTO = path.resolve("seed/images/roofing-replacement.webp");

async function fillAddress(page: Page, name: string) {
  await page.getByLabel("Customer name").fill(name);
  await page.getByLabel("Street").fill("1208 E Harvey Ave");
  await page.getByLabel("City").fill("Wellington");
  await page.getByLabel("State").fill("KS");
  await page.getByLabel("ZIP").fill("67152");
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const figure = async (page: Page, label: string, testId = "roof-totals") => {
  const text = await page
    .getByTestId(testId)
    .getByText(label, { exact: true })
    .locator("xpath=..")
    .locator("dd")
    .innerText();
  return Number(text.replace(/[^0-9.]/g, ""));
};

async function outline(canvas: Locator, corners: number[][]) {
  await canvas.page().getByRole("button", { name: "Outline", exact: true }).click();
  for (const [x, y] of corners) await clickAt(canvas, x, y);
}

async function line(canvas: Locator, kind: string, a: [number, number], b: [number, number]) {
  await canvas
    .page()
    .getByRole("toolbar", { name: "Drawing tools" })
    .getByRole("button", { name: kind, exact: true })
    .click();
  await clickAt(canvas, ...a);
  await clickAt(canvas, ...b);
}

test("@js no area without a scale; then one set of figures on screen, in the CSV and in the PDF", async ({
  adminPage: page,
}, info) => {
  const name = `Ortiz ${info.project.name}`;
  await page.goto(TOOL);
  await fillAddress(page, name);

  await page.getByLabel("Top View picture").setInputFiles(ROOF_PHOTO);
  await expect(page.locator(".Toastify").getByText("Image uploaded for top view")).toBeVisible();
  const canvas = page.getByTestId("roof-canvas");
  await expect(canvas.locator("image")).toHaveAttribute("href", /^blob:/);

  // A 40 x 30 ft rectangle (200 x 150 units), traced before any scale: no figure is made up.
  await outline(canvas, [
    [100, 100],
    [300, 100],
    [300, 250],
    [100, 250],
    [101, 101],
  ]);
  await expect(canvas.locator("polygon[data-facet='1']")).toHaveCount(1);
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByText("Scale not set", { exact: true })).toBeVisible();
  await expect(results).not.toContainText("sq ft");
  await expect(canvas).toContainText("Scale not set");
  await expect(canvas.locator("[data-facet-label='1']")).not.toContainText("sq ft");
  // Saving is refused too, by the server, with the reason.
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Scale not set: draw a scale line" })).toBeVisible();
  await expect(canvas.locator("polygon[data-facet='1']")).toHaveCount(1);

  // The results offer to set it. A 200-unit line is 40 ft, so 0.2 ft per unit: 1:230 (a foot of picture is 1,152 units).
  await results.getByRole("button", { name: "Set the scale" }).click();
  await expect(page.getByRole("button", { name: "Draw a scale line" })).toHaveAttribute("aria-pressed", "true");
  await clickAt(canvas, 100, 100);
  await clickAt(canvas, 300, 100);
  await page.getByLabel("Length of that line (feet)").fill("40");
  await page.getByRole("button", { name: "Set scale" }).click();
  // Within a pixel of the 200 units on a phone screen.
  await expect(canvas).toContainText("Scale: 40 ft line, 1 px = 0.2 ft");
  await expect(page.getByTestId("roof-scale")).toContainText("Scale: 40 ft line, 1 px = 0.2 ft");
  await expect.poll(() => figure(page, "Plan area")).toBeCloseTo(1200, -1.5);

  // The new facet is still selected: give it a 6/12 pitch. 40 x 30 at 6/12 is 1,342 sq ft, 13.42 squares.
  await page.getByLabel("Pitch of facet 1 (X/12)").fill("6");
  await expect.poll(() => figure(page, "Roof area")).toBeCloseTo(1342, -1.5);
  await expect.poll(() => figure(page, "Squares")).toBeCloseTo(13.42, -0.5);
  await expect(page.getByTestId("roof-totals")).toContainText("Predominant pitch6/12");
  await expect(page.getByRole("row", { name: /\(suggested\)/ })).toContainText("10%");

  // Undo takes the pitch back; set it again.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("roof-totals")).toContainText("4/12");
  await page.getByLabel("Pitch of facet 1 (X/12)").fill("6");

  // Typed values the tracing overrides are named, not silently mixed in.
  await page.getByLabel("Length (ft)").fill("50");
  await page.getByLabel("Width (ft)").fill("30");
  await expect(results).toContainText("Traced facets override the typed length and width.");
  await page.getByLabel("Length (ft)").fill("");
  await page.getByLabel("Width (ft)").fill("");

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.locator(".Toastify").getByText("Measurements copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^Address: 1208 E Harvey Ave, Wellington, KS 67152\nPlan area: 1,(19|20|21)\d sq ft\nRoof area: 1,3\d\d sq ft\nSquares: 13\.\d\d\nPredominant pitch: 6\/12$/,
  );

  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.locator(".Toastify").getByText("Customer data saved successfully")).toBeVisible();
  await expect(page).toHaveURL(/customer=\d+/);

  // Everything comes back from the server: the stored picture, the outline, the same figures.
  await page.reload();
  // Served by the signed-in route, never from the public /uploads folder.
  await expect(canvas.locator("image")).toHaveAttribute("href", /^\/admin\/roof-measurement\/images\/[a-f0-9]{24}/);
  await expect(canvas.locator("polygon[data-facet='1']")).toHaveCount(1);
  const roof = await figure(page, "Roof area");
  expect(roof).toBeCloseTo(1342, -1.5);
  // The stored area and pitch are the traced ones, so the form agrees with the results.
  expect(Number(await page.getByLabel("Roof area (sq ft)").inputValue())).toBe(roof);
  await expect(page.getByLabel("Pitch (X/12)")).toHaveValue("6");
  await expect(
    page.getByRole("region", { name: "Saved Customers" }).getByRole("link").filter({ hasText: name }),
  ).toContainText(`${roof.toLocaleString("en-US")} sq ft`);

  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export as CSV/ }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe("roof-measurements-top-view.csv");
  const csvText = (await readDownload(csv)).toString("utf8");
  // A byte order mark, so a spreadsheet reads it as UTF-8; the spec's columns first.
  expect(
    csvText.startsWith(
      "\uFEFFviewType,scaleFactor,area,length,width,customer,address,planArea,roofArea,squares,predominantPitch,",
    ),
  ).toBe(true);
  expect(csvText.split("\r\n")[1]).toMatch(
    new RegExp(
      `^top,0\\.(19|2)\\d*,${roof},,,${name},"1208 E Harvey Ave, Wellington, KS 67152",1\\d{3},${roof},13\\.\\d\\d,6,`,
    ),
  );
  expect(csvText).toContain("\r\nfacet,pitch,planArea,roofArea,squares\r\n1,6,");
  expect(csvText).toMatch(/\r\n10,1\d{3},1\d\.\d\d,yes\r\n/);
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
  expect(text).toMatch(new RegExp(`Roof area\\s+${roof.toLocaleString("en-US")} sq ft`));
  expect(text).toMatch(/Plan area\s+1,(19|20|21)\d sq ft/);
  expect(text).toMatch(/Predominant pitch\s+6\/12/);
  // One pitch, no empty rows: the report never contradicts itself.
  expect(text).not.toMatch(/Pitch\s+4\/12/);
  expect(text).not.toMatch(/(Area|Length|Width)\s+-/);
});

test("@js hips and valleys: lengths along the roof and the materials they call for", async ({
  adminPage: page,
}, info) => {
  await page.goto(TOOL);
  await fillAddress(page, `Hale ${info.project.name}`);
  const canvas = page.getByTestId("roof-canvas");
  // A scale typed on purpose: half a foot per unit.
  await typeScale(page, "1:576");
  await expect(canvas).toContainText("Scale: Typed 1:576, 1 px = 0.5 ft");
  await page.getByLabel("Pitch for new facets (X/12)").fill("6");
  // 80 x 60 units: 40 x 30 ft.
  await outline(canvas, [
    [100, 100],
    [180, 100],
    [180, 160],
    [100, 160],
  ]);
  await page.getByRole("button", { name: "Close outline" }).click();
  // Eave 40 ft; rake 30 ft plan, 33.5 along a 6/12 slope; hip 25 ft plan (a 3-4-5 diagonal),
  // 26.5 along the roof; valley 30 ft plan, 31.8 along it; a ridge right across the label.
  await line(canvas, "Eave", [100, 160], [180, 160]);
  await line(canvas, "Rake", [100, 100], [100, 160]);
  await line(canvas, "Hip", [100, 100], [140, 130]);
  await line(canvas, "Valley", [180, 100], [180, 160]);
  await line(canvas, "Ridge", [90, 130], [190, 130]);

  const near = async (label: string, testId: string, feet: number) =>
    expect(Math.abs((await figure(page, label, testId)) - feet)).toBeLessThanOrEqual(1.5);
  await near("Eaves", "roof-lengths", 40);
  await near("Rakes", "roof-lengths", 33.5);
  await near("Hips", "roof-lengths", 26.5);
  await near("Valleys", "roof-lengths", 31.8);
  await near("Ridges", "roof-lengths", 50);
  await near("Drip edge (eaves + rakes)", "roof-materials", 73.5);
  await near("Ridge cap (ridges + hips)", "roof-materials", 76.5);
  await near("Starter (eaves)", "roof-materials", 40);
  await near("Valley metal (valleys)", "roof-materials", 31.8);

  // The facet's label is painted over the ridge drawn through it, not struck through.
  const labelOnTop = await canvas.evaluate((svg) => {
    const label = svg.querySelector("[data-facet-label='1']")!;
    return [...svg.querySelectorAll("[data-line]")].every(
      (l) => l.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
  expect(labelOnTop).toBe(true);

  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.locator(".Toastify").getByText("Customer data saved successfully")).toBeVisible();
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export as CSV/ }).click();
  const [header, row] = (await readDownload(await csvDownload)).toString("utf8").split("\r\n");
  const cells = row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const column = (name: string) => Number(cells[header.replace("\uFEFF", "").split(",").indexOf(name)]);
  expect(Math.abs(column("hip") - 26.5)).toBeLessThanOrEqual(1.5);
  expect(Math.abs(column("valleyMetal") - 31.8)).toBeLessThanOrEqual(1.5);
  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export as PDF" }).click();
  const text = await pdfText(await readDownload(await pdfDownload));
  for (const expected of [
    "Lengths along the roof",
    "Hips",
    "Valleys",
    "Drip edge (eaves + rakes)",
    "Ridge cap (ridges + hips)",
    "Starter (eaves)",
    "Valley metal (valleys)",
  ]) {
    expect(text).toContain(expected);
  }
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
  await outline(canvas, [
    [100, 100],
    [200, 100],
    [200, 200],
    [100, 200],
  ]);
  await page.getByRole("button", { name: "Close outline" }).click();
  await expect(page.getByRole("region", { name: "Results" })).toContainText("Scale not set");
  // 0.3 ft per unit, where the scale starts; typed on purpose, it counts.
  await typeScale(page, "1:345.6");
  await expect(page.getByTestId("roof-totals")).toContainText("6/12");
  const before = await figure(page, "Plan area");
  expect(before).toBeCloseTo(900, -1.5); // 100 x 100 units at 0.3 ft per unit

  await page.getByRole("button", { name: "Select", exact: true }).click();
  await page.mouse.move(...(await screenPoint(canvas, 200, 200)));
  await page.mouse.down();
  await page.mouse.move(...(await screenPoint(canvas, 250, 220)), { steps: 4 });
  await page.mouse.move(...(await screenPoint(canvas, 300, 200)), { steps: 4 });
  await page.mouse.up();
  expect(await figure(page, "Plan area")).toBeGreaterThan(before + 300);

  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => figure(page, "Plan area")).toBeCloseTo(before, -0.5);
  // Select the facet by clicking inside it, delete it, bring it back, then clear everything.
  await clickAt(canvas, 150, 150);
  await page.getByRole("button", { name: "Delete facet 1" }).click();
  await expect(page.getByText("Trace at least one roof facet")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(canvas.locator("[data-facet-label='1']")).toContainText("6/12");
  // Unsaved tracing: leaving asks first, and staying keeps the work.
  const question = await leaveAndStay(page);
  await expect.poll(question).toContain("Leave without saving?");
  await expect(page).toHaveURL(/\/admin\/roof-measurement$/);
  await expect(canvas.locator("polygon[data-facet='1']")).toHaveCount(1);

  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByText("Trace at least one roof facet")).toBeVisible();
});

test("@desktop @js at 1280 px the results sit beside the drawing", async ({ adminPage: page }) => {
  await page.goto(TOOL);
  // The drawing surface once scripts run (before, both views' saved outlines are shown).
  const canvas = page.getByRole("img", { name: "Top View drawing surface" });
  await expect(canvas).toBeVisible();
  const results = page.getByRole("region", { name: "Results" });
  const [c, r] = [(await canvas.boundingBox())!, (await results.boundingBox())!];
  expect(r.x).toBeGreaterThanOrEqual(c.x + c.width);
  // Both in the first screenful, side by side.
  expect(r.y).toBeLessThan(c.y + c.height);
  expect(c.y + c.height).toBeLessThanOrEqual(900);
});

test("@phone @js on a phone the drawing zooms and pans, and its labels stay readable", async ({ adminPage: page }) => {
  await page.goto(TOOL);
  const canvas = page.getByTestId("roof-canvas");
  await typeScale(page, "1:345.6");
  await outline(canvas, [
    [300, 200],
    [500, 200],
    [500, 400],
    [300, 400],
  ]);
  await page.getByRole("button", { name: "Close outline" }).click();
  const labelHeight = async () => (await canvas.locator("[data-facet-label='1']").boundingBox())!.height;
  // Readable on a 390 px screen: at least 12 px tall, where a 16-unit label would be 7.
  expect(await labelHeight()).toBeGreaterThanOrEqual(12);

  const viewBox = () => canvas.getAttribute("viewBox");
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(canvas).toHaveAttribute("data-zoom", "2.25");
  const zoomed = await viewBox();
  expect(await labelHeight()).toBeGreaterThanOrEqual(12);
  // Still measured in drawing units: the 200 x 200 unit square is 3,600 sq ft of plan.
  await expect.poll(() => figure(page, "Plan area")).toBeCloseTo(3600, -1.5);

  // Dragging the picture with Select pans it.
  await page.getByRole("button", { name: "Select", exact: true }).click();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, box.y + 90, { steps: 5 });
  await page.mouse.up();
  expect(await viewBox()).not.toBe(zoomed);

  await page.getByRole("button", { name: "Show the whole picture" }).click();
  await expect(canvas).toHaveAttribute("viewBox", "0 0 800 600");

  // Two fingers spreading apart zoom in (Playwright has no multi-touch, Chromium's protocol does).
  const middle = (await canvas.boundingBox())!;
  const [cx, cy] = [middle.x + middle.width / 2, middle.y + middle.height / 2];
  const cdp = await page.context().newCDPSession(page);
  const fingers = (spread: number) => [
    { x: cx - spread, y: cy, id: 0 },
    { x: cx + spread, y: cy, id: 1 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(20) });
  for (const spread of [30, 40, 50, 60])
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(spread) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  // Fingers 40 px apart, then 120: three times closer.
  await expect(canvas).toHaveAttribute("data-zoom", /^(2\.[5-9]|3(\.[0-4])?)\d*$/);
});

test("@js a file that is not a picture is refused before it is sent", async ({ adminPage: page }) => {
  await page.goto(TOOL);
  await page
    .getByLabel("Top View picture")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await expect(
    page.locator(".Toastify").getByText("Please upload a valid image file (JPEG, PNG, or WebP)"),
  ).toBeVisible();
  await page
    .getByLabel("Top View picture")
    .setInputFiles({ name: "roof.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
  await expect(page.locator(".Toastify").getByText("Failed to read the image file")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload a top view picture" })).toBeVisible();
});

test("@nojs without scripts: a picture, typed measurements, Calculate, save, CSV and PDF", async ({
  adminPage: page,
}, info) => {
  const name = `Baker ${info.project.name}`;
  await page.goto(TOOL);
  await expect(page.getByText("Drawing on the picture and the maps need JavaScript")).toBeVisible();
  await fillAddress(page, name);
  await page.getByLabel("Length (ft)").fill("42");
  await page.getByLabel("Width (ft)").fill("28");
  await page.getByRole("button", { name: "Calculate" }).click();
  // 42 x 28 = 1,176 sq ft of plan; at the 4/12 pitch that is 1,240 sq ft of roof.
  await expect(page.getByLabel("Roof area (sq ft)")).toHaveValue("1240");
  await expect(page.getByLabel("Customer name")).toHaveValue(name);

  // A GIF is refused by the server (the roof tool takes JPEG, PNG and WebP).
  const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
  await page.getByLabel("Top View picture").setInputFiles({ name: "roof.gif", mimeType: "image/gif", buffer: gif });
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please upload a valid image file (JPEG, PNG, or WebP)");

  await page.getByLabel("Top View picture").setInputFiles(ROOF_PHOTO);
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Customer data saved successfully" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Top View with saved outlines" }).locator("image")).toHaveAttribute(
    "href",
    /^\/admin\/roof-measurement\/images\//,
  );
  await expect(page.getByText(/Saved picture: roofing-replacement\.webp/)).toBeVisible();

  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export side view CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe("roof-measurements-side-view.csv");
  const side = (await readDownload(csv)).toString("utf8").split("\r\n");
  expect(side[0]).toMatch(
    /^\uFEFFviewType,scaleFactor,pitch,customer,address,planArea,roofArea,squares,predominantPitch,/,
  );
  expect(side[1]).toMatch(
    new RegExp(`^side,Scale not set,4,${name},"1208 E Harvey Ave, Wellington, KS 67152",1176,1240,12\\.40,4,`),
  );
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByTestId("roof-totals")).toContainText("Plan area1,176 sq ft");
  await expect(results.getByTestId("roof-totals")).toContainText("Roof area1,240 sq ft");

  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export as PDF" }).click();
  const text = await pdfText(await readDownload(await pdfDownload));
  expect(text).toContain(name);
  expect(text).toMatch(/Plan area\s+1,176 sq ft/);
  expect(text).toMatch(/Roof area\s+1,240 sq ft/);
  expect(text).toMatch(/Length\s+42 ft/);

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
