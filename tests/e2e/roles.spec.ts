import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, test, type OwnSite } from "./own-site";

// Roles (decision 0048), in the browser: the crew cannot open Pricing and sees
// no money; the office cannot open Team or Contact & Business. Each on a site of its own,
// with an office and a crew account made in its database; scripts on and off, phone and
// desktop (the projects).

type Role = "office" | "crew";

/** Signs the page in as a person of `role` (made in the site's database the first time). */
async function signInAs(ownSite: OwnSite, page: Page, role: Role) {
  const value = await ownSite.sessionCookie();
  const db = new Database(ownSite.dbPath);
  try {
    const email = `${role}@example.com`;
    db.prepare("insert or ignore into users (email, password_hash, name, role) values (?, 'not-a-hash', ?, ?)").run(
      email,
      role === "crew" ? "Cody Crew" : "Olive Office",
      role,
    );
    const userId = db.prepare("select id from users where email = ?").pluck().get(email);
    // The session the fixture just made is the owner's: make it this person's.
    db.prepare("update sessions set user_id = ? where rowid = (select max(rowid) from sessions)").run(userId);
  } finally {
    db.close();
  }
  await page
    .context()
    .addCookies([{ name: "__session", value, url: ownSite.baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** A quoted lead with a $12,345 estimate: its id. */
function leadWithEstimate(ownSite: OwnSite): number {
  const db = new Database(ownSite.dbPath);
  try {
    const now = Date.now();
    const id = db
      .prepare(
        "insert into leads (name, email, message, service, city, status, created_at) values ('Mona Money', 'mona@example.com', 'Hail took the roof', 'Residential Roofing', 'Wichita', 'quoted', ?) returning id",
      )
      .pluck()
      .get(now) as number;
    db.prepare(
      "insert into estimates (lead_id, lines, subtotal_cents, tax_cents, total_cents) values (?, '[]', 1234500, 0, 1234500)",
    ).run(id);
    return id;
  } finally {
    db.close();
  }
}

async function shot(page: Page, name: string) {
  if (test.info().project.name.startsWith("phone"))
    await page.screenshot({ path: `.tmp/shots-r/${name}-${test.info().project.name}.png`, fullPage: true });
}

const MONEY = /\$\s?\d/;

test.describe("roles", () => {
  test("the crew cannot open Pricing: a 403 page says it is the owner's", async ({ page, ownSite }) => {
    await signInAs(ownSite, page, "crew");
    const res = await page.goto(`${ownSite.baseURL}/admin/pricing`);
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "This is for the owner" })).toBeVisible();
    await expect(page.getByText(/Ask the owner/)).toBeVisible();
    await shot(page, "crew-403-pricing");
    // The header offers only what the crew may open.
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Leads", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Contact & Business" })).toHaveCount(0);
    // A post is refused on the server too, whatever the page offered.
    const posted = await page.request.post(`${ownSite.baseURL}/admin/pricing`, {
      form: { laborCents: "1" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(403);
  });

  test("the crew sees a lead but no money: no estimate, proposals, export or pipeline totals", async ({
    page,
    ownSite,
  }) => {
    const id = leadWithEstimate(ownSite);
    await signInAs(ownSite, page, "crew");
    await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);
    await expect(page.getByRole("heading", { name: "Mona Money" })).toBeVisible();
    await expect(page.locator("main")).not.toContainText(MONEY);
    await expect(page.locator("#lead-estimate, #lead-proposals")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Archive" })).toHaveCount(0);
    await shot(page, "crew-lead");

    await page.goto(`${ownSite.baseURL}/admin/leads`);
    await expect(page.getByRole("link", { name: /Mona Money/ }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    expect((await page.request.get(`${ownSite.baseURL}/admin/leads/export.csv`)).status()).toBe(403);

    await page.goto(`${ownSite.baseURL}/admin/leads/pipeline`);
    await expect(page.getByRole("heading", { name: "Leads by status" })).toBeVisible();
    await expect(page.locator("main")).not.toContainText(MONEY);

    // An empty week does not send the crew to book what only the office books.
    await page.goto(`${ownSite.baseURL}/admin/schedule?week=2030-01-07`);
    await expect(page.locator("main")).toContainText(
      "Nothing booked this week. Your visits and work days show here once the office books them.",
    );
    await expect(page.locator("main")).not.toContainText("booked from a lead");
  });

  test("the office sees the money, and cannot open Team or Contact & Business", async ({ page, ownSite }) => {
    const id = leadWithEstimate(ownSite);
    await signInAs(ownSite, page, "office");
    await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);
    await expect(page.locator("main")).toContainText("$12,345");
    // The office books visits and work days: an empty week says where.
    await page.goto(`${ownSite.baseURL}/admin/schedule?week=2030-01-07`);
    await expect(page.locator("main")).toContainText("Visits and work days are booked from a lead’s page.");

    for (const path of ["/admin/team", "/admin/contact"]) {
      const res = await page.goto(`${ownSite.baseURL}${path}`);
      expect(res?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "This is for the owner" })).toBeVisible();
    }
    await shot(page, "office-403-contact");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Projects" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Contact & Business" })).toHaveCount(0);
    const posted = await page.request.post(`${ownSite.baseURL}/admin/contact`, {
      form: { intent: "save-contact-page" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(403);
  });

  test("@js when the maps key is refused, the crew is told to ask the owner, not sent to settings it cannot open", async ({
    page,
    ownSite,
  }) => {
    const db = new Database(ownSite.dbPath);
    try {
      db.prepare("insert or replace into settings (key, value) values ('maps', ?)").run(
        JSON.stringify({ apiKey: "AIzaSyE2E-test-key-0123456789abcd", publisherTag: null }),
      );
    } finally {
      db.close();
    }
    // Stands in for Google refusing the key: no request leaves the machine.
    await page.route("https://maps.googleapis.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "window.gm_authFailure && window.gm_authFailure();" }),
    );
    await signInAs(ownSite, page, "crew");
    await page.goto(`${ownSite.baseURL}/admin/roof-measurement`);
    const alert = page.getByRole("alert").filter({ hasText: "API key authentication failed." });
    await expect(alert).toContainText("Ask the owner to fix it in the roof tool's settings.");
    await expect(alert.getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Settings/ })).toHaveCount(0);
  });
});
