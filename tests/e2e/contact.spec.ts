import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_DIR } from "../../playwright.config";
import { expect, signIn, test } from "./fixtures";
import { jsEnabled } from "./helpers";
import { fillQuote, mailsTo, photo } from "./quote";

// What the quote form says when it cannot tell how to get back to the visitor.
const REACH_MESSAGES = {
  reach: "Please enter an email address or a phone number, so we can get back to you",
  callNeedsPhone: "Please enter your phone number, so we can call or text you",
} as const;

test("a visitor's message is mailed, answered, and waiting in the admin's leads", async ({ page, browser }, info) => {
  const email = `visitor-${info.project.name}@example.com`;
  const name = `Sam ${info.project.name}`;
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByLabel("Message").fill("Please quote a new roof for a 1,800 sq ft ranch.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." }),
  ).toBeVisible();
  if (jsEnabled(info)) {
    await expect(
      page.locator(".Toastify").getByText("Your message has been sent! We'll get back to you soon."),
    ).toBeVisible();
  }

  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  const [notification, autoreply] = (await mailsTo(email)).sort((a) => (a.reply_to === email ? -1 : 1));
  expect(notification).toMatchObject({
    subject: `New message from ${name}`,
    reply_to: email,
    to: ['"Prairie Ridge Framing & Roofing" <hello@example.com>'],
  });
  expect(notification.text).toContain("Please quote a new roof");
  expect(autoreply.to).toEqual([`"${name}" <${email}>`]);

  const admin = await browser.newContext({ javaScriptEnabled: jsEnabled(info) });
  const adminPage = await admin.newPage();
  await signIn(adminPage, info.project.use.baseURL!);
  await adminPage.goto("/admin/leads");
  await expect(adminPage.getByTestId("new-leads")).toBeVisible();
  await adminPage.getByRole("link", { name: new RegExp(name) }).click();
  const detail = adminPage.getByRole("article", { name });
  await expect(detail).toContainText("Please quote a new roof");
  await expect(detail).toContainText("Notification: Sent");
  await expect(detail).toContainText("Auto-reply: Sent");
  // The e2e server has a (fake) Resend key, so no "mail is not set up" warning.
  await expect(adminPage.getByRole("note")).toHaveCount(0);
  // Opened is read: the page offers to mark it unread again, to come back to it from the list.
  await detail.getByRole("button", { name: "Mark unread" }).click();
  await expect(adminPage.getByText("Marked as unread").first()).toBeVisible();
  await admin.close();
});

test("the lead list exports every lead as CSV", async ({ adminPage: page }) => {
  const response = await page.request.get("/admin/leads/export.csv", { headers: { "Accept-Encoding": "gzip, br" } });
  expect(response.status()).toBe(200);
  // A download streams as it is: no compression stream in between (server.js).
  expect(response.headers()["content-encoding"]).toBeUndefined();
  expect(response.headers()["content-type"]).toContain("text/csv");
  expect(response.headers()["content-disposition"]).toMatch(/attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"/);
  // A byte-order mark first, so Excel on Windows reads the file as UTF-8.
  const body = await response.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(body.subarray(3).toString("utf8").split("\r\n")[0]).toBe(
    "received,name,email,phone,message,notification,autoresponder,read,archived,service,street,city,zip,preferred contact,photos,status,follow up on,lost reason,invoiced,paid,owed,job value",
  );
});

test("anonymous requests for the CSV get 401 @once", async ({ request }) => {
  expect((await request.get("/admin/leads/export.csv")).status()).toBe(401);
});

// Both tests save the whole contact settings form: one after the other, so neither saves
// over what the other is checking.
test.describe("contact settings", () => {
  test.describe.configure({ mode: "default" });

  test("a changed autoresponder subject is used for the next message @desktop @js", async ({
    adminPage: page,
  }, info) => {
    await page.goto("/admin/contact");
    const subject = page.getByLabel("Autoresponder subject");
    await expect(subject).toHaveValue("Thank you for contacting Prairie Ridge Framing & Roofing");
    await subject.fill(`Thanks from the Whitakers (${info.project.name})`);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.locator(".Toastify").getByText("Contact settings saved successfully")).toBeVisible();

    const email = `settings-${info.project.name}@example.com`;
    await page.goto("/contact");
    const contact = page.getByRole("form", { name: "Contact form" });
    await contact.getByLabel("Name").fill("Val");
    await contact.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await contact.getByLabel("Message").fill("Gutter guards?");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect
      .poll(async () => (await mailsTo(email)).map((m) => m.subject))
      .toContain(`Thanks from the Whitakers (${info.project.name})`);

    await page.goto("/admin/contact");
    await page.getByLabel("Autoresponder subject").fill("Thank you for contacting Prairie Ridge Framing & Roofing");
    await page.getByLabel("Notification email (where new messages go)").fill("not-an-email");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await page.getByLabel("Notification email (where new messages go)").fill("hello@example.com");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.locator(".Toastify").getByText("Contact settings saved successfully")).toBeVisible();
  });

  test("the daily summary of waiting leads is switched on and off, with scripts and without @desktop @js", async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    const summary = (p: Page) => p.getByRole("checkbox", { name: "Send me a daily summary of waiting leads" });
    const hour = (p: Page) => p.getByLabel("Send it at (Kansas time)");
    await page.goto("/admin/contact");
    await expect(summary(page)).not.toBeChecked();
    await expect(summary(page)).toHaveAccessibleDescription(/No email on days when nothing is waiting\./);
    await expect(hour(page)).toHaveValue("7");
    await expect(hour(page).locator("option:checked")).toHaveText("7 am");
    await summary(page).check();
    await hour(page).selectOption({ label: "6 am" });
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.locator(".Toastify").getByText("Contact settings saved successfully")).toBeVisible();
    await page.reload();
    await expect(summary(page)).toBeChecked();
    await expect(hour(page)).toHaveValue("6");

    // Without scripts, the same form switches it off again (and back to 7 am).
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await signIn(plain, baseURL!);
    await plain.goto("/admin/contact");
    await expect(summary(plain)).toBeChecked();
    await summary(plain).uncheck();
    await hour(plain).selectOption({ label: "7 am" });
    await plain.getByRole("button", { name: "Save Settings" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "Contact settings saved successfully" })).toBeVisible();
    await expect(summary(plain)).not.toBeChecked();
    await expect(hour(plain)).toHaveValue("7");
    await context.close();

    await page.reload();
    await expect(summary(page)).not.toBeChecked();
  });
});

test("an empty form gets the spec's message naming the fields, inline, and as a toast when scripts run", async ({
  page,
}, info) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("alert")).toHaveText("Error: Please fill in all required fields: Name, Message");
  // An email or a phone, either one: said on the email field.
  await expect(form.getByRole("textbox", { name: /^Email/ })).toHaveAccessibleDescription(REACH_MESSAGES.reach);
  if (jsEnabled(info)) {
    await expect(
      page.locator(".Toastify").getByText("Please fill in all required fields: Name, Message"),
    ).toBeVisible();
  }
});

test("'Call' without a phone is refused on the phone field; a phone alone, no email, is taken", async ({
  page,
}, info) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  const name = `Cal ${info.project.name} ${Date.now()}`;
  await form.getByLabel("Name").fill(name);
  await form.getByRole("textbox", { name: /^Email/ }).fill(`cal-${info.project.name}@example.com`);
  await form.getByLabel("Message").fill("Please call me about the hail.");
  await form.getByRole("radio", { name: "Call" }).check();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("alert")).toHaveText(`Error: ${REACH_MESSAGES.callNeedsPhone}`);
  const phone = form.getByRole("textbox", { name: /^Phone/ });
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(REACH_MESSAGES.callNeedsPhone, { exact: true })).toBeVisible();
  if (jsEnabled(info)) await expect(page.locator(".Toastify").getByText(REACH_MESSAGES.callNeedsPhone)).toBeVisible();

  // The phone instead of the email: taken, with nothing else to fill in.
  await form.getByRole("textbox", { name: /^Email/ }).fill("");
  await phone.fill("(316) 555-0177");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." }),
  ).toBeVisible();
  await expect
    .poll(async () => (await mailsTo("hello@example.com")).find((m) => m.text?.includes(name))?.text ?? "")
    .toContain("No email was given: call or text them.");
});

test("each field in error is outlined, marked invalid and described by its message, and with scripts focused", async ({
  page,
}, info) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  const name = form.getByRole("textbox", { name: /^Name/ });
  const email = form.getByRole("textbox", { name: /^Email/ });
  const phone = form.getByRole("textbox", { name: /^Phone/ });
  const plainBorder = await phone.evaluate((el) => getComputedStyle(el).borderTopColor);
  await name.fill("Ana Ruiz");
  await email.fill("ana@example");
  await form.getByLabel("ZIP").fill("6703");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("alert")).toHaveText("Error: Please fill in all required fields: Message");
  const message = form.getByRole("textbox", { name: /^Message/ });
  const zip = form.getByRole("textbox", { name: /^ZIP/ });
  for (const [field, why] of [
    [message, "Please fill in all required fields"],
    [email, "Please enter a valid email address"],
    [zip, "Please enter a 5-digit ZIP code"],
  ] as const) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(why);
    expect(await field.evaluate((el) => getComputedStyle(el).borderTopColor), "outlined in red").not.toBe(plainBorder);
  }
  for (const fine of [name, phone]) await expect(fine).not.toHaveAttribute("aria-invalid", "true");
  // The missing field's message is said once on screen, by the alert; the wrong ones under their fields.
  // (Under the field it is for screen readers only: a 1-pixel, clipped box.)
  const under = await form.getByText("Please fill in all required fields", { exact: true }).boundingBox();
  expect(under!.width * under!.height).toBeLessThanOrEqual(1);
  await expect(form.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(name).toHaveValue("Ana Ruiz");
  // With scripts the cursor is in the first field marked, on the page.
  if (jsEnabled(info)) {
    await expect(email).toBeFocused();
    await expect(email).toBeInViewport();
  }
});

test("an out-of-area ZIP's note does not move Send: the first tap sends @js", async ({ page }, info) => {
  const email = `first-tap-${info.project.name}-${Date.now()}@example.com`;
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill(`Tap ${info.project.name}`);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByLabel("Message").fill("New gutters on a ranch house.");
  // Topeka's ZIP, typed last: the note appears as the finger lands on Send (the field loses focus).
  await form.getByLabel("ZIP").fill("66603");
  await expect(form.getByText(/We mostly work around Wichita/)).toHaveCount(0);
  await expect(form.getByLabel("ZIP")).toBeFocused();
  // As a phone leaves it after typing: the field near the top of the screen, Send below it.
  await form.getByLabel("ZIP").evaluate((el) => el.scrollIntoView({ block: "start", behavior: "instant" }));
  const send = form.getByRole("button", { name: "Send Message" });
  await expect(send).toBeInViewport({ ratio: 1 });
  const before = (await send.boundingBox())!;
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  // Pointer down: the ZIP field has lost focus and the note is said, and Send has not moved.
  await expect(form.getByText(/We mostly work around Wichita/)).toBeVisible();
  expect(await send.boundingBox()).toEqual(before);
  await page.mouse.up();
  await expect(
    page.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." }),
  ).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
});

/** The quote form sent without its email (and no phone instead) and with two photos (north-slope.jpg, porch.jpg): the form that comes back. */
async function sendTwoPhotosWithoutEmail(page: Page, name: string) {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await fillQuote(form, name, "");
  await form
    .getByLabel("Photos (up to 5)")
    .setInputFiles([await photo("north-slope.jpg", "#468"), await photo("porch.jpg", "#a64")]);
  await form.getByRole("button", { name: "Send Message" }).click();
  return page.getByRole("form", { name: "Contact form" });
}

test("without scripts, photos sent with a form that comes back are kept as attached and go with the corrected form @nojs", async ({
  page,
}, info) => {
  const name = `Kept ${info.project.name} ${Date.now()}`;
  const email = `kept-${info.project.name}-${Date.now()}@example.com`;
  const form = await sendTwoPhotosWithoutEmail(page, name);
  await expect(form.getByRole("alert")).toHaveText(`Error: ${REACH_MESSAGES.reach}`);
  await expect(form.getByRole("textbox", { name: /^Email/ })).toHaveAttribute("aria-invalid", "true");
  const attached = form.getByRole("list", { name: "Attached photos" });
  await expect(attached.getByRole("listitem")).toHaveCount(2);
  await expect(attached.getByRole("listitem").first()).toContainText("north-slope.jpg attached");
  await expect(attached.getByRole("listitem").last()).toContainText("porch.jpg attached");
  await attached.getByRole("checkbox", { name: "Remove porch.jpg" }).check();
  await form.getByRole("textbox", { name: /^Email/ }).fill(email);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." }),
  ).toBeInViewport();
  await expect
    .poll(async () => (await mailsTo(email)).find((m) => m.reply_to === email)?.text ?? "")
    .toContain("Photos: 1");
});

test("without scripts, a kept photo that can no longer be sent is named on the photo field, and nothing is sent without it @nojs", async ({
  page,
}, info) => {
  const name = `Lost ${info.project.name} ${Date.now()}`;
  const email = `lost-${info.project.name}-${Date.now()}@example.com`;
  const form = await sendTwoPhotosWithoutEmail(page, name);
  await expect(form.getByRole("list", { name: "Attached photos" }).getByRole("listitem")).toHaveCount(2);
  // Between the two posts the north slope's kept file stops being a picture (a disk fault).
  const kept = await form
    .locator('input[name="attachedPhotos"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const token = kept.find((v) => v.endsWith(" north-slope.jpg"))!.split(" ")[0];
  fs.writeFileSync(
    `${E2E_DIR}/private-uploads/attached/${createHash("sha256").update(token).digest("base64url")}`,
    "not a picture any more",
  );

  await form.getByRole("textbox", { name: /^Email/ }).fill(email);
  await form.getByRole("button", { name: "Send Message" }).click();
  const lost = "Your attached photo could not be kept; please choose it again: north-slope.jpg";
  await expect(form.getByRole("alert")).toHaveText(`Error: ${lost}`);
  await expect(form.getByLabel("Photos (up to 5)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(lost, { exact: true })).toBeVisible();
  // Everything else is as it was: the typed fields, and the porch photo still attached.
  await expect(form.getByRole("textbox", { name: /^Email/ })).toHaveValue(email);
  const attached = form.getByRole("list", { name: "Attached photos" }).getByRole("listitem");
  await expect(attached).toHaveCount(1);
  await expect(attached).toContainText("porch.jpg attached");
  expect(await mailsTo(email)).toEqual([]);

  await form.getByLabel("Photos (up to 5)").setInputFiles([await photo("north-slope.jpg", "#468")]);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." }),
  ).toBeInViewport();
  await expect
    .poll(async () => (await mailsTo(email)).find((m) => m.reply_to === email)?.text ?? "")
    .toContain("Photos: 2");
});

test("Request Service on a home service card opens the form with that service chosen", async ({ page }) => {
  await page.goto("/");
  const card = page
    .locator("#services")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Residential Roofing" }) });
  await card.getByRole("link", { name: /Request Service/ }).click();
  await expect(page).toHaveURL(/\/\?service=residential-roofing-wichita#contact$/);
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByLabel("Type of work")).toHaveValue("Residential Roofing");
  await expect(form).toBeInViewport();
  // Another card chooses its own service.
  await page
    .locator("#services")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Gutter Services" }) })
    .getByRole("link", { name: /Request Service/ })
    .click();
  await expect(form.getByLabel("Type of work")).toHaveValue("Gutter Services");
  // A service page's quote buttons do the same.
  await page.goto("/services/roof-repairs-wichita");
  for (const quote of await page.getByRole("link", { name: "Get a Free Quote" }).all())
    await expect(quote).toHaveAttribute("href", "/?service=roof-repairs-wichita#contact");
  await page.getByRole("link", { name: "Get a Free Quote" }).first().click();
  await expect(page.getByRole("form", { name: "Contact form" }).getByLabel("Type of work")).toHaveValue("Roof Repairs");
});

test("business details: a social page added in the admin appears in the footer, and goes again @desktop @js", async ({
  adminPage: page,
  browser,
  baseURL,
  request,
}) => {
  await page.goto("/admin/contact");
  const details = page.getByRole("region", { name: "Business details" });
  await expect(details.getByLabel("Phone")).toHaveValue("(620) 555-0142");
  await details.getByLabel("Facebook").fill("facebook.com/prairieridge");
  await details.getByRole("button", { name: "Save Business Details" }).click();
  await expect(details.getByText("Please enter the full address of the page, starting with https://")).toBeVisible();
  await details.getByLabel("Facebook").fill("https://www.facebook.com/prairieridge");
  await details.getByRole("button", { name: "Save Business Details" }).click();
  await expect(page.locator(".Toastify").getByText("Business details saved successfully")).toBeVisible();

  // Opening hours rows come and go in place (nothing saved here).
  const rows = details.getByRole("group", { name: "Days" });
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByRole("checkbox", { name: "Mon" })).toBeChecked();
  await expect(rows.nth(1).getByRole("checkbox", { name: "Sat" })).toBeChecked();
  await details.getByRole("button", { name: "Add opening hours" }).click();
  await expect(rows).toHaveCount(3);
  await details.getByRole("button", { name: "Remove this row" }).last().click();
  await expect(rows).toHaveCount(2);

  // A visitor without a session, served from the page cache, sees it on the next request.
  expect(await (await request.get("/about")).text()).toContain('href="https://www.facebook.com/prairieridge"');
  await page.goto("/about");
  const social = page.getByRole("contentinfo").getByRole("list", { name: "Social media" });
  await expect(social.getByRole("link")).toHaveCount(1);
  await expect(social.getByRole("link", { name: "Facebook" })).toHaveAttribute(
    "href",
    "https://www.facebook.com/prairieridge",
  );

  // Without scripts, the same form takes it out again.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await signIn(plain, baseURL!);
  await plain.goto("/admin/contact");
  await plain.getByRole("button", { name: "Add opening hours" }).click();
  await expect(plain.getByRole("group", { name: "Days" })).toHaveCount(3);
  await plain.goto("/admin/contact");
  await plain.getByLabel("Facebook").fill("");
  await plain.getByRole("button", { name: "Save Business Details" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Business details saved successfully" })).toBeVisible();
  await plain.goto("/about");
  await expect(plain.getByRole("contentinfo").getByRole("list", { name: "Social media" })).toHaveCount(0);
  expect(await (await request.get("/about")).text()).not.toContain("https://www.facebook.com/prairieridge");
  await context.close();
});

test("without scripts the answer page opens at the result, on a phone too @nojs", async ({ page }) => {
  // From the home page's form: the browser lands on /contact, scrolled to what went wrong.
  await page.goto("/#contact");
  await page.getByRole("form", { name: "Contact form" }).getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact#contact-result$/);
  const error = page.getByRole("form", { name: "Contact form" }).getByRole("alert");
  await expect(error).toHaveText("Error: Please fill in all required fields: Name, Message");
  await expect(error).toBeInViewport();

  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Pat Nojs");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("pat-nojs@example.com");
  await form.getByLabel("Message").fill("Gutters on a ranch house, please.");
  await form.getByRole("button", { name: "Send Message" }).click();
  const sent = page.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." });
  await expect(sent).toBeInViewport();
});

test("a quote request with two photos reaches the admin, photos and all @nojs", async ({ page, browser }, info) => {
  const name = `Rosa ${info.project.name}`;
  const email = `quote-${info.project.name}@example.com`;
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await fillQuote(form, name, email);
  await form
    .getByLabel("Photos (up to 5)")
    .setInputFiles([await photo("north-slope.jpg", "#468"), await photo("gutter.png", "#a64", "png")]);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." }),
  ).toBeInViewport();

  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  const notification = (await mailsTo(email)).find((m) => m.reply_to === email)!;
  expect(notification.subject).toBe(`New quote request: ${name}, Derby — Storm / hail damage`);
  expect(notification.text).toContain("Work:  Storm / hail damage");
  expect(notification.text).toContain("Photos: 2");

  const admin = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  const adminPage = await admin.newPage();
  await signIn(adminPage, info.project.use.baseURL!);
  await adminPage.goto("/admin/leads");
  await adminPage.getByRole("link", { name: new RegExp(name) }).click();
  await expect(adminPage).toHaveURL(/\/admin\/leads\/\d+$/);
  const detail = adminPage.getByRole("article", { name });
  await expect(detail).toContainText("Storm / hail damage");
  await expect(detail).toContainText("418 N Main St, Derby, KS 67037");
  await expect(detail.getByRole("link", { name: `Email ${email}` })).toHaveAttribute("href", `mailto:${email}`);
  const photos = adminPage.getByRole("region", { name: "Photos" }).getByRole("img");
  await expect(photos).toHaveCount(2);
  for (const img of await photos.all()) {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  // Each thumbnail opens the full photo, which only a signed-in browser may fetch.
  const full = await adminPage
    .getByRole("region", { name: "Photos" })
    .getByRole("link", { name: "Photo north-slope.jpg" })
    .getAttribute("href");
  expect((await adminPage.request.get(full!)).headers()["content-type"]).toBe("image/jpeg");
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(`${info.project.use.baseURL}${full}`)).status()).toBe(401);
  await anonymous.close();
  await admin.close();
});

test("with scripts, photos show as previews, one can be removed, and the request is sent in place @js", async ({
  page,
}, info) => {
  const email = `preview-${info.project.name}@example.com`;
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await fillQuote(form, `Lee ${info.project.name}`, email);
  // A town we do not serve: the form says so kindly, and still sends.
  await form.getByLabel("City").fill("Topeka");
  await form.getByLabel("ZIP").fill("66603");
  await form.getByLabel("Message").focus();
  await expect(form.getByText(/We mostly work around Wichita/)).toBeVisible();

  const input = form.getByLabel("Photos (up to 5)");
  await input.setInputFiles([await photo("one.jpg", "#468"), await photo("two.jpg", "#a64")]);
  const previews = form.getByRole("list", { name: "Chosen photos" }).getByRole("img");
  await expect(previews).toHaveCount(2);
  await form.getByRole("button", { name: "Remove two.jpg" }).click();
  await expect(previews).toHaveCount(1);
  await expect(form.getByRole("img", { name: "one.jpg" })).toBeVisible();

  // The browser refuses what it can tell is not a photo, naming it, before anything is sent.
  await input.setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") }]);
  await expect(
    page.locator(".Toastify").getByText("notes.txt: Please upload a valid image file (JPEG, PNG, or WebP)"),
  ).toBeVisible();
  await expect(previews).toHaveCount(1);

  const url = page.url();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.locator(".Toastify").getByText("Your message has been sent! We'll get back to you soon."),
  ).toBeVisible();
  await expect(form.getByText(/We mostly work around Wichita/)).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(previews).toHaveCount(0);
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expect
    .poll(async () => (await mailsTo(email)).find((m) => m.reply_to === email)?.text ?? "")
    .toContain("Photos: 1");
});

test("a text file named like a photo is refused by name, and everything typed stays", async ({ page }, info) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await fillQuote(form, `Kim ${info.project.name}`, `disguised-${info.project.name}@example.com`);
  await form
    .getByLabel("Photos (up to 5)")
    .setInputFiles([
      { name: "roof.jpg", mimeType: "image/jpeg", buffer: Buffer.from("my notes about the roof, not a photo") },
    ]);
  await form.getByRole("button", { name: "Send Message" }).click();
  const refused = "roof.jpg: Please upload a valid image file (JPEG, PNG, or WebP)";
  await expect(page.getByRole("form", { name: "Contact form" }).getByRole("alert")).toHaveText(`Error: ${refused}`);
  if (jsEnabled(info)) await expect(page.locator(".Toastify").getByText(refused)).toBeVisible();
  const again = page.getByRole("form", { name: "Contact form" });
  await expect(again.getByLabel("Name")).toHaveValue(`Kim ${info.project.name}`);
  await expect(again.getByLabel("Type of work")).toHaveValue("Storm / hail damage");
  await expect(again.getByLabel("Street")).toHaveValue("418 N Main St");
  await expect(again.getByLabel("ZIP")).toHaveValue("67037");
  await expect(again.getByLabel("Message")).toHaveValue("Hail took some shingles off the north side.");
  await expect(again.getByRole("radio", { name: "Email" })).toBeChecked();
});

test("the roof-repairs page's promise of a photo leads to the form that takes one", async ({ page }) => {
  await page.goto("/services/roof-repairs-wichita");
  await page.getByRole("link", { name: "Send us a photo" }).click();
  await expect(page).toHaveURL(/\/contact#send-message$/);
  await expect(page.getByRole("form", { name: "Contact form" }).getByLabel("Photos (up to 5)")).toBeVisible();
});

test("with scripts, a photo on a slow connection shows how far its upload has got @js @desktop", async ({
  page,
}, info) => {
  await page.goto("/contact");
  // Chromium's own network throttling: about 200 KB a second up.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: 1_000_000,
    uploadThroughput: 200_000,
  });
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Slow Upload");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(`slow-${info.project.name}@example.com`);
  await form.getByLabel("Message").fill("A photo of the chimney flashing.");
  // Noise does not compress: a 800 x 600 JPEG of it is about half a megabyte.
  const pixels = Buffer.from(Array.from({ length: 800 * 600 * 3 }, () => Math.floor(Math.random() * 256)));
  const buffer = await sharp(pixels, { raw: { width: 800, height: 600, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  await form.getByLabel("Photos (up to 5)").setInputFiles([{ name: "chimney.jpg", mimeType: "image/jpeg", buffer }]);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  await expect(form.getByText(/Uploading photos… [1-9]\d?%/)).toBeVisible();
  await expect(
    page.locator(".Toastify").getByText("Your message has been sent! We'll get back to you soon."),
  ).toBeVisible({ timeout: 20_000 });
  await expect(form.getByText(/Uploading photos/)).toHaveCount(0);
});
