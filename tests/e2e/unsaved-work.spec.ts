import { scriptsStarted } from "./fixtures";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// Typed work is never dropped without a word. Contact & Business is one form of two cards:
// either card's button saves both, with scripts or without (decision 0085). With scripts,
// leaving (another page, another page's headlines) asks first.

test("typing in both cards and saving from one saves both, with scripts and without @desktop", async ({
  page,
  ownSite,
}, info) => {
  await ownSite.signIn(page);
  const js = jsEnabled(info);
  // A slow phone: the page is typed in before its scripts have run, and that typing counts.
  if (js)
    await page.route(/\/entry\.client-/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
  await page.goto(`${ownSite.baseURL}/admin/contact`);
  const business = page.getByRole("region", { name: "Business details" });
  const settings = page.getByRole("region", { name: "Contact settings" });
  await business.getByLabel("Company name").fill("Hutch Roofing LLC");
  if (js) await scriptsStarted(page);
  await settings.getByLabel("Autoresponder subject").fill("Thanks, we got your message");
  if (js) await expect(business.getByRole("status")).toHaveText("Changes here are not saved yet.");
  await settings.getByRole("button", { name: "Save Settings" }).click();
  const saved = "Contact settings and business details saved successfully";
  if (js) await expect(page.locator(".Toastify").getByText(saved)).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: saved })).toBeVisible();
  await page.unroute(/\/entry\.client-/);
  await page.reload();
  if (js) await scriptsStarted(page);
  await expect(settings.getByLabel("Autoresponder subject")).toHaveValue("Thanks, we got your message");
  await expect(business.getByLabel("Company name")).toHaveValue("Hutch Roofing LLC");
  await expect(page.getByText("Changes here are not saved yet.")).toHaveCount(0);
  // Both groups were saved, so each says who last changed it.
  await expect(page.getByText(/Last changed by/)).toHaveCount(2);
  if (!js) return;

  // Leaving asks; staying keeps the typing.
  await business.getByLabel("Company name").fill("Hutch & Sons Roofing");
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Today", exact: true }).first().click();
  await expect.poll(() => asked).toContain("not saved yet");
  await expect(page).toHaveURL(/\/admin\/contact$/);
  await expect(business.getByLabel("Company name")).toHaveValue("Hutch & Sons Roofing");

  // Saved, nothing is left to warn about; only the group that changed is named.
  await business.getByRole("button", { name: "Save Business Details" }).click();
  await expect(page.locator(".Toastify").getByText("Business details saved successfully")).toBeVisible();
  await expect(page.getByText("Changes here are not saved yet.")).toHaveCount(0);
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
