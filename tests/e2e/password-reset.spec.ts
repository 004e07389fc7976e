import type { Page, TestInfo } from "@playwright/test";
import { FAKE_RESEND_URL } from "../../playwright.config";
import type { SentMail } from "../fake-resend";
import { ADMIN } from "./fixtures";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// A forgotten password, on a site of the test's own: the owner's password
// changes. The mail goes through the real SDK to the shared fake Resend.

const SENT = "If that address has an account, we sent a link to it. It works for one hour.";
const GONE = "This link has expired or was already used. Ask for a new one.";
const NEW_PASSWORD = "prairie wind 2027";

/** The reset links mailed to the owner of the site at `origin` (each own site has its own port). */
async function resetLinks(origin: string): Promise<string[]> {
  const sent = (await (await fetch(`${FAKE_RESEND_URL}/sent`)).json()) as SentMail[];
  return sent
    .filter((m) => m.to.some((t) => t.includes(ADMIN.email)))
    .flatMap((m) => m.text.match(new RegExp(`${origin}/admin/reset-password/[A-Za-z0-9_-]{43}`, "g")) ?? []);
}

/** A message after a redirect: a toast with scripts, the same words in the page without. */
async function expectFlash(page: Page, info: TestInfo, text: string) {
  if (jsEnabled(info)) await expect(page.locator(".Toastify").getByText(text)).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

async function login(page: Page, origin: string, password: string) {
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("a reset link from the mail sets a new password once; the old one is refused", async ({ page, ownSite }, info) => {
  const origin = ownSite.baseURL;
  const before = (await resetLinks(origin)).length;
  await page.goto(`${origin}/admin/forgot-password`);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();

  // The address is checked in the page first (by the browser's script, or by the server).
  const email = page.getByLabel("Email");
  await email.fill("not an address");
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  // An address without an account gets the same answer, and no mail.
  await email.fill("nobody@example.com");
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT }).first()).toBeVisible();

  await page.goto(`${origin}/admin/forgot-password`);
  await page.getByLabel("Email").fill(ADMIN.email.toUpperCase());
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT }).first()).toBeVisible();
  await expect.poll(async () => (await resetLinks(origin)).length, { timeout: 10_000 }).toBe(before + 1);
  const link = (await resetLinks(origin)).at(-1)!;

  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(ADMIN.email)).toBeVisible();
  // Two different passwords are refused in the page, and the link stays good.
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("New password again").fill("prairie wind 2028");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("The two new passwords are not the same")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("New password again").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectFlash(page, info, "Password changed.");

  await login(page, origin, ADMIN.password);
  await expect(page.getByRole("alert").filter({ hasText: "Failed to login" }).first()).toBeVisible();
  await login(page, origin, NEW_PASSWORD);
  await expect(page).toHaveURL(`${origin}/admin`);

  // The second time the link opens nothing.
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByText(GONE)).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test.describe("without mail set up", () => {
  test.use({ ownSiteEnv: { RESEND_API_KEY: "" } });

  test("the page says whom to ask, and about the CLI", async ({ page, ownSite }) => {
    await page.goto(`${ownSite.baseURL}/admin/forgot-password`);
    await expect(page.getByText("This site cannot send mail yet")).toBeVisible();
    await expect(page.getByText("Ask the owner: they can reset anyone's password from the Team screen.")).toBeVisible();
    await expect(page.getByText("npm run admin:create")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send me a link" })).toHaveCount(0);
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test("an unknown link is a clear page, not an error", async ({ page, ownSite }) => {
  const res = await page.goto(`${ownSite.baseURL}/admin/reset-password/${"A".repeat(43)}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByText(GONE)).toBeVisible();
});
