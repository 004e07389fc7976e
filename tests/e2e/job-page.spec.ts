import type { Browser, TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";
import { E2E_DIR } from "../../playwright.config";
import { expect, signIn, test } from "./fixtures";
import { acceptProposal, isPhone, jsEnabled } from "./helpers";
import { mailsTo, photo } from "./quote";
import { seedLeadWithEstimate } from "./seed-estimate";
import { addDays, businessToday } from "../../app/lib/business-time";

// The homeowner's own page of the job. Staff make its link on the lead page
// (shown once), the homeowner opens it without an account, sees where the job stands, the
// signed proposal and an invoice, and sends a photo; staff see that photo on the lead.

const viewportOf = (info: TestInfo) => (isPhone(info) ? { width: 390, height: 844 } : { width: 1280, height: 900 });

/** The lead marked Won straight in the e2e database (the proposal's acceptance is the other test's). */
function markWon(leadId: number): void {
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    db.prepare("update leads set status = 'won' where id = ?").run(leadId);
  } finally {
    db.close();
  }
}

/** A sent progress invoice of $1,000.00 for the lead, numbered after the highest (the invoice screens are another spec's). */
function seedSentInvoice(leadId: number): void {
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    db.prepare(
      `insert into invoices (lead_id, number, kind, state, lines, subtotal_cents, total_cents, due_on, sent_at)
       select ?, coalesce(max(number), 0) + 1, 'progress', 'sent', ?, 100000, 100000, ?, ? from invoices`,
    ).run(
      leadId,
      JSON.stringify([{ description: "Tear-off and new roof, first half", amountCents: 100000 }]),
      addDays(businessToday(), 30),
      Date.now(),
    );
  } finally {
    db.close();
  }
}

async function staffOnLead(browser: Browser, info: TestInfo, baseURL: string, leadId: number) {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled(info), viewport: viewportOf(info) });
  const staff = await context.newPage();
  await signIn(staff, baseURL);
  await staff.goto(`/admin/leads/${leadId}`);
  return { context, staff };
}

test("staff make the job page's link, the homeowner sees the job and sends a photo, staff see it", async ({
  browser,
  page: homeowner,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `Lee Park ${stamp}`;
  const leadId = seedLeadWithEstimate(name, `park-${stamp}@example.com`);
  const { context, staff } = await staffOnLead(browser, info, baseURL!, leadId);

  // The proposal, accepted by the homeowner: the lead is Won.
  const proposals = staff.getByRole("region", { name: "Proposals" });
  await proposals.getByRole("button", { name: "Create proposal" }).click();
  await expect(staff.getByText("Proposal created").first()).toBeVisible();
  const proposalLink = await proposals.getByLabel("Link for the homeowner").inputValue();
  await homeowner.goto(new URL(proposalLink).pathname);
  await acceptProposal(homeowner, name);
  seedSentInvoice(leadId);

  // The homeowner's signed copy went by mail with the job page link; staff get that same link to copy, shown once.
  await expect
    .poll(
      async () =>
        (await mailsTo(`park-${stamp}@example.com`)).filter((m) => m.subject.startsWith("Your signed proposal from"))
          .length,
    )
    .toBe(1);
  const [signedCopy] = (await mailsTo(`park-${stamp}@example.com`)).filter((m) =>
    m.subject.startsWith("Your signed proposal from"),
  );
  await staff.reload();
  const panel = staff.getByRole("region", { name: "Job page" });
  await expect(panel).toContainText("1 link works, the latest made");
  await panel.getByRole("button", { name: "Get the link to copy" }).click();
  await expect(staff.getByText("Job page link ready").first()).toBeVisible();
  const link = await panel.getByLabel("Job page link").inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/job\/[\w-]{43}$/);
  expect(signedCopy.text).toContain(new URL(link).pathname);
  await expect(panel).toContainText("1 link works, the latest made");
  await staff.reload();
  await expect(panel.getByLabel("Job page link")).toHaveCount(0);

  // The homeowner's page: private, never cached, not indexed.
  const response = await homeowner.goto(new URL(link).pathname);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  expect(response?.headers()["referrer-policy"]).toContain("same-origin");
  await expect(homeowner.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(homeowner.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(homeowner.getByRole("region", { name: "We have your signed proposal" })).toBeVisible();
  const proposal = homeowner.getByRole("region", { name: "Your proposal" });
  await expect(proposal).toContainText("$3,458.81");
  const proposalPdf = await homeowner.request.get(
    (await proposal.getByRole("link", { name: /PDF/ }).getAttribute("href"))!,
  );
  expect(proposalPdf.headers()["content-type"]).toBe("application/pdf");
  const invoice = homeowner.getByRole("region", { name: "Invoices" }).getByRole("article");
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText("Progress");
  await expect(invoice).toContainText("$1,000.00 owed");
  const invoicePdf = await homeowner.request.get(
    (await invoice.getByRole("link", { name: "PDF" }).getAttribute("href"))!,
  );
  expect(invoicePdf.headers()["content-type"]).toBe("application/pdf");

  // A file that only claims to be a photo is refused in the page; a real one arrives.
  const upload = homeowner.getByRole("form", { name: "Send photos" });
  // A GIF: said before any upload with scripts, by the server without; the same words.
  const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#468" } })
    .gif()
    .toBuffer();
  await upload.getByLabel("Photos").setInputFiles([{ name: "anim.gif", mimeType: "image/gif", buffer: gif }]);
  await upload.getByRole("button", { name: "Send photos" }).click();
  await expect(upload.getByRole("alert")).toHaveText("anim.gif: Please upload a valid image file (JPEG, PNG, or WebP)");
  await upload
    .getByLabel("Photos")
    .setInputFiles([{ name: "leak.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture at all") }]);
  await upload.getByRole("button", { name: "Send photos" }).click();
  await expect(upload.getByRole("alert")).toContainText("leak.jpg: Please upload a valid image file");
  if (jsEnabled(info)) await homeowner.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await upload.getByLabel("Photos").setInputFiles([await photo(`ceiling-${stamp}.jpg`, "#864")]);
  await upload.getByRole("button", { name: "Send photos" }).click();
  await expect(homeowner.getByText("Thank you! We got your photo.").first()).toBeVisible();
  await expect(upload.getByRole("alert")).toHaveCount(0);
  if (jsEnabled(info))
    expect(await homeowner.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Staff see it with the lead's photos, and the history says where it came from.
  await staff.reload();
  await expect(
    staff.getByRole("region", { name: "Photos" }).getByRole("img", { name: `Photo ceiling-${stamp}.jpg` }),
  ).toBeVisible();
  await expect(staff.getByRole("region", { name: "History" })).toContainText("Added a photo from the job page");
  await context.close();
});

test("staff turn off every link (asked first): the old link answers not found, a new one opens the page", async ({
  browser,
  page: homeowner,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const stamp = `${info.project.name}-${Date.now()}`;
  const name = `Rue Lost Phone ${stamp}`;
  const leadId = seedLeadWithEstimate(name, `lost-${stamp}@example.com`);
  markWon(leadId);
  const { context, staff } = await staffOnLead(browser, info, baseURL!, leadId);
  const panel = staff.getByRole("region", { name: "Job page" });
  const makeLink = async () => {
    await panel.getByRole("button", { name: "Get the link to copy" }).click();
    await expect(staff.getByText("Job page link ready").first()).toBeVisible();
    return new URL(await panel.getByLabel("Job page link").inputValue()).pathname;
  };
  await expect(panel.getByText("Turn off every link")).toHaveCount(0);
  // One link per job: asked for twice, it is the same link.
  const first = await makeLink();
  expect(await makeLink()).toBe(first);
  await expect(panel).toContainText("1 link works");
  expect((await homeowner.goto(first))?.status()).toBe(200);

  // Asked first, in the page itself: the button is hidden until the disclosure opens.
  const confirm = panel.getByRole("button", { name: "Yes, turn off 1 link" });
  await expect(confirm).toBeHidden();
  await panel.getByText("Turn off every link").click();
  await expect(panel).toContainText("every link made so far stops opening the page");
  if (jsEnabled(info)) await staff.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await confirm.click();
  await expect(staff.getByText("1 link to the job page turned off.").first()).toBeVisible();
  if (jsEnabled(info))
    expect(await staff.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(panel).toContainText("No link works now. 1 turned off");
  await expect(staff.getByRole("region", { name: "History" })).toContainText("Turned off 1 link to the job page");
  await expect(panel.getByText("Turn off every link")).toHaveCount(0);

  // The homeowner's old link: the page's not-found, nothing of the job, the way to a new link.
  const response = await homeowner.goto(first);
  expect(response?.status()).toBe(404);
  await expect(homeowner.getByRole("heading", { level: 1 })).toHaveText("We could not find this page");
  await expect(homeowner.getByText("ask us for a new link")).toBeVisible();
  await expect(homeowner.getByRole("link", { name: "Call (620) 555-0142" })).toBeVisible();
  await expect(homeowner.getByText(name)).toHaveCount(0);

  // A link made afterwards is a new one and works; the old one stays off.
  const fresh = await makeLink();
  expect(fresh).not.toBe(first);
  await expect(panel).toContainText("1 link works");
  expect((await homeowner.goto(fresh))?.status()).toBe(200);
  await expect(homeowner.getByRole("heading", { level: 1 })).toHaveText(name);
  expect((await homeowner.goto(first))?.status()).toBe(404);
  await context.close();
});

test("a job page link that is not one of ours is a friendly 404 with the phone number @desktop", async ({ page }) => {
  for (const path of ["/job/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/job/not-a-token"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find this page");
    await expect(page.getByRole("link", { name: "Call (620) 555-0142" })).toBeVisible();
  }
});
