import type { Page } from "@playwright/test";
import { expect, scriptsStarted, test } from "./fixtures";
import { jsEnabled } from "./helpers";
import { seedReviewLink } from "./links";

// One way to validate a form (decision 0039): a control's name is its caption alone, its
// hint and its error are its description, and a refused form says why next to the field,
// with scripts and without.

/** Descriptions (hints, errors) that sit inside a <label>, which would make them part of a control's name. */
function descriptionsInsideLabels(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("[aria-describedby]")]
      .flatMap((el) => (el.getAttribute("aria-describedby") ?? "").split(/\s+/))
      .map((id) => (id ? document.getElementById(id) : null))
      .filter((d): d is HTMLElement => d !== null && d.closest("label") !== null)
      .map((d) => d.textContent),
  );
}

test("a hint describes its control and is no part of its name", async ({ adminPage: page }) => {
  await page.goto("/admin/pricing");
  const tax = page.getByRole("textbox", { name: "Sales tax rate (%)", exact: true });
  await expect(tax).toHaveAccessibleName("Sales tax rate (%)");
  await expect(tax).toHaveAccessibleDescription(
    "The combined state and local rate, like 8.5. Applied to the whole estimate.",
  );
  const better = page.getByRole("group", { name: "Better shingle line" });
  await expect(
    better.getByRole("textbox", { name: "Name (as estimates and proposals show it)", exact: true }),
  ).toHaveAccessibleDescription("Homeowners read it on their proposal: the product, like Timberline HDZ.");
  expect(await descriptionsInsideLabels(page)).toEqual([]);

  await page.goto("/admin/contact");
  const facebook = page.getByRole("textbox", { name: "Facebook", exact: true });
  await expect(facebook).toHaveAccessibleDescription("For example https://www.facebook.com/yourpage");
  expect(await descriptionsInsideLabels(page)).toEqual([]);

  // The old address: it redirects to /admin/leads/new since leads have one name (decision 0036).
  await page.goto("/admin/leads/new");
  await expect(page.getByRole("textbox", { name: "Phone", exact: true })).toHaveAccessibleDescription(
    "A phone number or an email: at least one.",
  );
  expect(await descriptionsInsideLabels(page)).toEqual([]);

  await page.goto("/admin/images");
  await expect(page.getByLabel("Image file", { exact: true })).toHaveAccessibleDescription(
    "PNG, JPG or WebP up to 10MB",
  );
  expect(await descriptionsInsideLabels(page)).toEqual([]);

  await page.goto("/admin/projects?edit=new");
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await descriptionsInsideLabels(page)).toEqual([]);
});

test("the homeowner's review form: the name's hint is its description, not its name", async ({ page }, info) => {
  await page.goto(seedReviewLink(`Hint Reader ${info.project.name}`));
  if (jsEnabled(info)) await scriptsStarted(page);
  const name = page.getByRole("textbox", { name: "Your name *", exact: true });
  await expect(name).toHaveAccessibleDescription("Shown with your review. A first name and initial is fine.");
  await name.fill("");
  await page.getByRole("button", { name: "Send my review" }).click();
  // Refused by the server (this page loads no validation library): said at each field.
  await expect(page.getByRole("alert")).toHaveText("Please check the fields marked below.");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(
    "Please enter your name Shown with your review. A first name and initial is fine.",
  );
  await expect(page.getByRole("group", { name: "Your rating *" })).toHaveAccessibleDescription(
    "Please choose a rating from 1 to 5 stars",
  );
  await expect(page.getByRole("textbox", { name: "Your review *", exact: true })).toHaveAccessibleDescription(
    "Please tell us a few words about the work",
  );
  expect(await descriptionsInsideLabels(page)).toEqual([]);
});

test("the sign-in form marks an empty field, and says a wrong password once above the form", async ({ page }, info) => {
  await page.goto("/admin/login");
  if (jsEnabled(info)) await scriptsStarted(page);
  const email = page.getByRole("textbox", { name: "Email", exact: true });
  await email.fill("admin@example.com");
  await page.getByRole("button", { name: "Login" }).click();
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("Please enter your email and password");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await password.fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to login");
  // What was typed comes back; without scripts (a new page) the password never does.
  await expect(email).toHaveValue("admin@example.com");
  if (!jsEnabled(info)) await expect(password).toHaveValue("");
});

test("admin forms refused by the server say why next to the field, scripts or not", async ({ adminPage: page }) => {
  await page.goto("/admin/pricing");
  const tax = page.getByRole("textbox", { name: "Sales tax rate (%)", exact: true });
  await tax.fill("eight");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(tax).toHaveAttribute("aria-invalid", "true");
  await expect(tax).toHaveAccessibleDescription(
    /^Please .+ The combined state and local rate, like 8\.5\. Applied to the whole estimate\.$/,
  );

  await page.goto("/admin/contact");
  const facebook = page.getByRole("textbox", { name: "Facebook", exact: true });
  await facebook.fill("facebook.com/ours");
  await page.getByRole("button", { name: "Save Business Details" }).click();
  await expect(facebook).toHaveAttribute("aria-invalid", "true");
  await expect(facebook).toHaveAccessibleDescription(
    "Please enter the full address of the page, starting with https:// For example https://www.facebook.com/yourpage",
  );

  // A message the spec words for two fields is said once above the form, and marks both.
  await page.goto("/admin/testimonials?edit=new");
  const editor = page.getByRole("dialog", { name: "Add New Testimonial" });
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("alert")).toHaveText("Name and quote are required");
  for (const name of ["Name *", "Quote *"]) {
    await expect(editor.getByRole("textbox", { name, exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(editor.getByRole("textbox", { name, exact: true })).toHaveAccessibleDescription(
      "Name and quote are required",
    );
  }
  expect(await descriptionsInsideLabels(page)).toEqual([]);
});
