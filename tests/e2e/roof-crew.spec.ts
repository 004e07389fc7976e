import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, test, type OwnSite } from "./own-site";

// A crew member on a roof with his phone: sent to a job the office keeps by a work day, he
// opens it from My day, measures its roof and saves the figures, and sees no money on the way.

/** A won job kept by the office, priced at $12,345, with a work day today for the crew member. */
function bookJob(ownSite: OwnSite, officeEmail: string, crewEmail: string) {
  const db = new Database(ownSite.dbPath);
  try {
    const idOf = (email: string) => db.prepare("select id from users where email = ?").pluck().get(email) as number;
    const now = Date.now();
    const lead = db
      .prepare(
        "insert into leads (name, email, phone, message, service, street, city, zip, status, assigned_to, created_at) values ('Rita Ridge', 'rita@example.com', '(316) 555-0177', 'Hail', 'Residential Roofing', '508 E Harvey Ave', 'Wellington', '67152', 'won', ?, ?) returning id",
      )
      .pluck()
      .get(idOf(officeEmail), now) as number;
    db.prepare(
      "insert into estimates (lead_id, lines, subtotal_cents, tax_cents, total_cents, created_at, updated_at) values (?, '[]', 1234500, 0, 1234500, ?, ?)",
    ).run(lead, now, now);
    db.prepare(
      "insert into visits (lead_id, kind, starts_at, duration_minutes, assigned_to, note, created_at, updated_at) values (?, 'work_day', ?, 240, ?, 'Measure the back slope.', ?, ?)",
    ).run(lead, now - 30 * 60_000, idOf(crewEmail), now, now);
  } finally {
    db.close();
  }
}

const noMoney = async (page: Page, where: string) =>
  expect(await page.locator("body").innerText(), where).not.toMatch(/\$\s?\d|12,345/);

test("a crew member sent to a job measures its roof on his phone, and sees no money @phone @js", async ({
  page,
  ownSite,
}) => {
  const office = { email: "olive@example.com", name: "Olive Office", role: "office" as const };
  const crew = { email: "kim@example.com", name: "Kim Crew", role: "crew" as const };
  await ownSite.signInAs(page, office);
  await ownSite.signInAs(page, crew);
  bookJob(ownSite, office.email, crew.email);

  await page.goto(`${ownSite.baseURL}/admin/my-day`);
  await page.getByRole("region", { name: "Today" }).getByRole("link", { name: "Rita Ridge", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Rita Ridge" })).toBeVisible();
  await noMoney(page, "the lead page");

  await page.getByRole("button", { name: "Measure this roof" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Roof Measurement Tool" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Lead: Rita Ridge" })).toBeVisible();
  await noMoney(page, "the roof tool");
  // The side view is a photo taken there and then: a phone opens its camera.
  const side = page.locator('input[type="file"][name="sideImage"]');
  await expect(side).toHaveAttribute("capture", "environment");
  await expect(side).toHaveAttribute("accept", "image/*");

  await page.getByLabel("Roof area (sq ft)").fill("2400");
  await page.getByLabel("Pitch (X/12)").fill("6");
  await page.getByRole("button", { name: "Save Customer" }).click();
  await expect(page.getByText("Customer data saved successfully").first()).toBeVisible();
  await expect(page.getByLabel("Roof area (sq ft)")).toHaveValue("2400");
  await noMoney(page, "the roof tool after saving");
  // Deleting the office's work is not the crew's.
  await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);

  await page.getByRole("link", { name: "Lead: Rita Ridge" }).click();
  await expect(page.getByRole("region", { name: "Roof measurement" })).toContainText("2,400 sq ft");
  await noMoney(page, "the lead page after measuring");
});
