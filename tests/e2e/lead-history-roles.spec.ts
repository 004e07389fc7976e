import Database from "better-sqlite3";
import { expect, test, type OwnSite } from "./own-site";
import { addDays, businessToday } from "../../app/lib/business-time";

// A lead's history worded per role (decision 0074): on a job whose deposit was sent and partly
// paid, the crew member looking after it reads on the phone that the invoice went out and a
// payment came in, and sees no amount, invoice number or method; the office reads them all.
// The page is the server's HTML either way, so one phone project without scripts tells.

const KIM = { email: "kim@example.com", name: "Kim Alvarez", role: "crew" } as const;
const OLIVE = { email: "olive@example.com", name: "Olive Office", role: "office" } as const;

/** A won job given to Kim: its deposit sent ($1,153.16) and $500.00 paid in cash, with the history the office left. */
function paidJob(ownSite: OwnSite): number {
  const db = new Database(ownSite.dbPath);
  try {
    const kim = db.prepare("select id from users where email = ?").pluck().get(KIM.email) as number;
    const olive = db.prepare("select id from users where email = ?").pluck().get(OLIVE.email) as number;
    const lead = db
      .prepare(
        "insert into leads (name, email, message, city, status, assigned_to) values ('Rita Roofline', 'rita@example.com', 'Hail took the roof', 'Wichita', 'won', ?) returning id",
      )
      .pluck()
      .get(kim) as number;
    const content = {
      version: 1,
      issuedAt: new Date().toISOString(),
      validUntil: addDays(businessToday(), 30),
      company: {
        name: "Prairie Ridge Framing & Roofing",
        phone: "(620) 555-0142",
        email: "hello@example.com",
        address: "Wellington, KS",
      },
      customer: { name: "Rita Roofline", address: "Wichita", email: "rita@example.com", phone: "" },
      roof: null,
      tier: "better",
      lines: [{ label: "Roof replacement", quantity: 1, unit: "job", unitPriceCents: 384387, totalCents: 384387 }],
      subtotalCents: 384387,
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: 384387,
      terms: "Deposit 30%.",
    };
    const proposal = db
      .prepare(
        "insert into proposals (lead_id, content, total_cents, expires_at, accepted_at, accepted_name) values (?, ?, 384387, ?, ?, 'Rita Roofline') returning id",
      )
      .pluck()
      .get(lead, JSON.stringify(content), Date.now() + 86_400_000, Date.now()) as number;
    const invoice = db
      .prepare(
        "insert into invoices (lead_id, proposal_id, kind, number, state, lines, subtotal_cents, total_cents, paid_cents, sent_at, due_on) values (?, ?, 'deposit', 1, 'partly_paid', ?, 115316, 115316, 50000, ?, ?) returning id",
      )
      .pluck()
      .get(
        lead,
        proposal,
        JSON.stringify([{ description: "Deposit", amountCents: 115316 }]),
        Date.now(),
        addDays(businessToday(), 10),
      ) as number;
    const payment = db
      .prepare(
        "insert into payments (invoice_id, method, amount_cents, received_on) values (?, 'cash', 50000, '2026-11-27') returning id",
      )
      .pluck()
      .get(invoice) as number;
    const entry = db.prepare(
      "insert into lead_notes (lead_id, author, author_id, kind, invoice_id, payment_id, amount_cents, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    entry.run(lead, OLIVE.name, olive, "invoice-sent", invoice, null, 115316, Date.now() - 60_000);
    entry.run(lead, OLIVE.name, olive, "payment-received", invoice, payment, 50000, Date.now());
    return lead;
  } finally {
    db.close();
  }
}

test("the crew reads that the deposit went out and was paid, without an amount; the office reads the amounts @phone @nojs", async ({
  page,
  ownSite,
}) => {
  await ownSite.signInAs(page, OLIVE);
  await ownSite.signInAs(page, KIM);
  const lead = paidJob(ownSite);

  await page.goto(`${ownSite.baseURL}/admin/leads/${lead}`);
  const history = page.getByRole("region", { name: /History/ });
  await expect(history.getByRole("listitem")).toHaveText([
    /Olive Office\s*Payment received on the deposit invoice/,
    /Olive Office\s*Deposit invoice sent/,
  ]);
  await expect(history).not.toContainText("$");
  await expect(history).not.toContainText("INV-0001");
  await expect(page.locator("body")).not.toContainText("1,153.16");
  await expect(page.locator("body")).not.toContainText("500.00");

  await ownSite.signInAs(page, OLIVE);
  await page.goto(`${ownSite.baseURL}/admin/leads/${lead}`);
  await expect(history.getByRole("listitem")).toHaveText([
    /\$500\.00 received in cash on invoice INV-0001/,
    /Invoice INV-0001 \(deposit, \$1,153\.16\) sent/,
  ]);
});
