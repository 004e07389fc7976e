import type { Browser, TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DIR } from "../../playwright.config";
import { expect, signIn, test } from "./fixtures";
import { isPhone, jsEnabled } from "./helpers";
import { mailsTo } from "./quote";
import { seedLeadWithEstimate } from "./seed-estimate";

// Staff send a proposal from a lead's estimate, the homeowner opens the link
// (no account) and accepts it by typing their name, with scripts and without, on a phone
// and a desktop; the lead is Won and the owner's mail reaches the fake Resend.

/** A measured lead with a traced roof and an estimate ($3,458.81), written straight into the e2e database. */
const seedLead = (name: string, email: string) => seedLeadWithEstimate(name, email, { roof: true });

/** Staff, in their own browser (scripts as the project says, its width), on the lead's page. */
async function staffOnLead(browser: Browser, info: TestInfo, baseURL: string, leadId: number) {
  const staffContext = await browser.newContext({
    javaScriptEnabled: jsEnabled(info),
    viewport: isPhone(info) ? { width: 390, height: 844 } : { width: 1280, height: 900 },
  });
  const staff = await staffContext.newPage();
  await signIn(staff, baseURL);
  await staff.goto(`/admin/leads/${leadId}`);
  return { staffContext, staff, proposals: staff.getByRole("region", { name: "Proposals" }) };
}

test("staff send a proposal, the homeowner accepts it by the link, the lead is Won and the owner is mailed", async ({
  browser,
  page: homeowner,
  baseURL,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `Dana Ortiz ${stamp}`;
  const email = `ortiz-${stamp}@example.com`;
  const leadId = seedLead(name, email);

  const { staffContext, staff, proposals } = await staffOnLead(browser, info, baseURL!, leadId);
  await proposals.getByLabel("Terms the homeowner agrees to").fill("Half on signing, half when the work is done.");
  await proposals.getByLabel("Valid for (days)").fill("14");
  await proposals.getByRole("button", { name: "Create proposal" }).click();
  await expect(staff.getByText("Proposal created").first()).toBeVisible();
  const link = await proposals.getByLabel("Link for the homeowner").inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/proposal\/[\w-]{43}$/);
  await expect(proposals).toContainText("$3,458.81");
  // Only a link so far: nobody has been mailed it.
  await expect(proposals).toContainText("Not sent yet");
  await expect(staff.getByRole("region", { name: "Status and notes" }).getByLabel("Status")).toHaveValue("quoted");
  // Shown once: the next visit has the proposal, not its link.
  await staff.reload();
  await expect(proposals.getByLabel("Link for the homeowner")).toHaveCount(0);

  // The homeowner, on their own device, without an account.
  const response = await homeowner.goto(new URL(link).pathname);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(homeowner.getByRole("heading", { level: 1 })).toHaveText(`Proposal for ${name}`);
  await expect(homeowner.getByRole("region", { name: "Summary" })).toContainText("$3,458.81");
  await expect(homeowner.getByRole("img", { name: "Outline of your roof from above" })).toBeVisible();
  await expect(homeowner.getByRole("region", { name: "The work and its price" })).toContainText(
    "Architectural shingles",
  );
  await expect(homeowner.getByRole("region", { name: "Terms" })).toContainText("Half on signing");
  const pdf = await homeowner.request.get(
    await homeowner
      .getByRole("link", { name: "Download PDF" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // A name of spaces is no name: refused on the field, with the box still checked.
  const form = homeowner.getByRole("form", { name: "Accept the proposal" });
  await form.getByLabel("Your full name").fill("   ");
  await form.getByLabel("I have read the proposal and agree to its price and terms.").check();
  await form.getByRole("button", { name: "Accept proposal" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please check the fields marked below.");
  await expect(form.getByLabel("Your full name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Your full name")).toHaveAccessibleDescription("Please type your full name to accept.");
  await expect(form.getByLabel("I have read the proposal and agree to its price and terms.")).toBeChecked();

  if (jsEnabled(info)) await homeowner.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await form.getByLabel("Your full name").fill(name);
  await form.getByRole("button", { name: "Accept proposal" }).click();
  const accepted = homeowner.getByRole("status", { name: "Accepted" });
  await expect(accepted).toContainText(`Accepted by ${name}`);
  await expect(form).toHaveCount(0);
  // With scripts the page updated in place: no reload.
  if (jsEnabled(info))
    expect(await homeowner.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Staff see it Won, and the owner's mail went through the SDK to the fake Resend.
  await staff.reload();
  const panel = staff.getByRole("region", { name: "Status and notes" });
  await expect(panel.getByLabel("Status")).toHaveValue("won");
  await expect(panel.getByRole("region", { name: "History" })).toContainText(`Accepted by ${name}`);
  await expect(proposals).toContainText(`Accepted by ${name}`);
  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => m.subject.startsWith(`Proposal accepted: ${name}`)).length)
    .toBe(1);
  await staffContext.close();
});

// The proposal goes to the homeowner by mail through the outbox, with a link
// of its own; the homeowner accepts it by the link in the mailed HTML.
test("staff email the proposal to the homeowner, who accepts it by the mailed link", async ({
  browser,
  page: homeowner,
  baseURL,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `Mia Chen ${stamp}`;
  const email = `chen-${stamp}@example.com`;
  const leadId = seedLead(name, email);

  const { staffContext, staff, proposals } = await staffOnLead(browser, info, baseURL!, leadId);
  await proposals.getByRole("button", { name: "Create proposal" }).click();
  await expect(staff.getByText("Proposal created").first()).toBeVisible();
  const copied = await proposals.getByLabel("Link for the homeowner").inputValue();

  await proposals.getByRole("button", { name: `Email to ${name}` }).click();
  await expect(staff.getByText(`Proposal emailed to ${email}`).first()).toBeVisible();
  await expect(proposals).toContainText(`Emailed to ${email}: Sent`);
  await expect(proposals).toContainText("Waiting for the homeowner");
  await expect(proposals.getByRole("button", { name: `Email again to ${name}` })).toBeVisible();
  // The lead's history says it was mailed, and to whom, as it says an invoice was sent.
  await expect(
    staff
      .getByRole("region", { name: /History/ })
      .getByRole("listitem")
      .first(),
  ).toContainText(`Proposal emailed to ${email}`);

  // The mail reached the fake Resend through the SDK, with a link of its own.
  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => m.subject.startsWith("Your proposal from")).length)
    .toBe(1);
  const [mail] = (await mailsTo(email)).filter((m) => m.subject.startsWith("Your proposal from"));
  const mailed = /href="([^"]+)"/.exec(mail.html ?? "")![1];
  expect(mailed).toMatch(/\/proposal\/[\w-]{43}$/);
  expect(mailed).not.toBe(copied);

  // The homeowner opens the mailed link and accepts; the link staff copied opens the same, accepted proposal.
  await homeowner.goto(new URL(mailed).pathname);
  await expect(homeowner.getByRole("heading", { level: 1 })).toHaveText(`Proposal for ${name}`);
  const form = homeowner.getByRole("form", { name: "Accept the proposal" });
  await form.getByLabel("Your full name").fill(name);
  await form.getByLabel("I have read the proposal and agree to its price and terms.").check();
  await form.getByRole("button", { name: "Accept proposal" }).click();
  await expect(homeowner.getByRole("status", { name: "Accepted" })).toContainText(`Accepted by ${name}`);
  await homeowner.goto(new URL(copied).pathname);
  await expect(homeowner.getByRole("status", { name: "Accepted" })).toContainText(`Accepted by ${name}`);

  await staff.reload();
  await expect(staff.getByRole("region", { name: "Status and notes" }).getByLabel("Status")).toHaveValue("won");
  await expect(proposals.getByRole("button", { name: /^Email/ })).toHaveCount(0);
  await staffContext.close();
});

test("a link that is not one of ours says so and gives the phone number @desktop", async ({ page }) => {
  const response = await page.goto("/proposal/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find this proposal");
  await expect(page.getByRole("link", { name: "Call (620) 555-0142" })).toBeVisible();
});

// A newer proposal replaces the open one, whose link then says so
// with the phone number (its PDF too); the homeowner reads units as people count them and
// the owner's name for the shingles, never the good/better/best tier.
test("a newer proposal replaces the open one, whose link says so; the homeowner reads plain units", async ({
  browser,
  page: homeowner,
  baseURL,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const leadId = seedLead(`Replaced ${stamp}`, `replaced-${stamp}@example.com`);
  const db = new Database(`${E2E_DIR}/app.db`);
  const lines = [
    {
      key: "shingles",
      label: "Architectural shingles",
      quantity: 45,
      unit: "bundle",
      unitPriceCents: 4150,
      totalCents: 186750,
      adjusted: false,
    },
    {
      key: "underlayment",
      label: "Synthetic underlayment",
      quantity: 1,
      unit: "roll",
      unitPriceCents: 9500,
      totalCents: 9500,
      adjusted: false,
    },
  ];
  db.prepare(
    "update estimates set lines = ?, subtotal_cents = 196250, tax_cents = 14719, total_cents = 210969 where lead_id = ?",
  ).run(JSON.stringify(lines), leadId);
  db.close();

  const staffContext = await browser.newContext({ javaScriptEnabled: jsEnabled(info) });
  const staff = await staffContext.newPage();
  await signIn(staff, baseURL!);
  const proposals = staff.getByRole("region", { name: "Proposals" });
  const create = async () => {
    await staff.goto(`/admin/leads/${leadId}`);
    // Open on a lead without proposals; folded once there is one.
    if (!(await proposals.locator("details").evaluate((d) => (d as HTMLDetailsElement).open)))
      await proposals.getByText(/Send a proposal/).click();
    await proposals.getByRole("button", { name: "Create proposal" }).click();
    await expect(staff.getByText("Proposal created").first()).toBeVisible();
    return new URL(await proposals.getByLabel("Link for the homeowner").inputValue()).pathname;
  };
  const first = await create();
  const second = await create();
  await expect(proposals).toContainText("Replaced");
  await expect(staff.getByRole("region", { name: "History" })).toContainText("it replaces the earlier proposal");

  const old = await homeowner.goto(first);
  expect(old?.status()).toBe(410);
  await expect(homeowner.getByRole("heading", { level: 1 })).toHaveText("This proposal was replaced by a newer one");
  await expect(homeowner.getByRole("link", { name: "Call (620) 555-0142" })).toBeVisible();
  await expect(homeowner.getByRole("form", { name: "Accept the proposal" })).toHaveCount(0);
  const oldPdf = await homeowner.request.get(`${first}/proposal.pdf`);
  expect(oldPdf.status()).toBe(410);

  await homeowner.goto(second);
  await expect(homeowner.getByRole("region", { name: "Summary" })).toContainText("Architectural shingles");
  await expect(homeowner.getByRole("region", { name: "Summary" })).not.toContainText("Better");
  const work = homeowner.getByRole("region", { name: "The work and its price" });
  await expect(work).toContainText("45 bundles × $41.50");
  await expect(work).toContainText("1 roll × $95.00");
  await staffContext.close();
});

test("changing the estimate withdraws the open proposal, and the page says so before and after", async ({
  browser,
  page: homeowner,
  baseURL,
}, info) => {
  const stamp = `${info.project.name}-${Date.now()}`;
  const leadId = seedLead(`Changed ${stamp}`, `changed-${stamp}@example.com`);
  const staffContext = await browser.newContext({ javaScriptEnabled: jsEnabled(info) });
  const staff = await staffContext.newPage();
  await signIn(staff, baseURL!);
  await staff.goto(`/admin/leads/${leadId}`);
  const proposals = staff.getByRole("region", { name: "Proposals" });
  await proposals.getByRole("button", { name: "Create proposal" }).click();
  await expect(staff.getByText("Proposal created").first()).toBeVisible();
  const link = new URL(await proposals.getByLabel("Link for the homeowner").inputValue()).pathname;
  // The toast sits over the page's lower right, and a pointer resting on it keeps it open:
  // the pointer moves off, as staff's would, and the toast goes before the next click.
  await staff.mouse.move(0, 0);
  await expect(staff.locator(".Toastify__toast")).toHaveCount(0, { timeout: 10_000 });

  const estimate = staff.getByRole("region", { name: "Estimate" });
  // Beside the open proposal, the panel says who sees what once, and no longer calls its
  // estimate an unsent draft.
  await expect(estimate).toContainText(
    "A proposal is open. The homeowner sees it with the figures it had when it was sent. Saving or making the estimate again withdraws it: send a new one after.",
  );
  await expect(estimate).not.toContainText("A draft: the homeowner sees it once a proposal is sent.");
  await estimate.getByRole("group", { name: "Architectural shingles" }).getByLabel("Quantity").fill("50");
  await estimate.getByRole("button", { name: "Save estimate" }).click();
  await expect(
    staff.getByText("Estimate saved. The open proposal was withdrawn: send a new one.").first(),
  ).toBeVisible();
  await staff.reload();
  await expect(staff.getByRole("region", { name: "Estimate" })).not.toContainText("A proposal is open.");
  await expect(proposals).toContainText("Replaced");

  // The homeowner's link no longer offers the old figure.
  const old = await homeowner.goto(link);
  expect(old?.status()).toBe(410);
  await expect(homeowner.getByRole("heading", { level: 1 })).toHaveText("This proposal was replaced by a newer one");
  await staffContext.close();
});
