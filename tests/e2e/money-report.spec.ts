import Database from "better-sqlite3";
import { E2E_DIR } from "../../playwright.config";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";
import { seedWonJob } from "./seed-estimate";

// Refunds and the Money report (decision 0105): the owner records money given back under its
// payment, with scripts (the form's own fetcher, a toast) and without (a plain post); and
// reads what is owed by age, following a row of the chart's table to the invoices behind it.

const DAY = 86_400_000;
/** The Kansas day `n` days from now, as the site reads days. */
const kansasDay = (n: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() + n * DAY));

/** A payment of `cents` on a job's sent deposit, written as recording one would leave it. */
function paid(dbPath: string, leadId: number, cents: number, method = "check") {
  const db = new Database(dbPath);
  db.pragma("busy_timeout = 5000");
  try {
    const invoice = db.prepare("select id, total_cents from invoices where lead_id = ?").get(leadId) as {
      id: number;
      total_cents: number;
    };
    db.prepare(
      "insert into payments (invoice_id, method, amount_cents, check_number, received_on) values (?, ?, ?, ?, ?)",
    ).run(invoice.id, method, cents, method === "check" ? "2210" : null, kansasDay(-2));
    db.prepare("update invoices set paid_cents = ?, state = ? where id = ?").run(
      cents,
      cents >= invoice.total_cents ? "paid" : "partly_paid",
      invoice.id,
    );
  } finally {
    db.close();
  }
}

/** A sent invoice due `late` days ago (its deposit, sent two weeks before that), nothing paid. */
function owing(dbPath: string, name: string, totalCents: number, late: number) {
  const leadId = seedWonJob(name, totalCents, [{ kind: "deposit", state: "sent" }], dbPath);
  const db = new Database(dbPath);
  try {
    db.prepare("update invoices set due_on = ?, sent_at = ? where lead_id = ?").run(
      kansasDay(-late),
      Date.now() - (late + 14) * DAY,
      leadId,
    );
  } finally {
    db.close();
  }
  return leadId;
}

test("the owner records a refund under a payment, and the invoice owes it again", async ({
  adminPage: owner,
}, info) => {
  const name = `Rhea Refund ${info.project.name}-${Date.now()}`;
  // A $10,000 job: its $3,000 deposit paid by check.
  const leadId = seedWonJob(name, 1_000_000, [{ kind: "deposit", state: "sent" }]);
  paid(`${E2E_DIR}/app.db`, leadId, 300_000);
  await owner.goto(`/admin/leads/${leadId}`);
  const money = owner.getByRole("region", { name: "Invoices and payments" });
  const deposit = money.getByRole("listitem", { name: /^Deposit invoice INV-\d{4,}$/ });
  await expect(deposit).toContainText("Paid");
  await deposit.getByText("Record a refund").click();

  // More than the payment is refused, with what is left of it.
  await deposit.getByLabel(/^Amount given back/).fill("3000.01");
  await deposit.getByLabel("Why (kept with the refund)").fill("Job called off");
  await deposit.getByRole("button", { name: "Record refund" }).click();
  await expect(owner.getByText("The amount is more than the $3,000.00 left of this payment").first()).toBeVisible();
  if (!jsEnabled(info)) await owner.goto(`/admin/leads/${leadId}`);

  // $1,000 of it given back: recorded under the payment, the invoice owes it again.
  const again = money.getByRole("listitem", { name: /^Deposit invoice INV-\d{4,}$/ });
  if (!(await again.getByLabel("Why (kept with the refund)").isVisible()))
    await again.getByText("Record a refund").click();
  await again.getByLabel(/^Amount given back/).fill("1000");
  await again.getByLabel("Why (kept with the refund)").fill("Gutters left as they were");
  await again.getByRole("button", { name: "Record refund" }).click();
  await expect(owner.getByText(/^Refund recorded\. Invoice INV-\d{4,} now owes \$1,000\.00\./).first()).toBeVisible();
  const refunded = money.getByRole("listitem", { name: /^Deposit invoice INV-\d{4,}$/ });
  await expect(refunded.getByRole("list", { name: "Refunds from this payment" })).toContainText(
    "Refunded $1,000.00 on",
  );
  await expect(refunded.getByRole("list", { name: "Refunds from this payment" })).toContainText(
    "Gutters left as they were",
  );
  await expect(refunded).toContainText("Partly paid");
  await expect(refunded.getByText("Amount given back ($, at most $2,000.00)")).toBeAttached();
  // The history says it, in the owner's words.
  await expect(owner.getByText(/\$1,000\.00 refunded from the payment received by check no\. 2210/)).toBeVisible();
});

test("receivables by age: each row of the table lists its invoices, each linking to its job", async ({
  page,
  ownSite,
}) => {
  const stamp = Date.now();
  const ten = owing(ownSite.dbPath, `Ten Days ${stamp}`, 100_000, 10);
  owing(ownSite.dbPath, `Forty-five Days ${stamp}`, 200_000, 45);
  owing(ownSite.dbPath, `Seventy-five Days ${stamp}`, 300_000, 75);
  owing(ownSite.dbPath, `Six Score Days ${stamp}`, 400_000, 120);
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/reports/money`);
  await expect(page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Money" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const chart = page.getByRole("figure", { name: "Receivables by age" });
  const table = chart.getByRole("table");
  // Each deposit is 30% of its job: $300, $600, $900 and $1,200.
  await expect(table.getByRole("row", { name: /^1–30 days past due/ })).toContainText("$300.00");
  await expect(table.getByRole("row", { name: /^31–60 days past due/ })).toContainText("$600.00");
  await expect(table.getByRole("row", { name: /^61–90 days past due/ })).toContainText("$900.00");
  await expect(table.getByRole("row", { name: /^Over 90 days past due/ })).toContainText("$1,200.00");

  // A row's link goes to its invoices below, and each names its job, linked.
  await table.getByRole("link", { name: "1–30 days past due" }).click();
  await expect(page).toHaveURL(/#receivables-1-30$/);
  const list = page.getByRole("region", { name: /^1–30 days past due/ });
  await expect(list).toBeInViewport();
  const row = list.getByRole("row", { name: new RegExp(`Ten Days ${stamp}`) });
  await expect(row).toContainText("$300.00");
  await expect(row).toContainText("10 days");
  await row.getByRole("link", { name: `Ten Days ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${ten}#lead-money$`));
  await expect(page.getByRole("region", { name: "Invoices and payments" })).toContainText("$300.00");
});
