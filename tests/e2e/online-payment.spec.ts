import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import { E2E_DIR, FAKE_STRIPE_URL } from "../../playwright.config";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled } from "./helpers";
import type { FakeDelivery } from "../fake-stripe";

// Online payment from the homeowner's side: "Pay" on the job page, the fake
// Stripe's checkout page, its signed webhook to the e2e server, back to the job page: Paid.
// The invoice is written straight into the e2e database (the invoice screens have their
// own specs); everything after that goes through the browser and the real webhook.

/** A won lead with a sent invoice and a job page link; the link's token. */
function leadWithSentInvoice(name: string, totalCents: number) {
  const db = new Database(`${E2E_DIR}/app.db`);
  db.pragma("busy_timeout = 5000");
  try {
    const token = randomBytes(32).toString("base64url");
    const write = db.transaction(() => {
      const leadId = db
        .prepare(
          "insert into leads (name, email, phone, message, status) values (?, ?, '316-555-0142', 'Roof', 'won') returning id",
        )
        .pluck()
        .get(name, `${name.replace(/\W+/g, "-").toLowerCase()}@example.com`) as number;
      const number = db.prepare("select coalesce(max(number), 0) + 1 from invoices").pluck().get() as number;
      const lines = JSON.stringify([{ description: "Deposit", amountCents: totalCents }]);
      const invoiceId = db
        .prepare(
          "insert into invoices (lead_id, number, kind, state, lines, subtotal_cents, total_cents, sent_at) values (?, ?, 'deposit', 'sent', ?, ?, ?, ?) returning id",
        )
        .pluck()
        .get(leadId, number, lines, totalCents, totalCents, Date.now()) as number;
      db.prepare("insert into job_links (lead_id, token_hash) values (?, ?)").run(
        leadId,
        createHash("sha256").update(token).digest("base64url"),
      );
      return { invoiceId, number: `INV-${String(number).padStart(4, "0")}` };
    });
    return { token, ...write.immediate() };
  } finally {
    db.close();
  }
}

/**
 * The job page's message on arriving back from Stripe. Without scripts it is in the page, in
 * view. With them it is a toast, which needs the page's whole stylesheet: a public page links
 * it at a visitor's first touch or first toast, and this toast comes before any touch (unstyled,
 * it was a screen-wide check mark below the footer). The toast itself closes after 4 s, too
 * soon to look for on a busy machine; the stylesheet it brought stays.
 */
async function expectNoticeOnArrival(page: Page, info: TestInfo, text: string) {
  if (jsEnabled(info)) await expect(page.locator('head > link[rel="stylesheet"]')).not.toHaveCount(0);
  else await expect(page.getByText(text).first()).toBeInViewport();
}

async function deliveries(): Promise<FakeDelivery[]> {
  return (await (await fetch(`${FAKE_STRIPE_URL}/deliveries`)).json()) as FakeDelivery[];
}

test("the homeowner pays an invoice online and the job page shows it paid", async ({ page }, info) => {
  const { token, number } = leadWithSentInvoice(`Rae Online ${info.project.name} ${Date.now()}`, 123_456);
  await page.goto(`/job/${token}`);
  const invoice = page.getByRole("article", { name: `Invoice ${number}` });
  await expect(invoice).toContainText("$1,234.56 owed");
  await invoice.getByRole("button", { name: "Pay $1,234.56" }).click();

  // Stripe's page (the fake's): the amount, and its own Pay button.
  await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE_URL}/checkout/cs_test_`));
  const sessionId = new URL(page.url()).pathname.split("/").pop();
  await expect(page.locator("main")).toContainText(`Invoice ${number}: $1,234.56`);
  await page.getByRole("button", { name: "Pay $1,234.56" }).click();

  // Back on the job page, paid: the webhook was signed, taken and recorded once.
  await expect(page).toHaveURL(new RegExp(`/job/${token}\\?paid=\\d+$`));
  await expectNoticeOnArrival(page, info, `Thank you! ${number} is paid.`);
  await expect(invoice).toContainText("Paid");
  await expect(invoice.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Payments received" })).toContainText("$1,234.56");
  expect((await deliveries()).filter((d) => d.sessionId === sessionId).map((d) => [d.type, d.status, d.body])).toEqual([
    ["checkout.session.completed", 200, "recorded"],
  ]);
});

test("a homeowner who turns back on Stripe's page is told nothing was charged", async ({ page }, info) => {
  const { token, number } = leadWithSentInvoice(`Rae Back ${info.project.name} ${Date.now()}`, 50_000);
  await page.goto(`/job/${token}`);
  await page
    .getByRole("article", { name: `Invoice ${number}` })
    .getByRole("button", { name: "Pay $500.00" })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE_URL}/checkout/`));
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${token}\\?payment=canceled$`));
  await expectNoticeOnArrival(page, info, "Payment canceled: nothing was charged.");
  await expect(
    page.getByRole("article", { name: `Invoice ${number}` }).getByRole("button", { name: "Pay $500.00" }),
  ).toBeVisible();
});
