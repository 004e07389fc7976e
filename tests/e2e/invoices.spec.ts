import type { SentMail } from "../fake-resend";
import { expect, test } from "./fixtures";
import { acceptProposal, isPhone, jsEnabled } from "./helpers";
import { mailsTo } from "./quote";
import { seedLeadWithEstimate, seedWonJob, type SeedEstimate } from "./seed-estimate";

// Invoices and payments recorded by staff: a proposal accepted makes the deposit's
// draft invoice; staff send it (numbered then; the fake Resend gets it with its PDF), record
// a check, and the invoice is Paid. Scripts on and off, phone and desktop.

/** An estimate of $10,000.05 (no tax), so the deposit's 30% rounds half up: $3,000.02. */
const TEN_THOUSAND: SeedEstimate = {
  street: "88 Elm St",
  city: "Mulvane",
  zip: "67110",
  lines: [
    {
      key: "labor",
      label: "Labor, up to 6/12",
      quantity: 1,
      unit: "squares",
      unitPriceCents: 1_000_005,
      totalCents: 1_000_005,
      adjusted: true,
    },
  ],
  taxBasisPoints: 0,
  taxCents: 0,
};

const attachmentsOf = (mail: SentMail) =>
  (mail as SentMail & { attachments?: { filename: string; content: unknown }[] }).attachments ?? [];
const bytesOf = (content: unknown) =>
  typeof content === "string" ? Buffer.from(content, "base64") : Buffer.from((content as { data: number[] }).data);

test("an accepted proposal's deposit is sent with its PDF, paid by check, and Paid", async ({
  browser,
  adminPage: staff,
}, info) => {
  test.setTimeout(120_000);
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `Lee Ortega ${stamp}`;
  const email = `ortega-${stamp}@example.com`;
  const leadId = seedLeadWithEstimate(name, email, { estimate: TEN_THOUSAND });

  // Staff make the proposal; the homeowner accepts it by its link.
  await staff.goto(`/admin/leads/${leadId}`);
  const proposals = staff.getByRole("region", { name: "Proposals" });
  await proposals.getByLabel("Valid for (days)").fill("14");
  await proposals.getByRole("button", { name: "Create proposal" }).click();
  const link = await proposals.getByLabel("Link for the homeowner").inputValue();
  const home = await browser.newContext({
    javaScriptEnabled: jsEnabled(info),
    viewport: isPhone(info) ? { width: 390, height: 844 } : { width: 1280, height: 900 },
  });
  const homeowner = await home.newPage();
  await homeowner.goto(new URL(link).pathname);
  await acceptProposal(homeowner, name);
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
  await money
    .getByRole("listitem", { name: "Deposit invoice Draft" })
    .getByRole("button", { name: "Send to the homeowner" })
    .click();
  await expect(staff.getByText("Invoice sent").first()).toBeVisible();
  const sent = money.getByRole("listitem", { name: /^Deposit invoice INV-\d{4,}$/ });
  await expect(sent).toContainText("Sent");
  // Its lines fold out, and the fold-out shows it: a triangle before "Lines", turned down when open.
  const lines = sent.getByText("Lines", { exact: true });
  const marker = () =>
    lines.evaluate((el) => {
      const before = getComputedStyle(el, "::before");
      return { drawn: before.borderLeftWidth !== "0px" && before.content !== "none", turned: before.transform };
    });
  expect(await marker()).toEqual({ drawn: true, turned: "none" });
  await lines.click();
  await expect(sent.getByText("Deposit: 25% of the $10,000.05 accepted proposal")).toBeVisible();
  await expect.poll(async () => (await marker()).turned).not.toBe("none");
  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => m.subject.startsWith("Invoice INV-")).length)
    .toBe(1);
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
  if (!(await again.getByLabel("Check number (for a check)").isVisible()))
    await again.getByText("Record a payment").click();
  await again.getByRole("combobox", { name: "How" }).selectOption("check");
  await again.getByLabel("Check number (for a check)").fill("1042");
  await again.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText("Payment recorded").first()).toBeVisible();
  await expect(again).toContainText("Paid");
  await expect(again).toContainText("check no. 1042");
  await expect.poll(async () => (await mailsTo(email)).filter((m) => m.subject.startsWith("Receipt:")).length).toBe(1);
});

test("a draft is deleted after a confirm step, and a sent invoice has no delete", async ({
  adminPage: staff,
}, info) => {
  const leadId = seedWonJob(`Rosa Quint ${info.project.name}-${Date.now()}`, 800_000, [
    { kind: "deposit", state: "sent" },
    { kind: "progress", state: "draft" },
  ]);
  await staff.goto(`/admin/leads/${leadId}`);
  const money = staff.getByRole("region", { name: "Invoices and payments" });
  const draft = money.getByRole("listitem", { name: "Progress invoice Draft" });
  // A draft owes nothing yet: it says so instead of "$0.00".
  await expect(draft.getByRole("definition").filter({ hasText: "Not sent yet" })).toBeVisible();
  await expect(draft.getByText("Void invoice")).toHaveCount(0);
  const sent = money.getByRole("listitem", { name: /^Deposit invoice INV-\d{4,}$/ });
  await expect(sent.getByRole("link", { name: "Delete draft" })).toHaveCount(0);
  await expect(sent.getByText("Void invoice")).toBeVisible();

  // Cancel leaves it be.
  await draft.getByRole("link", { name: "Delete draft" }).click();
  const confirm = staff.getByRole("dialog", { name: "Delete draft invoice" });
  await expect(confirm).toContainText("Progress invoice draft for $2,000.00");
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(draft).toBeVisible();

  await draft.getByRole("link", { name: "Delete draft" }).click();
  await staff.getByRole("dialog", { name: "Delete draft invoice" }).getByRole("button", { name: "Delete" }).click();
  await expect(staff.getByText("Invoice draft deleted").first()).toBeVisible();
  await expect(money.getByRole("listitem", { name: "Progress invoice Draft" })).toHaveCount(0);
  await expect(sent).toBeVisible();
  expect(new URL(staff.url()).pathname).toBe(`/admin/leads/${leadId}`);
});

test("Add a row gives a draft one more change-order row, keeping what was typed", async ({
  adminPage: staff,
}, info) => {
  const leadId = seedWonJob(`Ada Brandt ${info.project.name}-${Date.now()}`, 1_000_000, [
    { kind: "deposit", state: "draft" },
  ]);
  await staff.goto(`/admin/leads/${leadId}`);
  await staff.evaluate(() => Object.assign(window, { stillThisPage: true }));
  const draft = staff.getByRole("listitem", { name: "Deposit invoice Draft" });
  await draft.getByText("Edit draft").click();
  await expect(draft.getByLabel(/^Change \d+: what$/)).toHaveCount(3);
  await draft.getByLabel("Change 1: what").fill("Extra ridge vent");
  await draft.getByLabel("Amount ($)").nth(1).fill("250");
  await draft.getByRole("button", { name: "Add a row" }).click();
  // Without scripts the form comes back from the server (nothing saved); with them, in place.
  const form = staff.getByRole("listitem", { name: "Deposit invoice Draft" });
  await expect(form.getByLabel("Change 4: what")).toBeVisible();
  await expect(form.getByLabel("Change 1: what")).toHaveValue("Extra ridge vent");
  if (jsEnabled(info)) expect(await staff.evaluate(() => "stillThisPage" in window)).toBe(true);
  await form.getByLabel("Change 4: what").fill("Credit: gutters stay");
  await form.getByLabel("Amount ($)").nth(4).fill("-50");
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(staff.getByText("Invoice draft saved").first()).toBeVisible();
  // 30% of $10,000.00, + $250.00 − $50.00.
  await expect(staff.getByRole("listitem", { name: "Deposit invoice Draft" })).toContainText("$3,200.00");
});
