import { ADMIN, expect, test } from "./fixtures";
import { ADMIN_MENU, isPhone, jsEnabled } from "./helpers";
import { fillQuote } from "./quote";

// Decision 0044: the admin opens on the day's work, "View site" and "Back to
// admin" join the two halves, and anonymous visitors still get the page cache's answers.

// The page cache's own ETag, one per encoding: only an answer from memory has it.
const CACHE_ETAG = /^"[\w-]{27}(-br|-gz)?"$/;

test("the owner signs in onto the day's work: a quote request just sent is among the new leads", async ({
  page,
  browser,
}, info) => {
  const name = `Dana Dashboard ${info.project.name}`;
  const homeowner = await browser.newContext({ javaScriptEnabled: jsEnabled(info) });
  const visitor = await homeowner.newPage();
  await visitor.goto("/contact");
  const form = visitor.getByRole("form", { name: "Contact form" });
  await fillQuote(form, name, `dana-${info.project.name}@example.com`);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    visitor.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." }),
  ).toBeVisible();
  await homeowner.close();

  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Today" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  const fresh = page.getByRole("region", { name: "New leads" });
  await expect(fresh.getByTestId("new-leads-count")).toHaveText(/^[1-9]\d*$/);
  const row = fresh.getByRole("link", { name: new RegExp(`${name} \\(unread\\)`) });
  await expect(row).toContainText("Storm / hail damage · Derby");
  await expect(row).toContainText("Today");
  await row.click();
  await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
});

test("View site shows the owner the home page with a way back; a visitor gets the cached page without it", async ({
  adminPage: page,
  browser,
}, info) => {
  await page.goto("/admin");
  const opened = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/" && r.request().resourceType() === "document",
  );
  await page.getByRole("link", { name: "View site" }).click();
  const ownPage = await opened;
  await expect(page).toHaveURL(/:\d+\/$/);
  // Drawn for him alone: no cache may keep it, and it never came from the page cache.
  expect(ownPage.headers()["cache-control"]).toBe("private, no-store");
  expect(ownPage.headers().etag).toBeUndefined();
  const bar = page.getByTestId("admin-bar");
  await expect(bar).toBeVisible();
  await expect(bar).toBeInViewport();
  // The public page as the owner sees it is still the public page.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Another browser, never signed in: the same page from the cache, without the bar.
  const anonymous = await browser.newContext({ javaScriptEnabled: jsEnabled(info) });
  try {
    const visitor = await anonymous.newPage();
    await visitor.goto("/");
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.getByText("Back to admin")).toHaveCount(0);
    const answer = await anonymous.request.get("/");
    expect(answer.status()).toBe(200);
    expect(answer.headers().etag).toMatch(CACHE_ETAG);
    expect(answer.headers()["cache-control"]).toMatch(/^public/);
    expect(await answer.text()).not.toContain("Back to admin");
    const again = await anonymous.request.get("/", { headers: { "If-None-Match": answer.headers().etag } });
    expect(again.status()).toBe(304);
  } finally {
    await anonymous.close();
  }

  // And the owner's way back.
  await bar.getByRole("link", { name: "Back to admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
});

test("the owner's other public pages carry the bar too, and signing out takes it away", async ({ adminPage: page }) => {
  await page.goto("/about");
  await expect(page.getByTestId("admin-bar")).toBeVisible();
  await page.goto("/admin");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  const response = await page.goto("/about");
  await expect(page.getByTestId("admin-bar")).toHaveCount(0);
  // Signed out, he is a visitor like any other: the cache answers (a 304 is its answer too).
  expect(response?.headers().etag).toMatch(CACHE_ETAG);
});

test("the admin's header on a phone and a desktop: sections in one row, the current one marked and in view", async ({
  adminPage: page,
}, info) => {
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(ADMIN_MENU);
  await expect(page.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/admin/account");
  await expect(page.getByTestId("admin-title")).toContainText("Admin");
  // Nothing on the page is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  const row = nav.getByRole("list");
  const rowBox = (await row.boundingBox())!;
  if (isPhone(info)) {
    // One row, scrolling sideways: as tall as one link.
    expect(rowBox.height).toBeLessThan(70);
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  }
  await nav.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/admin\/pricing$/);
  const pricing = nav.getByRole("link", { name: "Pricing" });
  await expect(pricing).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Today" })).not.toHaveAttribute("aria-current", "page");
  await expect(pricing).toBeInViewport({ ratio: 0.9 });
});

test("old Projects links from before the dashboard still open their place", async ({ adminPage: page }) => {
  await page.goto("/admin?edit=new");
  await expect(page).toHaveURL(/\/admin\/projects\?edit=new$/);
  await expect(page.getByRole("dialog", { name: "Add New Project" })).toBeVisible();
  await page.goto("/admin?tab=roofing");
  await expect(page).toHaveURL(/\/admin\/projects\/roofing$/);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Projects" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
