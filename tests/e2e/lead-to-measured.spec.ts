import { expect, test } from "./fixtures";
import { escapeRegExp, jsEnabled } from "./helpers";
import { fillQuote, mailsTo, photo } from "./quote";

// The first half of a job: a homeowner's request without scripts, with two photos,
// becomes a lead that staff move through the statuses, measure in the roof tool in one
// click (on one of the homeowner's photos), and see measured on the lead's page.
// Staff work with and without scripts, on a phone and a desktop (the four projects).

test("a no-JS quote request with two photos becomes a lead that staff work, measure and see measured", async ({
  browser,
  adminPage: staff,
}, info) => {
  const name = `Hale ${info.project.name} ${Date.now()}`;
  const email = `hale-${info.project.name}-${Date.now()}@example.com`;

  const homeowner = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const visitor = await homeowner.newPage();
  await visitor.goto("/contact");
  const form = visitor.getByRole("form", { name: "Contact form" });
  await fillQuote(form, name, email);
  await form
    .getByLabel("Photos (up to 5)")
    .setInputFiles([await photo("north-slope.jpg", "#468"), await photo("gutter.png", "#a64", "png")]);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    visitor.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." }),
  ).toBeVisible();
  await homeowner.close();

  // The owner's notification, through the real SDK to the local fake, links to the lead.
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  const notification = (await mailsTo(email)).find((m) => m.reply_to === email)!;
  const leadPath = /\/admin\/leads\/\d+/.exec(notification.text)![0];

  await staff.goto(leadPath);
  await expect(staff.getByRole("article", { name })).toBeVisible();
  await expect(staff.getByRole("region", { name: "Photos" }).getByRole("img")).toHaveCount(2);
  const panel = staff.getByRole("region", { name: "Status and notes" });
  await expect(panel.getByLabel("Status")).toHaveValue("new");
  await panel.getByLabel("Status").selectOption("visit_scheduled");
  await panel.getByLabel("Add a note").fill("Texted her; visit Thursday 9 am.");
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText("Lead updated").first()).toBeVisible();
  await expect(panel.getByRole("region", { name: "History" })).toContainText("New → Visit scheduled");

  // One click: the roof tool opens on a customer made from the lead.
  const roof = staff.getByRole("region", { name: "Roof measurement" });
  await expect(roof).toContainText("Not measured yet.");
  await roof.getByRole("button", { name: "Measure this roof" }).click();
  await expect(staff).toHaveURL(/\/admin\/roof-measurement\?customer=\d+/);
  await expect(staff.getByLabel("Customer name")).toHaveValue(name);
  await expect(staff.getByLabel("Street")).toHaveValue("418 N Main St");
  await expect(staff.getByLabel("City")).toHaveValue("Derby");
  await expect(staff.getByLabel("ZIP")).toHaveValue("67037");

  // The homeowner's photo as the top view, and the roof's size typed in.
  await staff.getByLabel("Length (ft)").fill("40");
  await staff.getByLabel("Width (ft)").fill("30");
  await staff.getByLabel("Pitch (X/12)").fill("6");
  await staff.getByRole("button", { name: "Use north-slope.jpg for the top view" }).click();
  if (jsEnabled(info)) {
    await expect(staff.getByText("Photo of the job set for the top view").first()).toBeVisible();
    await staff.getByRole("button", { name: "Save Customer" }).click();
  }
  await expect(staff.getByText("Customer data saved successfully").first()).toBeVisible();
  await expect(staff.getByText("Saved picture: north-slope.jpg").first()).toBeAttached();

  // Back on the lead: Measured, with the roof's figures and its PDF.
  await staff.getByRole("link", { name: `Lead: ${name}` }).click();
  await expect(staff).toHaveURL(new RegExp(`${escapeRegExp(leadPath)}$`));
  const measured = staff.getByRole("region", { name: "Roof measurement" });
  await expect(measured).toContainText("1,342 sq ft");
  await expect(measured).toContainText("13.42");
  await expect(measured).toContainText("6/12");
  await expect(staff.getByRole("region", { name: "Status and notes" }).getByLabel("Status")).toHaveValue("measured");
  await expect(staff.getByRole("region", { name: "History" })).toContainText("Visit scheduled → Measured");
  const pdf = await measured.getByRole("link", { name: "Measurement PDF" }).getAttribute("href");
  const report = await staff.request.get(pdf!);
  expect(report.headers()["content-type"]).toBe("application/pdf");

  // A second click on the lead's roof opens the same customer, not a new one.
  await measured.getByRole("link", { name: "Open in the roof tool" }).click();
  await expect(staff.getByLabel("Roof area (sq ft)")).toHaveValue("1342");
});
