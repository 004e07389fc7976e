import Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";
import { E2E_DIR } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { jsEnabled } from "./helpers";
import { seedWonJob } from "./seed-estimate";

// The office bills an insurance claim: the carrier's first payment to the carrier, the
// deductible to the homeowner, the job completed, the depreciation billed with the
// completion certificate, every check recorded, and the claim's summary says nothing is left.
// Scripts on at a desk, off on a phone.

/** The job made an insurance claim: State Farm approved $15,000.00, holds back $3,000.00; $1,000.00 deductible. */
function makeClaim(leadId: number) {
  const db = new Database(`${E2E_DIR}/app.db`);
  db.pragma("busy_timeout = 5000");
  try {
    db.prepare(
      "insert into insurance_claims (lead_id, carrier, claim_number, loss_on, adjuster_name, adjuster_email, deductible_cents, approved_cents, depreciation_cents) values (?, 'State Farm', '12-345', '2026-05-14', 'Pat Keller', ?, 100000, 1500000, 300000)",
    ).run(leadId, `adjuster-${leadId}@statefarm.example`);
  } finally {
    db.close();
  }
}

test("the office bills a claim to the carrier and the homeowner, to the last check", async ({
  adminPage: staff,
}, info) => {
  test.setTimeout(180_000);
  const name = `Dana Whitfield ${info.project.name}-${Date.now()}`;
  const leadId = seedWonJob(name, 1_500_000, []);
  makeClaim(leadId);
  const leadPage = `/admin/leads/${leadId}`;
  const reload = async () => {
    if (!jsEnabled(info)) await staff.goto(leadPage);
  };
  await staff.goto(leadPage);
  const summary = staff.getByRole("region", { name: /Insurance claim/ });
  await expect(summary).toContainText("approved $15,000.00 for the roof");
  await expect(summary).toContainText("its first check is $11,000.00 after your deductible of $1,000.00");
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

  // The job is completed: the depreciation is billed, with the completion certificate.
  await staff.getByRole("button", { name: "Mark the job completed" }).click();
  await expect(staff.getByText(/^Completed /).first()).toBeVisible();
  await staff.goto(leadPage);
  await bill("Depreciation released on completion", "carrier");
  const release = card("Depreciation released on completion");
  await expect(release).toContainText("$3,000.00");
  await send(release, "Send to the adjuster");
  const certificate = summary.getByRole("link", { name: /Completion certificate/ });
  const pdf = await staff.request.get((await certificate.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The checks come in.
  await recordCheck(staff, card("Carrier's first payment \\(actual cash value\\)"), "5001", reload);
  await recordCheck(staff, card("Deductible"), "311", reload);
  await recordCheck(staff, card("Depreciation released on completion"), "5004", reload);
  await staff.goto(leadPage);
  await expect(summary).toContainText("Everything is paid: nothing is left to come from anyone.");
  await expect(money.getByRole("heading", { name: "Bill the claim" })).toHaveCount(0);
});

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
