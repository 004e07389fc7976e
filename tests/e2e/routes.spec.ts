import { expect, test } from "./fixtures";
import { areaPath, PUBLIC_PAGES, servicePath } from "../../app/content/site";
import { AREAS, SERVICES } from "../../app/lib/landing-pages";
import { COMPANY, escapeRegExp } from "./helpers";

const pages = [
  ...PUBLIC_PAGES.map((p) => ({ path: p.path, title: p.title })),
  ...SERVICES.map((s) => ({ path: servicePath(s.slug), title: s.title })),
  ...AREAS.map((a) => ({ path: areaPath(a.slug), title: `Framing & Roofing Services in ${a.name}, KS` })),
];

test.describe("every public route of the spec", () => {
  for (const { path, title } of pages) {
    test(`${path} answers 200 with its own title and heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(title)} \\| ${escapeRegExp(COMPANY)}$`));
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toBeVisible();
    });
  }
});

test("the admin login page shows its form", async ({ page }) => {
  const response = await page.goto("/admin/login");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Admin Login");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});

test("an unknown path answers 404 with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("h1")).toContainText("Framing, roofing and gutters");
});

test("the health check answers after querying the database @once", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("ok");
});

test("demo content is on the public pages", async ({ page }) => {
  await page.goto("/portfolio");
  await expect(page.getByRole("link", { name: "Two-Story Custom Home Framing, Derby" })).toBeVisible();
  const img = page.getByRole("img", { name: /Two-story house frame/ });
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  // A 288px tile downloads the 480px copy, not the 1200px original.
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/-w480\.webp$/);
  await page.goto("/testimonials");
  await expect(page.getByText("Karen M.")).toBeVisible();
});

test("an unexpected error shows the spec's message and never a stack trace @once", async ({ request, baseURL }) => {
  // /about has no action: a POST to it is an error the root boundary renders.
  const response = await request.post("/about", { headers: { Origin: baseURL! }, form: { x: "1" } });
  expect(response.status()).toBe(405);
  const html = await response.text();
  expect(html).toContain("Unexpected Application Error!");
  expect(html).toContain("405");
  expect(html).not.toMatch(/\bat \S+ \(/);
});

test("a form posted from another site is refused before it reaches a route @once", async ({ request }) => {
  // The cross-site check runs before the route: even a right password never gets there.
  const response = await request.post("/admin/login", {
    headers: { Origin: "https://evil.example" },
    form: { email: "admin@example.com", password: "e2e-admin-password" },
  });
  expect(response.status()).toBe(403);
});
