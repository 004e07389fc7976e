import type { Browser, Page, TestInfo } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { jsEnabled } from "./helpers";
import { expect, test, type OwnSite } from "./own-site";

// The owner's own account, on a site of the test's own: a password changed
// here would sign every other test out of the shared site.

/** A message after a redirect: a toast with scripts, the same words in the page without. */
async function expectFlash(page: Page, info: TestInfo, text: string) {
  if (jsEnabled(info)) await expect(page.locator(".Toastify").getByText(text)).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

/** A browser of its own (another device), with the page's scripts on or off as the project has them. */
async function otherDevice(browser: Browser, info: TestInfo, site: OwnSite, cookie?: string) {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled(info), baseURL: site.baseURL });
  if (cookie)
    await context.addCookies([
      { name: "__session", value: cookie, url: site.baseURL, httpOnly: true, sameSite: "Lax" },
    ]);
  return context;
}

async function login(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("a new password: the old one is refused, other devices are signed out, this one stays", async ({
  page,
  ownSite,
  browser,
}, info) => {
  await ownSite.signIn(page);
  const phone = await otherDevice(browser, info, ownSite, await ownSite.sessionCookie());
  const phonePage = await phone.newPage();
  await phonePage.goto("/admin/account");
  await expect(phonePage.getByRole("heading", { name: "Your account" })).toBeVisible();

  await page.goto(`${ownSite.baseURL}/admin/account`);
  const devices = page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: "This device" })).toHaveCount(1);

  const form = page.getByRole("form", { name: "Password" });
  // A wrong current password is said on its field, and nothing changes.
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill("prairie wind 2027");
  await form.getByLabel("New password again").fill("prairie wind 2027");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("That is not your current password")).toBeVisible();
  // The browser checks the rule first with scripts; the server says the same without.
  await form.getByLabel("Current password").fill(ADMIN.password);
  await form.getByLabel("New password", { exact: true }).fill("short");
  await form.getByLabel("New password again").fill("short");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("Please choose a password of at least 8 characters")).toBeVisible();

  await form.getByLabel("Current password").fill(ADMIN.password);
  await form.getByLabel("New password", { exact: true }).fill("prairie wind 2027");
  await form.getByLabel("New password again").fill("prairie wind 2027");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expectFlash(page, info, "Password changed. Every other device is signed out.");
  // This device stays signed in, and is now the only one; the form starts empty again.
  await expect(devices).toHaveCount(1);
  await expect(form.getByLabel("Current password")).toHaveValue("");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();

  // The other device is sent to sign in on its next request.
  await phonePage.goto("/admin/account");
  await expect(phonePage).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faccount$/);

  // The old password no longer signs in; the new one does.
  await login(phonePage, ADMIN.email, ADMIN.password);
  await expect(phonePage.getByRole("alert")).toHaveText("Failed to login");
  await login(phonePage, ADMIN.email, "prairie wind 2027");
  await expect(phonePage).toHaveURL(/\/admin$/);
  await phone.close();
});

test("a new sign-in email: taken addresses are refused, then the new one signs in", async ({
  page,
  ownSite,
  browser,
}, info) => {
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/account`);
  const form = page.getByRole("form", { name: "Sign-in email" });
  await expect(form).toContainText(`You sign in as ${ADMIN.email}`);
  await form.getByLabel("New email").fill(ADMIN.email);
  await form.getByLabel("Current password").fill(ADMIN.password);
  await form.getByRole("button", { name: "Change Email" }).click();
  await expect(form.getByText("That is already your email address")).toBeVisible();

  await form.getByLabel("New email").fill("dale@whitakerroofing.com");
  await form.getByLabel("Current password").fill(ADMIN.password);
  await form.getByRole("button", { name: "Change Email" }).click();
  await expectFlash(page, info, "Email changed. Sign in with the new address from now on.");
  await expect(form).toContainText("You sign in as dale@whitakerroofing.com");

  const other = await otherDevice(browser, info, ownSite);
  const otherPage = await other.newPage();
  await login(otherPage, ADMIN.email, ADMIN.password);
  await expect(otherPage.getByRole("alert")).toHaveText("Failed to login");
  await login(otherPage, "dale@whitakerroofing.com", ADMIN.password);
  await expect(otherPage).toHaveURL(/\/admin$/);
  await other.close();
});

test("devices: each named in plain words, signed out one by one or all at once", async ({
  page,
  ownSite,
  browser,
}, info) => {
  // A real sign-in through the form records the browser and its address.
  const laptop = await otherDevice(browser, info, ownSite);
  const laptopPage = await laptop.newPage();
  await login(laptopPage, ADMIN.email, ADMIN.password);
  await expect(laptopPage).toHaveURL(/\/admin$/);
  const tablet = await otherDevice(browser, info, ownSite, await ownSite.sessionCookie());

  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/account`);
  const list = page.getByRole("list", { name: "Signed-in devices" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  const recorded = list.getByRole("listitem").filter({ hasText: "Internet address 127.0.0.1" });
  await expect(recorded).toContainText(/Chrome on (Windows|Linux|Android)/);

  await recorded.getByRole("button", { name: /^Sign out Chrome/ }).click();
  await expectFlash(page, info, "Signed out Chrome on");
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await laptopPage.goto("/admin/account");
  await expect(laptopPage).toHaveURL(/\/admin\/login/);

  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expectFlash(page, info, "Signed out 1 other device");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  const tabletPage = await tablet.newPage();
  await tabletPage.goto("/admin/account");
  await expect(tabletPage).toHaveURL(/\/admin\/login/);
  await laptop.close();
  await tablet.close();
});
