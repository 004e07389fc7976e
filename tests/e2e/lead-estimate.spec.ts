import Database from "better-sqlite3";
import { E2E_DIR } from "../../playwright.config";
import { expect, scriptsStarted, test } from "./fixtures";
import { jsEnabled } from "./helpers";

// The owner sets prices, staff measure a lead's roof, make an
// estimate from the takeoff, adjust a line and see the totals worked out again. With and
// without scripts, on a phone and a desktop (the four projects).
//
// Every project saves the same prices, so the order they run in does not matter. On them, a
// 40 × 30 ft gable at 6/12, Architectural at $45.00 a bundle, 10 % waste, one layer off:
//   45 bundles × $45.00 = $2,025.00, the other lines as in tests/integration/estimate.test.ts,
//   subtotal $3,989.76, tax 8.5 % $339.13 (33,912.96¢), total $4,328.89.
// With 48 bundles: subtotal $4,124.76, tax $350.60 (35,060.46¢), total $4,475.36.

test("the owner sets prices; staff measure a lead, make its estimate, adjust a line and see the totals", async ({
  adminPage: page,
}, info) => {
  await page.goto("/admin/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
  const better = page.getByRole("group", { name: "Better shingle line" });
  await better.getByLabel("Name (as estimates and proposals show it)").fill("Architectural");
  await better.getByLabel("Shingles: price per bundle ($)").fill("-45");
  await page.getByLabel("Sales tax rate (%)").fill("8.5");
  await page.getByRole("button", { name: "Save prices" }).click();
  // Refused by the field, with what was typed kept.
  await expect(better.getByText("Please enter a price in dollars, like 12.50")).toBeVisible();
  await expect(page.getByLabel("Sales tax rate (%)")).toHaveValue("8.5");
  await better.getByLabel("Shingles: price per bundle ($)").fill("45.00");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByText("Prices saved").first()).toBeVisible();
  await expect(better.getByLabel("Shingles: price per bundle ($)")).toHaveValue("45.00");

  // A phone call written down, then measured: 40 × 30 ft at 6/12.
  const name = `Estimate ${Date.now()} ${Math.round(Math.random() * 1e6)}`;
  await page.goto("/admin/leads/new");
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel("Phone").fill("(620) 555-0123");
  await page.getByLabel("Street").fill("210 N Jefferson Ave");
  await page.getByLabel("City").fill("Wellington");
  await page.getByLabel("What they said *").fill("Wants a new roof before spring.");
  await page.getByRole("button", { name: "Add lead" }).click();
  await expect(page.getByText("Lead added").first()).toBeVisible();
  const leadUrl = page.url();
  const section = page.getByRole("region", { name: "Estimate" });
  await expect(section).toContainText("Measure the roof first");
  await page
    .getByRole("region", { name: "Roof measurement" })
    .getByRole("button", { name: "Measure this roof" })
    .click();
  await page.getByLabel("Length (ft)").fill("40");
  await page.getByLabel("Width (ft)").fill("30");
  await page.getByLabel("Pitch (X/12)").fill("6");
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.getByText("Customer data saved successfully").first()).toBeVisible();
  await page.goto(leadUrl);

  // The roof card says which figure an estimate is made from.
  await expect(page.getByRole("region", { name: "Roof measurement" })).toContainText(
    "Made from the typed length × width at its pitch: 1,342 sq ft.",
  );

  // Make it: the measurement's suggested waste is offered.
  const make = section.getByRole("form", { name: "Make an estimate" });
  await expect(make.getByLabel("Waste (%)")).toHaveValue("10");
  await make.getByLabel(/Architectural/).check();
  await make.getByLabel("Layers to tear off").selectOption("1");
  await make.getByRole("button", { name: "Make an estimate" }).click();
  await expect(page.getByText("Estimate made").first()).toBeVisible();
  await expect(section).toContainText("worked out from the typed length × width as a plain gable");
  await expect(section).toContainText("Made from the typed length × width at its pitch: 1,342 sq ft.");
  const shingles = section.getByRole("group", { name: "Architectural shingles" });
  await expect(shingles.getByLabel("Quantity")).toHaveValue("45");
  await expect(shingles.getByLabel("Unit price ($)")).toHaveValue("45.00");
  await expect(section.getByRole("group", { name: "Drip edge" }).getByLabel("Quantity")).toHaveValue("15");
  const totals = section.getByRole("definition");
  await expect(totals).toHaveText(["$3,989.76", "$339.13", "$4,328.89"]);
  await expect(section).toContainText("Sales tax (8.5%)");

  // A quantity that is not one is refused by its field, and kept.
  await shingles.getByLabel("Quantity").fill("-1");
  await section.getByRole("button", { name: "Save estimate" }).click();
  await expect(shingles.getByText("Please enter a quantity of 0 or more, with at most two decimals")).toBeVisible();
  await expect(shingles.getByLabel("Quantity")).toHaveValue("-1");

  // With scripts the line's total follows what is typed, and saving does not reload the page.
  await shingles.getByLabel("Quantity").fill("48");
  if (jsEnabled(info)) {
    await expect(shingles.getByRole("status")).toHaveText("$2,160.00");
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
  }
  await section.getByRole("button", { name: "Save estimate" }).click();
  await expect(page.getByText("Estimate saved").first()).toBeVisible();
  if (jsEnabled(info)) expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
  await expect(shingles.getByLabel("Quantity")).toHaveValue("48");
  await expect(shingles).toContainText("adjusted");
  await expect(totals).toHaveText(["$4,124.76", "$350.60", "$4,475.36"]);
  // Still a draft: the lead stays Measured until a proposal is sent.
  await expect(page.getByRole("region", { name: "Status and notes" }).getByLabel("Status")).toHaveValue("measured");
});

/** A phoned-in lead whose roof was measured by its area alone: no lines to count starter, drip edge or ridge cap from. */
function seedAreaOnlyLead(name: string): number {
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    const lead = db
      .prepare(
        `insert into leads (name, email, phone, message, street, city, zip, status, source, read_at)
         values (?, '', '620-555-0131', 'Reroof', '15 Elm St', 'Mulvane', '67110', 'measured', 'phone', ?) returning id`,
      )
      .get(name, Date.now()) as { id: number };
    db.prepare(
      "insert into roof_customers (customer_name, street, city, state, area, pitch, lead_id) values (?, '15 Elm St', 'Mulvane', 'KS', 2400, 6, ?)",
    ).run(name, lead.id);
    return lead.id;
  } finally {
    db.close();
  }
}

// An estimate without the materials its measurement could not count is not
// sent as a proposal until staff say why they are left out; the reason stays on it.
test("a roof measured by its area alone: the proposal waits until staff leave the missing materials out with a reason", async ({
  adminPage: page,
}, info) => {
  const leadId = seedAreaOnlyLead(`Area only ${info.project.name} ${Date.now()}`);
  await page.goto(`/admin/leads/${leadId}`);
  const section = page.getByRole("region", { name: "Estimate" });
  await section
    .getByRole("form", { name: "Make an estimate" })
    .getByRole("button", { name: "Make an estimate" })
    .click();
  await expect(page.getByText("Estimate made").first()).toBeVisible();
  const leaveOut = section.getByRole("form", { name: "Leave the missing materials out" });
  await expect(leaveOut).toContainText(
    "The estimate has no starter strip, drip edge, ridge cap and valley lining (ice-and-water)",
  );

  // The proposal form says why it waits, and the server refuses it too.
  const proposals = page.getByRole("region", { name: "Proposals" });
  await expect(proposals.getByRole("note")).toContainText("The estimate has no starter strip");
  await proposals.getByRole("button", { name: "Create proposal" }).click();
  await expect(proposals.getByRole("alert")).toContainText("The estimate has no starter strip, drip edge, ridge cap");
  await expect(proposals.getByLabel("Link for the homeowner")).toHaveCount(0);

  // No reason, no leaving out.
  await leaveOut.getByRole("button", { name: "Leave them out" }).click();
  await expect(leaveOut.getByText("Please say why they are left out")).toBeVisible();
  await leaveOut
    .getByLabel("Why leave them out")
    .fill("Existing drip edge stays; ridge vent instead of cap; no valleys");
  await leaveOut.getByRole("button", { name: "Leave them out" }).click();
  await expect(page.getByText("Reason kept on the estimate").first()).toBeVisible();
  await expect(section).toContainText(
    "Left out: starter strip, drip edge, ridge cap and valley lining (ice-and-water). Why: Existing drip edge stays; ridge vent instead of cap; no valleys",
  );
  await expect(section.getByRole("form", { name: "Leave the missing materials out" })).toHaveCount(0);

  await proposals.getByRole("button", { name: "Create proposal" }).click();
  await expect(page.getByText("Proposal created").first()).toBeVisible();
  await expect(proposals.getByLabel("Link for the homeowner")).toHaveValue(/\/proposal\/[\w-]{43}$/);
});

// Typed lines of an estimate are work; leaving the lead page before saving asks
// first, as the roof tool does with a tracing. Untouched lines leave without a question.
test("@js changed estimate lines ask before they are lost by leaving the lead page", async ({
  adminPage: page,
}, info) => {
  const leadId = seedAreaOnlyLead(`Leave ${info.project.name} ${Date.now()}`);
  await page.goto(`/admin/leads/${leadId}`);
  const section = page.getByRole("region", { name: "Estimate" });
  await section
    .getByRole("form", { name: "Make an estimate" })
    .getByRole("button", { name: "Make an estimate" })
    .click();
  await expect(page.getByText("Estimate made").first()).toBeVisible();

  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  const leads = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Leads" });
  // Nothing typed yet: the page leaves without asking.
  await leads.click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await page.goto(`/admin/leads/${leadId}`);
  await scriptsStarted(page);
  const quantity = section.getByRole("group", { name: /shingles$/ }).getByLabel("Quantity");
  await quantity.fill("99");
  await leads.click();
  await expect
    .poll(() => questions)
    .toEqual(["Leave without saving? The estimate lines you changed are not saved yet."]);
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${leadId}$`));
  await expect(quantity).toHaveValue("99");

  // Saved, the page leaves without asking.
  await section.getByRole("button", { name: "Save estimate" }).click();
  await expect(page.getByText("Estimate saved").first()).toBeVisible();
  await leads.click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  expect(questions).toHaveLength(1);
});
