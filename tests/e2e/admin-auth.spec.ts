import { ADMIN, expect, test } from "./fixtures";
import { jsEnabled } from "./helpers";

const ADMIN_PAGES = [
  { path: "/admin", title: "Today | Admin", h1: "Today" },
  { path: "/admin/projects", title: "Projects | Admin", h1: "Projects" },
  { path: "/admin/testimonials", title: "Testimonials | Admin", h1: "Testimonials" },
  { path: "/admin/roof-measurement", title: "Roof Measurement Tool | Admin", h1: "Roof Measurement Tool" },
];

test("an anonymous visitor is sent to the login page, and back after signing in", async ({ page }, info) => {
  await page.goto("/admin/testimonials");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Ftestimonials$/);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();

  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  // In the login card itself, scripts or not.
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Failed to login");
  await expect(page.locator(".Toastify").getByText("Failed to login")).toHaveCount(0);
  await expect(page.getByLabel("Email")).toHaveValue(ADMIN.email);

  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await expect(page.getByTestId("admin-person")).toHaveText(ADMIN.email);
  // With scripts the message is a toast; without, the same words are in the page.
  const message = jsEnabled(info)
    ? page.locator(".Toastify").getByText("Logged in successfully")
    : page.getByRole("status").filter({ hasText: "Logged in successfully" });
  await expect(message).toBeVisible();
  // The failed attempt's message does not linger beside it.
  await expect(page.getByText("Failed to login")).toHaveCount(0);
});

test("an unknown email gets the same answer as a wrong password", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("whatever-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toContainText("Failed to login");
});

test("a redirectTo to another site is ignored", async ({ page }) => {
  await page.goto("/admin/login?redirectTo=//evil.example/steal");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/admin$/);
});

test("every admin screen shows the admin header with its own title", async ({ adminPage: page }) => {
  for (const { path, title, h1 } of ADMIN_PAGES) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1, name: h1 })).toBeVisible();
    await expect(page.getByTestId("admin-title")).toContainText("Admin");
    const nav = page.getByRole("navigation", { name: "Admin", exact: true });
    for (const link of ["Projects", "Testimonials", "Roof Tool"]) {
      await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
    }
  }
});

test("logout ends the session: the next admin request goes to the login page", async ({ adminPage: page, context }) => {
  await page.goto("/admin");
  const other = await context.newPage();
  await other.goto("/admin/roof-measurement");
  await expect(other.getByRole("heading", { name: "Roof Measurement Tool" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  // The other tab's next request finds no session.
  await other.getByRole("link", { name: "Testimonials" }).click();
  await expect(other).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Ftestimonials$/);
});

test("a logged-in admin visiting the login page goes straight to the admin", async ({ adminPage: page }) => {
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin$/);
});

test("GET /admin/logout changes nothing", async ({ adminPage: page }) => {
  await page.goto("/admin/logout");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("admin-person")).toHaveText(ADMIN.email);
});
