import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { E2E_DIR } from "../../playwright.config";
import { expect, test } from "./fixtures";

// Decision 0035: a page inside the admin that fails (a stale lead link, a refused post) stays
// in the admin, with its header and a way back, not the public site's "Return to Home".

/** The admin's chrome is there and the public site's error page is not. */
async function expectAdminChrome(page: Page) {
  await expect(page.getByTestId("admin-title")).toContainText("Admin");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByText("Return to Home")).toHaveCount(0);
  await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
}

test("a stale lead link answers 404 inside the admin, with its header and a way back to the leads", async ({
  adminPage: page,
}) => {
  const response = await page.goto("/admin/leads/999999");
  expect(response?.status()).toBe(404);
  await expectAdminChrome(page);
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  await expect(page).toHaveTitle("We could not find that page");
  await page.getByRole("main").getByRole("link", { name: "Back to Leads" }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
});

test("an address under /admin that names no page answers the admin's 404, not the site's", async ({
  adminPage: page,
}) => {
  const response = await page.goto("/admin/no-such-page");
  expect(response?.status()).toBe(404);
  await expectAdminChrome(page);
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
});

test("@js a lead deleted while its link is on screen opens the admin's not-found page, not the site's", async ({
  adminPage: page,
  request,
}) => {
  // With scripts on only (@js): the loader's 404 comes back to the page already open, and
  // the browser draws the admin's error page itself.
  const name = `Gone ${Date.now()} ${Math.round(Math.random() * 1e6)}`;
  const sent = await request.post("/contact", {
    form: {
      name,
      email: "gone@example.com",
      phone: "(316) 555-0142",
      message: "Ridge vent leaks.",
      service: "Storm / hail damage",
      city: "Derby",
      zip: "67037",
    },
  });
  expect(sent.status()).toBe(200);
  await page.goto("/admin/leads");
  const link = page.getByRole("link", { name: new RegExp(name) });
  await expect(link).toBeVisible();
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    db.pragma("foreign_keys = ON");
    db.prepare("delete from leads where name = ?").run(name);
  } finally {
    db.close();
  }
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  await expectAdminChrome(page);
  await expect(page.getByTestId("admin-person")).toHaveText("admin@example.com");
  await page.getByRole("main").getByRole("link", { name: "Today" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("a refused post (a list row past its limit) answers 400 inside the admin, with the short reason", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/contact");
  // A form the page never draws, posted as a browser posts any form (scripts on or off):
  // what a tampered or very stale page would send.
  const answer = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/admin/contact",
  );
  await page.evaluate(() => {
    const form = Object.assign(document.createElement("form"), { method: "post", action: "/admin/contact" });
    for (const [name, value] of [
      ["intent", "save-contact-page"],
      ["hours[99].label", "x"],
    ]) {
      form.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
    }
    document.body.append(form);
    form.submit();
  });
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "We could not accept that" })).toBeVisible();
  await expect(
    page.getByText("The form has more rows than it can take. Please reload the page and try again."),
  ).toBeVisible();
  await expectAdminChrome(page);
  await expect(page.getByRole("main").getByRole("link", { name: "Back to Leads" })).toBeVisible();
});
