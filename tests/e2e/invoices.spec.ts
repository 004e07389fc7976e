import Database from "better-sqlite3";
import { E2E_DIR } from "../../playwright.config";
import type { SentMail } from "../fake-resend";
import { expect, test } from "./fixtures";
import { isPhone, jsEnabled } from "./helpers";
import { mailsTo } from "./quote";

// Issue 33, invoices and payments recorded by staff: a proposal accepted makes the deposit's
// draft invoice; staff send it (numbered then; the fake Resend gets it with its PDF), record
// a check, and the invoice is Paid. Scripts on and off, phone and desktop.

/** A won-to-be lead with an estimate of $10,000.05, written straight into the e2e database. */
function seedLeadWithEstimate(name: string, email: string): number {
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    const lead = db
      .prepare(
        `insert into leads (name, email, phone, message, street, city, zip, status, source, read_at)
         values (?, ?, '316-555-0142', 'New roof', '88 Elm St', 'Mulvane', '67110', 'measured', 'phone', ?) returning id`,
      )
      .get(name, email, Date.now()) as { id: number };
    const lines = [{ key: "labor", label: "Labor, up to 6/12", quantity: 1, unit: "squares", unitPriceCents: 1_000_005, totalCents: 1_000_005, adjusted: true }];
    db.prepare("insert into estimates (lead_id, tier, tax_rate_bp, lines, subtotal_cents, tax_cents, total_cents) values (?, 'better', 0, ?, 1000005, 0, 1000005)").run(lead.id, JSON.stringify(lines));
    return lead.id;
  } finally {
    db.close();
  }
}

const attachmentsOf = (mail: SentMail) => (mail as SentMail & { attachments?: { filename: string; content: unknown }[] }).attachments ?? [];
const bytesOf = (content: unknown) => (typeof content === "string" ? Buffer.from(content, "base64") : Buffer.from((content as { data: number[] }).data));

test("an accepted proposal's deposit is sent with its PDF, paid by check, and Paid", async ({ browser, adminPage: staff }, info) => {
  test.setTimeout(120_000);
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `Lee Ortega ${stamp}`;
  const email = `ortega-${stamp}@example.com`;
  const leadId = seedLeadWithEstimate(name, email);

  // Staff make the proposal; the homeowner accepts it by its link.
  await staff.goto(`/admin/leads/${leadId}`);
  const proposals = staff.getByRole("region", { name: "Proposals" });
  await proposals.getByLabel("Valid for (days)").fill("14");
  await proposals.getByRole("button", { name: "Create proposal" }).click();
  const link = await proposals.getByLabel("Link for the homeowner").inputValue();
  const home = await browser.newContext({ javaScriptEnabled: jsEnabled(info), viewport: isPhone(info) ? { width: 390, height: 844 } : { width: 1280, height: 900 } });
  const homeowner = await home.newPage();
  await homeowner.goto(new URL(link).pathname);
  const accept = homeowner.getByRole("form", { name: "Accept the proposal" });
  await accept.getByLabel("Your full name").fill(name);
  await accept.getByLabel("I have read the proposal and agree to its price and terms.").check();
  await accept.getByRole("button", { name: "Accept proposal" }).click();
  await expect(homeowner.getByRole("status", { name: "Accepted" })).toContainText(`Accepted by ${name}`);
  await home.close();

  // The deposit's draft is there at once: 30% of $10,000.05 is $3,000.015, billed $3,000.02.
  await staff.goto(`/admin/leads/${leadId}`);
  const money = staff.getByRole("region", { name: "Invoices and payments" });
  const deposit = money.getByRole("listitem", { name: "Deposit invoice Draft" });
  await expect(deposit).toContainText("$3,000.02");
  await expect(deposit).toContainText("Draft");

  // A wrong percent is refused in the form, and nothing else changes.
  await deposit.getByText("Edit draft").click();
  await deposit.getByLabel("Percent", { exact: true }).fill("150");
  await deposit.getByRole("button", { name: "Save draft" }).click();
  await expect(staff.getByText("Please enter a percent between 0.01 and 100, like 30").first()).toBeVisible();
  if (!jsEnabled(info)) await staff.goto(`/admin/leads/${leadId}`);

  // 25% then: saved, $2,500.01.
  const draft = money.getByRole("listitem", { name: "Deposit invoice Draft" });
  if (!(await draft.getByLabel("Percent", { exact: true }).isVisible())) await draft.getByText("Edit draft").click();
  await draft.getByLabel("Percent", { exact: true }).fill("25");
  await draft.getByRole("button", { name: "Save draft" }).click();
  await expect(staff.getByText("Invoice draft saved").first()).toBeVisible();
  await expect(money.getByRole("listitem", { name: "Deposit invoice Draft" })).toContainText("$2,500.01");

  // Sent: numbered, the mail with its PDF reaches the fake Resend.
  await money.getByRole("listitem", { name: "Deposit invoice Draft" }).getByRole("button", { name: "Send to the homeowner" }).click();
  await expect(staff.getByText("Invoice sent").first()).toBeVisible();
  const sent = money.getByRole("listitem", { name: /^Deposit invoice INV-\d{4,}$/ });
  await expect(sent).toContainText("Sent");
  await expect.poll(async () => (await mailsTo(email)).filter((m) => m.subject.startsWith("Invoice INV-")).length).toBe(1);
  const mail = (await mailsTo(email)).find((m) => m.subject.startsWith("Invoice INV-"))!;
  expect(mail.subject).toContain("$2,500.01");
  expect(mail.text).toMatch(/\/job\/[\w-]{43}/);
  const [pdf] = attachmentsOf(mail);
  expect(pdf?.filename).toMatch(/^invoice-\d+-lee-ortega/);
  expect(bytesOf(pdf?.content).subarray(0, 5).toString()).toBe("%PDF-");

  // A check without its number is refused; with it, the invoice is Paid and a receipt goes.
  await sent.getByText("Record a payment").click();
  await sent.getByRole("combobox", { name: "How" }).selectOption("check");
  await sent.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText("Please enter the check number").first()).toBeVisible();
  if (!jsEnabled(info)) await staff.goto(`/admin/leads/${leadId}`);
  const again = money.getByRole("listitem", { name: /^Deposit invoice INV-\d{4,}$/ });
  if (!(await again.getByLabel("Check number (for a check)").isVisible())) await again.getByText("Record a payment").click();
  await again.getByRole("combobox", { name: "How" }).selectOption("check");
  await again.getByLabel("Check number (for a check)").fill("1042");
  await again.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText("Payment recorded").first()).toBeVisible();
  await expect(again).toContainText("Paid");
  await expect(again).toContainText("check no. 1042");
  await expect.poll(async () => (await mailsTo(email)).filter((m) => m.subject.startsWith("Receipt:")).length).toBe(1);
});
