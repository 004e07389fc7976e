import Database from "better-sqlite3";
import { expect, test } from "./own-site";

// A public page whose own data fails (here its table is gone, as a damaged database or a bad
// migration would leave it) still shows the site around the error: the visitor keeps the
// menu, the phone number and the footer's address, and sees no stack trace.
test("a public page that fails keeps the site's header and footer", async ({ page, ownSite }) => {
  const db = new Database(ownSite.dbPath);
  try {
    db.exec("ALTER TABLE projects RENAME TO projects_gone");
  } finally {
    db.close();
  }
  const response = await page.goto(`${ownSite.baseURL}/portfolio`);
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.locator("header").first()).toBeVisible();
  await expect(page.locator("header").first()).toContainText("Get a Quote");
  await expect(page.locator("footer")).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "(620) 555-0142" })).toHaveAttribute(
    "href",
    "tel:+16205550142",
  );
  expect(await page.content()).not.toMatch(/\bat \S+ \(/);
  // The rest of the site is untouched.
  expect((await page.goto(`${ownSite.baseURL}/privacy`))?.status()).toBe(200);
});
