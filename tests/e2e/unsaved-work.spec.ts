import { scriptsStarted } from "./fixtures";
import { expect, test } from "./own-site";

// Typed work is never dropped without a word: saving one card of a page keeps what was typed
// in the other, marked as not saved, and leaving (another page, another page's headlines)
// asks first. Scripts only: without them each card is its own page load.

test("saving one card keeps the other card's typing, and leaving asks first @js @desktop", async ({
  page,
  ownSite,
}) => {
  await ownSite.signIn(page);
  // A slow phone: the page is typed in before its scripts have run, and that typing counts.
  await page.route(/\/entry\.client-/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(`${ownSite.baseURL}/admin/contact`);
  const business = page.getByRole("form", { name: "Business details" });
  await business.getByLabel("Company name").fill("Hutch Roofing LLC");
  await scriptsStarted(page);
  await page.getByLabel("Autoresponder subject").fill("Thanks, we got your message");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.locator(".Toastify").getByText("Contact settings saved successfully")).toBeVisible();
  await expect(page.getByLabel("Autoresponder subject")).toHaveValue("Thanks, we got your message");
  await expect(business.getByLabel("Company name")).toHaveValue("Hutch Roofing LLC");
  await expect(business.getByRole("status")).toHaveText("Changes here are not saved yet.");

  // Leaving asks; staying keeps the typing.
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Today", exact: true }).first().click();
  await expect.poll(() => asked).toContain("not saved yet");
  await expect(page).toHaveURL(/\/admin\/contact$/);
  await expect(business.getByLabel("Company name")).toHaveValue("Hutch Roofing LLC");

  // Saved, nothing is left to warn about.
  await business.getByRole("button", { name: "Save Business Details" }).click();
  await expect(page.locator(".Toastify").getByText("Business details saved successfully")).toBeVisible();
  await expect(business.getByRole("status")).toHaveCount(0);
  await page.getByRole("link", { name: "Today", exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("switching to another page's headlines asks before dropping a typed headline @js @desktop", async ({
  page,
  ownSite,
}) => {
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/site/words`);
  await page.getByRole("textbox", { name: "Headline" }).fill("Roofs that see Kansas weather through");
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link").nth(1).click();
  await expect.poll(() => asked).toContain("not saved yet");
  await expect(page.getByRole("textbox", { name: "Headline" })).toHaveValue("Roofs that see Kansas weather through");
});
