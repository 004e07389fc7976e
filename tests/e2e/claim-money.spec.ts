import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DIR } from "../../playwright.config";
import { addDays, businessToday } from "../../app/lib/business-time";
import { expect, test } from "./fixtures";
import { jsEnabled } from "./helpers";
import { seedWonJob } from "./seed-estimate";

// The office runs an insurance claim from the adjuster meeting to the last check: the won
// job marked as a claim, the adjuster meeting booked, the carrier's figures entered when its
// scope comes in, a supplement asked and approved; then the carrier's first payment billed to
// the carrier, the deductible to the homeowner, the job completed, the depreciation and the
// supplement billed with the completion certificate, every check recorded, and the claim's
// summary says nothing is left. Scripts on at a desk, off on a phone.

test("the office runs a claim from the adjuster meeting to the last check", async ({ adminPage: staff }, info) => {
  test.setTimeout(240_000);
  const name = `Dana Whitfield ${info.project.name}-${Date.now()}`;
  const leadId = seedWonJob(name, 1_500_000, []);
  const leadPage = `/admin/leads/${leadId}`;
  const reload = async () => {
    if (!jsEnabled(info)) await staff.goto(leadPage);
  };
  await staff.goto(leadPage);
  const claim = staff.getByRole("region", { name: "Insurance claim", exact: true });

  // Marked as a claim before the adjuster comes: the carrier, the claim, the adjuster, the deductible.
  await claim.getByText("Mark this lead as an insurance claim").click();
  await claim.getByLabel("Insurance company").fill("State Farm");
  await claim.getByLabel("Claim number").fill("12-345");
  await claim.getByLabel("Adjuster's name").fill("Pat Keller");
  await claim.getByLabel("Adjuster's email").fill(`adjuster-${leadId}@statefarm.example`);
  await claim.getByLabel("Deductible ($)").fill("1,000");
  await claim.getByRole("button", { name: "Mark as an insurance claim" }).click();
  await expect(staff.getByText("Marked as an insurance claim").first()).toBeVisible();
  await staff.goto(leadPage);

  // The adjuster meeting, on the schedule.
  const schedule = staff.getByRole("region", { name: "Schedule" });
  const book = schedule.locator("form").filter({ has: staff.getByRole("button", { name: "Book it" }) });
  await book.getByLabel("What").selectOption({ label: "Adjuster meeting" });
  await book.getByLabel("Day", { exact: true }).fill(addDays(businessToday(), 2));
  await book.getByLabel("Time (Kansas)").fill("09:00");
  await book.getByRole("button", { name: "Book it" }).click();
  await expect(staff.getByText(/^Adjuster meeting booked/).first()).toBeVisible();
  await staff.goto(leadPage);

  // The scope came in: State Farm approved $15,000.00 and holds back $3,000.00.
  await claim.getByText("Change claim details").click();
  await claim.getByLabel("Approved replacement cost ($)").fill("15,000");
  await claim.getByLabel("Recoverable depreciation ($)").fill("3,000");
  await claim.getByRole("button", { name: "Save claim details" }).click();
  await expect(staff.getByText("Claim details saved").first()).toBeVisible();
  await staff.goto(leadPage);

  // A supplement asked of the carrier, approved for less than asked.
  await claim.getByText("Add a supplement").click();
  await claim.getByLabel("What is asked of the carrier").fill("Ridge vent");
  await claim.getByLabel("Amount asked ($)").fill("450");
  await claim.getByRole("button", { name: "Add the supplement" }).click();
  await expect(staff.getByText("Supplement added").first()).toBeVisible();
  await staff.goto(leadPage);
  const supplements = claim.getByRole("list", { name: "Supplements" });
  await supplements.getByText("Record the carrier's answer").click();
  const answer = supplements.getByRole("form", { name: "The carrier's answer on Ridge vent" });
  await answer.getByLabel(/Amount approved/).fill("400");
  await answer.getByRole("button", { name: "Save the answer" }).click();
  await expect(staff.getByText("Supplement marked approved").first()).toBeVisible();
  await staff.goto(leadPage);

  const summary = staff.getByRole("region", { name: /^Insurance claim: what/ });
  await expect(summary).toContainText("approved $15,000.00 for the roof");
  await expect(summary).toContainText("its first check is $11,000.00 after your deductible of $1,000.00");
  await expect(summary).toContainText("$400.00 of supplements");
  const money = staff.getByRole("region", { name: "Invoices and payments" });

  const bill = async (label: string, payer: string) => {
    const form = money.getByRole("form", { name: label });
    await expect(form.getByRole("combobox", { name: "Who owes it" })).toHaveValue(payer);
    await form.getByRole("button", { name: "Create draft" }).click();
    await expect(staff.getByText("Invoice draft created").first()).toBeVisible();
    await reload();
  };
  const card = (label: string) => money.getByRole("listitem", { name: new RegExp(`^${label} invoice`) });
  const send = async (invoice: Locator, button: string) => {
    await invoice.getByRole("button", { name: button }).click();
    await expect(invoice).toContainText(/Sent/);
    await reload();
  };

  // The carrier's first payment, to the carrier: sent to the adjuster.
  await bill("Carrier's first payment (actual cash value)", "carrier");
  const first = card("Carrier's first payment \\(actual cash value\\)");
  await expect(first).toContainText("Bill to: State Farm (claim 12-345)");
  await expect(first).toContainText("$11,000.00");
  await send(first, "Send to the adjuster");
  // The deductible, to the homeowner.
  await bill("Deductible", "homeowner");
  const deductible = card("Deductible");
  await expect(deductible).toContainText(`Bill to: ${name}`);
  await send(deductible, "Send to the homeowner");
  await expect(summary).toContainText("You pay your deductible of $1,000.00 by");
  // No depreciation bill before the job is done.
  await expect(money.getByRole("form", { name: "Depreciation released on completion" })).toHaveCount(0);

  // The meeting and the work are behind us; the job is completed: the depreciation is
  // billed, with the completion certificate.
  meetingHeld(leadId);
  await staff.getByRole("button", { name: "Mark the job completed" }).click();
  await expect(staff.getByText(/^Completed /).first()).toBeVisible();
  await staff.goto(leadPage);
  await bill("Depreciation released on completion", "carrier");
  const release = card("Depreciation released on completion");
  await expect(release).toContainText("$3,000.00");
  await send(release, "Send to the adjuster");
  // The approved supplement, billed to the carrier as a change order, once.
  await bill("Approved supplements", "carrier");
  const extra = card("Approved supplements");
  await expect(extra).toContainText("Ridge vent");
  await expect(extra).toContainText("$400.00");
  await send(extra, "Send to the adjuster");
  await expect(money.getByRole("form", { name: "Approved supplements" })).toHaveCount(0);
  await expect(claim.getByRole("list", { name: "Supplements" })).toContainText(/Billed on INV-\d{4}/);
  const certificate = summary.getByRole("link", { name: /Completion certificate/ });
  const pdf = await staff.request.get((await certificate.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The checks come in.
  await recordCheck(staff, card("Carrier's first payment \\(actual cash value\\)"), "5001", reload);
  await recordCheck(staff, card("Deductible"), "311", reload);
  await recordCheck(staff, card("Depreciation released on completion"), "5004", reload);
  await recordCheck(staff, card("Approved supplements"), "5005", reload);
  await staff.goto(leadPage);
  await expect(summary).toContainText("Everything is paid: nothing is left to come from anyone.");
  await expect(money.getByRole("heading", { name: "Bill the claim" })).toHaveCount(0);
});

/** Time passed: the adjuster meeting booked above took place a week ago. */
function meetingHeld(leadId: number) {
  const db = new Database(`${E2E_DIR}/app.db`);
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare("update visits set starts_at = ? where lead_id = ?").run(Date.now() - 7 * 86_400_000, leadId);
  } finally {
    db.close();
  }
}

async function recordCheck(staff: Page, invoice: Locator, checkNumber: string, reload: () => Promise<void>) {
  if (!(await invoice.getByLabel("Check number (for a check)").isVisible()))
    await invoice.getByText("Record a payment").click();
  await invoice.getByRole("combobox", { name: "How" }).selectOption("check");
  await invoice.getByLabel("Check number (for a check)").fill(checkNumber);
  await invoice.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText("Payment recorded").first()).toBeVisible();
  await reload();
  await expect(invoice).toContainText(`by check no. ${checkNumber}`);
  await expect(invoice.getByText("Paid", { exact: true }).first()).toBeVisible();
}
