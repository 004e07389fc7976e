import type { Page, TestInfo } from "@playwright/test";
import { generate } from "otplib";
import { ADMIN } from "./fixtures";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// Two-step sign-in, on a site of the test's own: the owner's account changes.
// The codes an authenticator app would show are made here from the secret the page shows.

async function codeAt(secret: string, offsetSeconds = 0) {
  // A code made in a step's last seconds reaches a busy server in the next step, where the
  // code of a step before (a phone a little behind) has left the window: wait for a fresh step.
  const into = (Date.now() / 1000) % 30;
  if (into > 24) await new Promise((resolve) => setTimeout(resolve, (30.5 - into) * 1000));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

async function expectFlash(page: Page, info: TestInfo, text: string) {
  if (jsEnabled(info)) await expect(page.locator(".Toastify").getByText(text)).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

async function password(page: Page, base: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/code$/);
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function logout(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
}

async function shot(page: Page, info: TestInfo, name: string) {
  if (process.env.SHOTS_DIR && info.project.name.startsWith("phone"))
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${info.project.name}.png`, fullPage: true });
}

test("turned on with a code, two-step asks for it at sign-in; a recovery code works once", async ({
  page,
  ownSite,
}, info) => {
  test.setTimeout(90_000);
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/account`);
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(section.getByTestId("two-step-state")).toHaveText("Off");
  await expect(section).toContainText("Recommended for the owner");
  await section.getByRole("link", { name: "Set Up" }).click();

  await expect(page.getByRole("heading", { name: "Turn on two-step sign-in" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  const secret = (await page.getByTestId("two-step-secret").getAttribute("data-secret")) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, info, "two-step-setup");

  // A wrong code is refused on its field; nothing is turned on.
  const codeField = page.getByLabel("The 6-digit code the app shows");
  await codeField.fill("000000");
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByText("That code is not right")).toBeVisible();
  // The app's code of a moment ago (a phone clock a little behind) is taken.
  await codeField.fill(await codeAt(secret, -30));
  await page.getByRole("button", { name: "Turn On" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByTestId("two-step-status")).toContainText("On since");
  const recovery = await codes.first().innerText();
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByRole("region", { name: "Two-step sign-in" }).getByTestId("two-step-state")).toHaveText("On");

  // Signed out, the password alone no longer gets in: the code page asks.
  await logout(page);
  await password(page, ownSite.baseURL);
  await shot(page, info, "two-step-code");
  await enterCode(page, "000000");
  await expect(page.getByRole("alert").filter({ hasText: "That code is not right" })).toBeVisible();
  await page.goto(`${ownSite.baseURL}/admin`);
  await expect(page).toHaveURL(/\/admin\/login/);
  await password(page, ownSite.baseURL);
  await enterCode(page, await codeAt(secret));
  await expect(page).toHaveURL(/\/admin$/);
  await expectFlash(page, info, "Logged in successfully");

  // A recovery code instead of the app: once.
  await logout(page);
  await password(page, ownSite.baseURL);
  await enterCode(page, recovery);
  await expect(page).toHaveURL(/\/admin$/);
  await expectFlash(page, info, "Signed in with a recovery code. 9 codes are left.");
  await logout(page);
  await password(page, ownSite.baseURL);
  await enterCode(page, recovery);
  await expect(page.getByRole("alert").filter({ hasText: "That code is not right" })).toBeVisible();
});

test("turning two-step off asks for the password", async ({ page, ownSite }, info) => {
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/account/two-step`);
  const secret = (await page.getByTestId("two-step-secret").getAttribute("data-secret")) ?? "";
  await page.getByLabel("The 6-digit code the app shows").fill(await codeAt(secret));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);

  const off = page.getByRole("form", { name: "Turn off two-step sign-in" });
  await off.getByLabel("Current password").fill("not-my-password");
  await off.getByRole("button", { name: "Turn Off" }).click();
  await expect(off.getByText("That is not your current password")).toBeVisible();
  await off.getByLabel("Current password").fill(ADMIN.password);
  await off.getByRole("button", { name: "Turn Off" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expectFlash(page, info, "Two-step sign-in is off");
  await expect(page.getByRole("region", { name: "Two-step sign-in" }).getByTestId("two-step-state")).toHaveText("Off");
});
