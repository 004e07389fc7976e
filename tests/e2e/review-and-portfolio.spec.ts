import type { Page } from "@playwright/test";
import { expect, scriptsStarted, test } from "./fixtures";
import { isPhone, jsEnabled } from "./helpers";
import { AUGUSTA_GUTTERS, fillQuote, mailsTo, photo } from "./quote";

// A won job is completed; the homeowner gets a review request
// by mail (through the real SDK to the local fake), opens its link and reviews the work
// (scripts on and off, phone and desktop); the owner approves it and it shows on
// /testimonials. The same job goes into the portfolio as a draft that no visitor sees
// until it is published, and then shows on its service's and its town's pages.

/** A public page read as a visitor: no session, so the page cache answers. */
async function visitorSees(page: Page, path: string) {
  await page.goto(path);
  return page.locator("main");
}

test("a completed job is reviewed by its homeowner, approved, and shown in the portfolio once published", async ({
  browser,
  adminPage: staff,
}, info) => {
  // The job's whole second half, two browsers at once.
  test.setTimeout(90_000);
  const stamp = `${info.project.name} ${Date.now()}`;
  const name = `Dale ${stamp} Rowe`;
  const email = `dale-${info.project.name}-${Date.now()}@example.com`;
  const viewport = isPhone(info) ? { width: 390, height: 844 } : { width: 1280, height: 900 };

  // The quote request, with a photo of the roof.
  const homeowner = await browser.newContext({ javaScriptEnabled: jsEnabled(info), viewport });
  const visitor = await homeowner.newPage();
  const request = await browser.newContext({ javaScriptEnabled: false });
  const requestPage = await request.newPage();
  await requestPage.goto("/contact");
  const quote = requestPage.getByRole("form", { name: "Contact form" });
  await fillQuote(quote, name, email, AUGUSTA_GUTTERS);
  await quote.getByLabel("Photos (up to 5)").setInputFiles([await photo("north-slope.jpg", "#468")]);
  await quote.getByRole("button", { name: "Send Message" }).click();
  await expect(requestPage.getByRole("status").filter({ hasText: "Your message has been sent!" })).toBeVisible();
  await request.close();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  const leadPath = /\/admin\/leads\/\d+/.exec((await mailsTo(email)).find((m) => m.reply_to === email)!.text)![0];

  // Won, then completed.
  await staff.goto(leadPath);
  const panel = staff.getByRole("region", { name: "Status and notes" });
  await panel.getByLabel("Status").selectOption("won");
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText("Lead updated").first()).toBeVisible();
  const job = staff.getByRole("region", { name: "The job" });
  await job.getByRole("button", { name: "Mark the job completed" }).click();
  await expect(job).toContainText("Completed");
  await expect(staff.getByRole("region", { name: "History" })).toContainText("Job completed");

  // The review request goes out; the lead shows its mail state.
  await job.getByRole("button", { name: "Ask for a review" }).click();
  await expect(staff.getByText("Review request sent to the homeowner").first()).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => m.subject.startsWith("How did we do?")).length)
    .toBe(1);
  await staff.reload();
  await expect(staff.getByRole("region", { name: "The job" })).toContainText("Review request: Sent");
  const mail = (await mailsTo(email)).find((m) => m.subject.startsWith("How did we do?"))!;
  const link = /http:\/\/\S+\/review\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];

  // The homeowner opens the link: name and town filled in. A review without stars is sent back, what was typed kept.
  await visitor.goto(new URL(link).pathname);
  if (jsEnabled(info)) await scriptsStarted(visitor);
  await expect(visitor.getByRole("heading", { name: "How did we do?" })).toBeVisible();
  // Published with the review, so offered as first name and initial; this homeowner
  // chooses to sign with the whole name (which the owner's list below is searched by).
  await expect(visitor.getByLabel("Your name *")).toHaveValue("Dale R.");
  await visitor.getByLabel("Your name *").fill(name);
  await expect(visitor.getByLabel("Your town")).toHaveValue("Augusta, KS");
  const words = `Friendly crew, a tidy yard, and every call answered the same day (${stamp}).`;
  await visitor.getByLabel("Your review *").fill(words);
  await visitor.getByRole("button", { name: "Send my review" }).click();
  await expect(visitor.getByText("Please choose a rating from 1 to 5 stars")).toBeVisible();
  await expect(visitor.getByLabel("Your review *")).toHaveValue(words);
  await visitor.locator(`label[for="review-rating-5"]`).click();
  // With scripts the page stays (no reload): a mark left on it is still there after sending.
  if (jsEnabled(info)) await visitor.evaluate(() => Object.assign(window, { stayed: true }));
  await visitor.getByRole("button", { name: "Send my review" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you for your review!" })).toBeVisible();
  if (jsEnabled(info)) expect(await visitor.evaluate(() => "stayed" in window)).toBe(true);
  // The link has done its work.
  const again = await visitor.goto(new URL(link).pathname);
  expect(again?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { name: "We already have your review. Thank you!" })).toBeVisible();

  // Pending: not on the site until the owner approves it.
  await expect(await visitorSees(visitor, "/testimonials")).not.toContainText(words);
  await staff.goto("/admin/testimonials");
  // The admin's header counts the reviews waiting (others' runs may have some waiting too).
  await expect(staff.getByRole("navigation", { name: "Admin" }).getByTestId("reviews-waiting")).toContainText(
    /[1-9]\d* waiting for approval/,
  );
  const row = staff.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: `Approve review by ${name}` }).click();
  await expect(staff.getByText("Review approved: it now shows on the site").first()).toBeVisible();
  await expect(staff.getByRole("row").filter({ hasText: name })).not.toContainText("Pending");
  await expect(await visitorSees(visitor, "/testimonials")).toContainText(words);

  // Into the portfolio as a draft, with the homeowner's photo.
  await staff.goto(leadPath);
  const jobAgain = staff.getByRole("region", { name: "The job" });
  await jobAgain.getByText("Add to portfolio").click();
  await expect(jobAgain.getByLabel("Title")).toHaveValue("Gutter Services in Augusta");
  await expect(jobAgain.getByLabel("Category")).toHaveValue("roofing");
  const title = `Gutter Services in Augusta ${stamp}`;
  await jobAgain.getByLabel("Title").fill(title);
  await jobAgain.getByRole("button", { name: "Create the draft" }).click();
  // Alt text is required: the browser (or, without scripts' checks, the server) asks for it.
  await jobAgain
    .getByLabel("Alt text for the after picture *")
    .fill("New seamless gutters along the front of a house in Augusta");
  await jobAgain.getByRole("button", { name: "Create the draft" }).click();
  await expect(staff.getByText("Draft added to the portfolio").first()).toBeVisible();
  const projectId = /edit=(\d+)/.exec(staff.url())![1];

  // A draft: nowhere on the site, its own page included.
  const draftPage = await visitor.goto(`/portfolio/${projectId}`);
  expect(draftPage?.status()).toBe(404);
  await expect(await visitorSees(visitor, "/portfolio")).not.toContainText(title);
  await expect(await visitorSees(visitor, "/services/gutter-services-wichita")).not.toContainText(title);
  expect(await (await visitor.request.get("/sitemap.xml")).text()).not.toContain(`/portfolio/${projectId}<`);

  // Published from the projects list: on the gutter services page and Augusta's page (pages the public specs leave alone).
  await staff.goto("/admin/projects/roofing");
  const projectRow = staff.getByRole("row").filter({ hasText: title });
  await expect(projectRow).toContainText("Draft");
  await projectRow.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(staff.getByText("Project published").first()).toBeVisible();
  await expect(staff.getByRole("row").filter({ hasText: title })).toContainText("Published");
  await expect(await visitorSees(visitor, "/services/gutter-services-wichita")).toContainText(title);
  await expect(await visitorSees(visitor, "/augusta-framing-roofing-services")).toContainText(title);
  expect((await visitor.goto(`/portfolio/${projectId}`))?.status()).toBe(200);
  await homeowner.close();
});
