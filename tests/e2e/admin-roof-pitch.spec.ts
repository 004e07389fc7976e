import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { clickAt, leaveAndStay, typeScale } from "./admin-roof-helpers";
import { jsEnabled } from "./helpers";

// Decision 0031: the pitch measured on the side view applies to the traced
// roof, an outline's edges become eaves and rakes, and a first-time staff member sees one
// set of figures, one way to set the scale and exports that wait for a measurement.

const TOOL = "/admin/roof-measurement";

/** A 40 × 30 ft rectangle (200 × 150 units), and the scale from its 40 ft side. */
async function traceRectangle(page: Page, canvas: Locator, at = { x: 100, y: 100 }) {
  await page.getByRole("button", { name: "Outline", exact: true }).click();
  for (const [x, y] of [
    [at.x, at.y],
    [at.x + 200, at.y],
    [at.x + 200, at.y + 150],
    [at.x, at.y + 150],
  ])
    await clickAt(canvas, x, y);
  await page.getByRole("button", { name: "Close outline" }).click();
}

async function scaleFromLine(page: Page, canvas: Locator) {
  await page.getByRole("button", { name: "Draw a scale line" }).click();
  await clickAt(canvas, 100, 100);
  await clickAt(canvas, 300, 100);
  await page.getByLabel("Length of that line (feet)").fill("40");
  await page.getByRole("button", { name: "Set scale" }).click();
}

/** On the side view, a rake 300 units across and 200 up: 8/12. */
async function measureEightTwelfths(page: Page, canvas: Locator) {
  await page.getByRole("tab", { name: "Side View" }).click();
  await page.getByRole("button", { name: "Pitch", exact: true }).click();
  await clickAt(canvas, 100, 400);
  await clickAt(canvas, 400, 200);
}

const figure = async (page: Page, label: string) => {
  const text = await page
    .getByTestId("roof-totals")
    .getByText(label, { exact: true })
    .locator("xpath=..")
    .locator("dd")
    .innerText();
  return Number(text.replace(/[^0-9.]/g, ""));
};

test("@js trace, measure the pitch on the side view, confirm the edges, save, then estimate at the measured pitch", async ({
  adminPage: page,
}) => {
  const name = `Pitch ${Date.now()} ${Math.round(Math.random() * 1e6)}`;
  await page.goto("/admin/leads/new");
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel("Phone").fill("(620) 555-0144");
  await page.getByLabel("Street").fill("210 N Jefferson Ave");
  await page.getByLabel("City").fill("Wellington");
  await page.getByLabel("What they said *").fill("Wants a new roof.");
  await page.getByRole("button", { name: "Add lead" }).click();
  await expect(page.getByText("Lead added").first()).toBeVisible();
  const leadUrl = page.url();
  await page
    .getByRole("region", { name: "Roof measurement" })
    .getByRole("button", { name: "Measure this roof" })
    .click();
  await expect(page).toHaveURL(/customer=\d+/);

  const canvas = page.getByTestId("roof-canvas");
  // Nothing measured yet: the exports wait, and say why.
  await expect(page.getByRole("button", { name: "Export as PDF" })).toBeDisabled();
  await expect(page.getByText("Exports wait for a measurement")).toBeVisible();

  // Traced at the pitch for new facets, 4/12.
  await traceRectangle(page, canvas);
  await scaleFromLine(page, canvas);
  await expect(page.getByTestId("roof-totals")).toContainText("Predominant pitch4/12");
  // The Measurements card shows the tracing's figures as they are now, not a blank field.
  const areaAtFour = await figure(page, "Roof area");
  await expect(page.getByLabel("Roof area (sq ft)")).toHaveValue(String(areaAtFour));

  await measureEightTwelfths(page, canvas);
  await expect(page.getByRole("status", { name: "Measured pitch" })).toContainText(
    "Measured pitch 8/12. Applied to the traced facet.",
  );
  // The facet, the results and the card follow at once: 1,200 sq ft of plan at 8/12 is about 1,442.
  await expect(page.getByTestId("roof-totals")).toContainText("Predominant pitch8/12");
  const areaAtEight = await figure(page, "Roof area");
  expect(areaAtEight).toBeGreaterThan(areaAtFour + 150);
  expect(areaAtEight).toBeCloseTo(1442, -1.5);
  await expect(page.getByLabel("Roof area (sq ft)")).toHaveValue(String(areaAtEight));
  await expect(page.getByLabel("Pitch (X/12)")).toHaveValue("8");
  await expect(page.getByRole("alert", { name: "Pitch check" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Top View" }).click();
  await expect(canvas.locator("[data-facet-label='1']")).toContainText("1 · 8/12");

  // The outline's edges, proposed: the long sides eaves, the ends rakes; one click changes one.
  const edges = page.getByRole("region", { name: "Roof edges from the outline" });
  // A rake's length is said both ways, as seen from above and up the 8/12 slope the results count.
  await expect(edges.getByRole("listitem")).toHaveText([
    /1\. top edge, 40 ftEave/,
    /2\. right edge, 30 ft plan, 36 ft along the slope/,
    /3\. bottom edge, 40 ftEave/,
    /4\. left edge, 30 ft plan, 36 ft along the slope/,
  ]);
  const top = edges.getByRole("group", { name: "edge 1" });
  await expect(top.getByRole("button", { name: "Eave" })).toHaveAttribute("aria-pressed", "true");
  await expect(edges.getByRole("group", { name: "edge 2" }).getByRole("button", { name: "Rake" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await top.getByRole("button", { name: "Rake" }).click();
  await expect(top.getByRole("button", { name: "Rake" })).toHaveAttribute("aria-pressed", "true");
  await top.getByRole("button", { name: "Eave" }).click();
  // The same edges, numbered on the picture.
  await expect(canvas.locator("[data-edge]")).toHaveText(["1", "2", "3", "4"]);
  await edges.getByLabel("Ridge (ft)").fill("40");
  await edges.getByRole("button", { name: "Use these edges" }).click();
  const lengths = page.getByTestId("roof-lengths");
  await expect(lengths).toContainText("Eaves80 ft");
  // Two 30 ft rakes up an 8/12 slope: 72 ft.
  await expect(lengths).toContainText(/Rakes7[12] ft/);
  await expect(lengths).toContainText("Ridges40 ft");
  await expect(canvas.locator("[data-edge]")).toHaveCount(0);

  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.locator(".Toastify").getByText("Customer data saved successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export as PDF" })).toBeVisible();

  // The estimate is made at the measured pitch, with the edge materials.
  await page.goto(leadUrl);
  await expect(page.getByRole("region", { name: "Roof measurement" })).toContainText("8/12");
  const section = page.getByRole("region", { name: "Estimate" });
  const make = section.getByRole("form", { name: "Make an estimate" });
  await make.getByRole("radio").first().check();
  await make.getByRole("button", { name: "Make an estimate" }).click();
  await expect(page.getByText("Estimate made").first()).toBeVisible();
  await expect(section.getByRole("group", { name: "Labor, pitch 7/12 to 9/12" })).toBeVisible();
  await expect(section.getByRole("group", { name: "Labor, pitch up to 6/12" })).toHaveCount(0);
  // 1,442 sq ft with 10 % waste at 3 bundles a square: 48 bundles (at 4/12 it would be 42).
  const shingles = section.getByRole("group", { name: / shingles$/ });
  expect(Number(await shingles.getByLabel("Quantity").inputValue())).toBeGreaterThanOrEqual(47);
  for (const material of ["Starter strip", "Drip edge", /ridge cap$/]) {
    await expect(section.getByRole("group", { name: material }).getByLabel("Quantity")).not.toHaveValue("0");
  }
});

test("@js with two facets the measured pitch applies to both, one click keeps it to one, and a disagreeing roof says so", async ({
  adminPage: page,
}) => {
  await page.goto(TOOL);
  const canvas = page.getByTestId("roof-canvas");
  await traceRectangle(page, canvas);
  // Facet 2 (a porch) traced at 5/12; closing it leaves it selected, which no longer limits the measurement.
  await page.getByRole("button", { name: "Select", exact: true }).click();
  await clickAt(canvas, 20, 580);
  await page.getByLabel("Pitch for new facets (X/12)").fill("5");
  await traceRectangle(page, canvas, { x: 400, y: 300 });
  await measureEightTwelfths(page, canvas);
  const measured = page.getByRole("status", { name: "Measured pitch" });
  await expect(measured).toContainText("Measured pitch 8/12. Applied to every facet.");
  const check = page.getByRole("alert", { name: "Pitch check" });
  await expect(check).toHaveCount(0);

  // One click: the measurement is for facet 1 only, and facet 2 gets its 5/12 back, kept on purpose.
  await measured.getByRole("button", { name: "Facet 1 only" }).click();
  await expect(measured).toContainText("Applied to facet 1.");
  await expect(measured.getByRole("button", { name: "Facet 1 only" })).toHaveAttribute("aria-pressed", "true");
  await expect(check).toHaveCount(0);
  await page.getByRole("tab", { name: "Top View" }).click();
  await expect(canvas.locator("[data-facet-label='1']")).toContainText("1 · 8/12");
  await expect(canvas.locator("[data-facet-label='2']")).toContainText("2 · 5/12");

  // A facet changed by hand afterwards, without keeping it, is reported before saving.
  await page.getByRole("button", { name: "Select", exact: true }).click();
  await page.getByRole("tab", { name: "Side View" }).click();
  await measured.getByRole("button", { name: "Every facet" }).click();
  await expect(measured).toContainText("Applied to every facet.");
  await page.getByRole("tab", { name: "Top View" }).click();
  await canvas.locator("[data-facet='2']").click({ position: { x: 20, y: 20 } });
  await page.getByLabel("Pitch of facet 2 (X/12)").fill("4");
  await expect(check).toContainText("The side view measured 8/12, but facet 2 is 4/12.");
  await check.getByRole("button", { name: "Keep 4/12 for facet 2" }).click();
  await expect(check).toHaveCount(0);
  // Undo brings the warning back: the choice is part of the drawing.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(check).toContainText("facet 2 is 4/12");
});

test("@js two facets traced on a shared edge: the measured pitch applies to both and the shared edge is proposed as the ridge", async ({
  adminPage: page,
}) => {
  await page.goto(TOOL);
  const canvas = page.getByTestId("roof-canvas");
  // A gable from above: two 40 × 15 ft halves meeting along y = 175, traced at 4/12.
  await page.getByRole("button", { name: "Outline", exact: true }).click();
  for (const [x, y] of [
    [100, 100],
    [300, 100],
    [300, 175],
    [100, 175],
  ])
    await clickAt(canvas, x, y);
  await page.getByRole("button", { name: "Close outline" }).click();
  for (const [x, y] of [
    [100, 175],
    [300, 175],
    [300, 250],
    [100, 250],
  ])
    await clickAt(canvas, x, y);
  await page.getByRole("button", { name: "Close outline" }).click();
  await scaleFromLine(page, canvas);
  // The scale in words: the line's known length and what a pixel of the picture is worth.
  await expect(canvas).toContainText("Scale: 40 ft line, 1 px = 0.2 ft");
  await expect(page.getByText("Scale: 40 ft line, 1 px = 0.2 ft").first()).toBeVisible();

  await measureEightTwelfths(page, canvas);
  await expect(page.getByRole("status", { name: "Measured pitch" })).toContainText("Applied to every facet.");
  await page.getByRole("tab", { name: "Top View" }).click();
  await expect(canvas.locator("[data-facet-label='1']")).toContainText("1 · 8/12");
  await expect(canvas.locator("[data-facet-label='2']")).toContainText("2 · 8/12");
  await expect(page.getByTestId("roof-totals")).toContainText("Predominant pitch8/12");

  // The shared edge is listed once, as the ridge; the outer edges as eaves and rakes.
  const edges = page.getByRole("region", { name: "Roof edges from the outline" });
  await expect(edges.getByRole("listitem")).toHaveCount(7);
  const ridge = edges.getByRole("listitem").filter({ hasText: "Facet 1, bottom edge" });
  await expect(ridge.getByRole("button", { name: "Ridge" })).toHaveAttribute("aria-pressed", "true");
  await expect(ridge.getByRole("button", { name: "Eave" })).toHaveCount(0);
  await edges.getByRole("button", { name: "Use these edges" }).click();
  // Nothing typed: the ridge cap is ordered from the 40 ft ridge.
  const lengths = page.getByTestId("roof-lengths");
  await expect(lengths).toContainText("Ridges40 ft");
  await expect(lengths).toContainText("Eaves80 ft");
});

test("@js the scale is set one way, a line of known length; typing a ratio is the fallback", async ({
  adminPage: page,
}) => {
  await page.goto(TOOL);
  await expect(page.getByText(/feet per unit|ft per unit/)).toHaveCount(0);
  await expect(page.getByRole("slider", { name: /Scale/ })).toHaveCount(0);
  const canvas = page.getByTestId("roof-canvas");
  await traceRectangle(page, canvas);
  await scaleFromLine(page, canvas);
  // 40 ft over 200 units, a foot of picture being 1,152 units: 1:230.
  await expect(canvas).toContainText("Scale: 40 ft line, 1 px = 0.2 ft");
  await expect.poll(() => figure(page, "Plan area")).toBeCloseTo(1200, -1.5);
  // Enter on the typed box as it opens (the scale as shown, rounded) leaves the line's scale alone.
  await page.getByText("Or type the scale").click();
  await page.getByLabel("Scale, like 1:100 (feet of roof per foot of picture)").press("Enter");
  await expect(page.getByRole("region", { name: "Results" })).toContainText("40 ft line, 1 px = 0.2 ft");
  await expect.poll(() => figure(page, "Plan area")).toBeCloseTo(1200, -1.5);
  await page.getByText("Or type the scale").click();
  await typeScale(page, "1:288");
  // 288 / 1152 = 0.25 ft per unit: 50 × 37.5 ft.
  await expect(canvas).toContainText("Scale: Typed 1:288, 1 px = 0.25 ft");
  await expect.poll(() => figure(page, "Plan area")).toBeCloseTo(1875, -1.5);
});

test("@js a typed ridge follows Undo", async ({ adminPage: page }) => {
  await page.goto(TOOL);
  const canvas = page.getByTestId("roof-canvas");
  await traceRectangle(page, canvas);
  await scaleFromLine(page, canvas);
  const edges = page.getByRole("region", { name: "Roof edges from the outline" });
  await edges.getByLabel("Ridge (ft)").fill("40");
  await edges.getByRole("button", { name: "Use these edges" }).click();
  const lengths = page.getByTestId("roof-lengths");
  await expect(lengths).toContainText("Ridges40 ft");
  await page.getByLabel("Ridge (ft)").fill("50");
  await page.getByLabel("Ridge (ft)").blur();
  await expect(lengths).toContainText("Ridges50 ft");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(lengths).toContainText("Ridges40 ft");
  await expect(page.getByLabel("Ridge (ft)")).toHaveValue("40");
});

test("@js a pitch measured on the side view beside a typed length × width says so, and one click uses it", async ({
  adminPage: page,
}) => {
  await page.goto(TOOL);
  await page.getByLabel("Length (ft)").fill("40");
  await page.getByLabel("Width (ft)").fill("30");
  await page.getByLabel("Pitch (X/12)").fill("6");
  await measureEightTwelfths(page, page.getByTestId("roof-canvas"));
  const check = page.getByRole("alert", { name: "Pitch check" });
  await expect(check).toContainText("The side view measured 8/12, but the typed pitch is 6/12.");
  // 1,200 sq ft of plan at 6/12: the figures use the typed pitch until staff choose.
  await expect.poll(() => figure(page, "Roof area")).toBeCloseTo(1342, -1.5);
  await check.getByRole("button", { name: "Use 8/12" }).click();
  await expect(page.getByLabel("Pitch (X/12)")).toHaveValue("8");
  await expect(check).toHaveCount(0);
  await expect.poll(() => figure(page, "Roof area")).toBeCloseTo(1442, -1.5);
});

test("@nojs a measured pitch the typed pitch disagrees with is said without scripts, in the tool and on the lead page", async ({
  adminPage: page,
  baseURL,
}) => {
  const street = `${Date.now() % 100000} N Jefferson Ave`;
  // Saved as the tool's form posts it: length × width at 6/12, and a rake measured at 8/12 on the side view.
  const saved = await page.request.post(TOOL, {
    headers: { Origin: baseURL! },
    multipart: {
      intent: "save",
      customerName: "Pitch Check",
      street,
      city: "Wellington",
      length: "40",
      width: "30",
      pitch: "6",
      drawing: JSON.stringify({ side: { pitchLine: { a: { x: 100, y: 400 }, b: { x: 400, y: 200 } } } }),
    },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  await page.goto(saved.headers()["location"]);
  const words = "The side view measured 8/12, but the typed pitch is 6/12.";
  await expect(page.getByRole("alert", { name: "Pitch check" })).toContainText(words);
  await expect(page.getByRole("alert", { name: "Pitch check" })).toContainText(
    "Type 8 in Pitch to use the measured pitch.",
  );
  await page.getByRole("link", { name: /^Lead: / }).click();
  await expect(page.getByRole("region", { name: "Roof measurement" }).getByRole("alert")).toContainText(words);
});

test("@js the labels on the picture are dark text on a light chip, legible on a phone", async ({ adminPage: page }) => {
  await page.goto(TOOL);
  const canvas = page.getByTestId("roof-canvas");
  await traceRectangle(page, canvas);
  await scaleFromLine(page, canvas);
  const label = canvas.locator("[data-facet-label='1']");
  await expect(label.locator("rect")).toHaveAttribute("fill", "#ffffff");
  const colors = await label
    .locator("text")
    .evaluate((t) => ({ fill: getComputedStyle(t).fill, stroke: getComputedStyle(t).stroke }));
  expect(colors).toEqual({ fill: "rgb(15, 23, 42)", stroke: "none" });
  // At least 14 px tall on screen, whatever the width.
  const box = (await label.locator("text tspan").first().boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(14);
});

test("@js typed length and width ask before they are lost by leaving", async ({ adminPage: page }) => {
  await page.goto(TOOL);
  await page.getByLabel("Length (ft)").fill("40");
  await page.getByLabel("Width (ft)").fill("30");
  const question = await leaveAndStay(page);
  await expect.poll(question).toContain("Leave without saving?");
  await expect(page).toHaveURL(new RegExp(`${TOOL}$`));
  await expect(page.getByLabel("Length (ft)")).toHaveValue("40");
});

test("exports wait for a measurement, and say why", async ({ adminPage: page }, info) => {
  await page.goto(TOOL);
  await expect(page.getByRole("button", { name: "Export as PDF" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Export as CSV" })).toBeDisabled();
  await expect(
    page.getByText("Exports wait for a measurement: measure the roof, then save the customer."),
  ).toBeVisible();
  await page.getByLabel("Street").fill("14 W Harvey Ave");
  await page.getByLabel("City").fill("Wellington");
  await page.getByLabel("Length (ft)").fill("40");
  await page.getByLabel("Width (ft)").fill("30");
  await page.getByLabel("Pitch (X/12)").fill("6");
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.getByText("Customer data saved successfully").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Export as PDF" })).toHaveAttribute("href", /report\.pdf$/);
  if (!jsEnabled(info)) await expect(page.getByRole("link", { name: "Export side view CSV" })).toBeVisible();
});
