import Database from "better-sqlite3";
import { expect, test, type OwnSite } from "./own-site";

// A crew member's phone: My day lists his own visits with what he needs on a roof or in a
// truck: the time, the address as a maps link, the homeowner a tap away, the office's note.

function bookToday(ownSite: OwnSite, crewEmail: string) {
  const db = new Database(ownSite.dbPath);
  try {
    const crew = db.prepare("select id from users where email = ?").pluck().get(crewEmail) as number;
    const lead = db
      .prepare(
        "insert into leads (name, email, phone, message, service, street, city, zip, status, created_at) values ('Dana Homeowner', 'dana@example.com', '(316) 555-0142', 'Hail', 'Residential Roofing', '412 N Main St', 'Wellington', '67152', 'won', ?) returning id",
      )
      .pluck()
      .get(Date.now()) as number;
    // Under way: began half an hour ago, four hours long, so it is today's whatever the hour.
    db.prepare(
      "insert into visits (lead_id, kind, starts_at, duration_minutes, assigned_to, note, created_at, updated_at) values (?, 'work_day', ?, 240, ?, 'Tear-off 1 layer, dumpster on driveway. Bring ladder jacks.', ?, ?)",
    ).run(lead, Date.now() - 30 * 60_000, crew, Date.now(), Date.now());
  } finally {
    db.close();
  }
}

test("a crew member opens My day and has the job's address, homeowner and note at hand", async ({ page, ownSite }) => {
  const crew = { email: "kim@example.com", name: "Kim Crew", role: "crew" as const };
  await ownSite.signInAs(page, crew);
  bookToday(ownSite, crew.email);
  await page.goto(`${ownSite.baseURL}/admin`);
  await page.getByRole("link", { name: "My day", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();

  const today = page.getByRole("region", { name: "Today" });
  const card = today.getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Work day");
  await expect(card).toContainText("Dana Homeowner");
  await expect(card).toContainText("412 N Main St, Wellington, KS 67152");
  await expect(card).toContainText("Tear-off 1 layer, dumpster on driveway. Bring ladder jacks.");
  await expect(card.getByRole("link", { name: "Directions to 412 N Main St, Wellington, KS 67152" })).toHaveAttribute(
    "href",
    "https://www.google.com/maps/search/?api=1&query=412%20N%20Main%20St%2C%20Wellington%2C%20KS%2067152",
  );
  await expect(card.getByRole("link", { name: "Call Dana Homeowner" })).toHaveAttribute("href", "tel:+13165550142");
  await expect(card.getByRole("link", { name: "Text Dana Homeowner" })).toHaveAttribute("href", "sms:+13165550142");
  // The job is nobody's lead yet, open work: his to open.
  await card.getByRole("link", { name: "Dana Homeowner", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Dana Homeowner" })).toBeVisible();
});

test("My day says so when nothing is booked", async ({ page, ownSite }) => {
  await ownSite.signInAs(page, { email: "sam@example.com", name: "Sam Crew", role: "crew" });
  await page.goto(`${ownSite.baseURL}/admin/my-day`);
  await expect(page.getByTestId("today-empty")).toHaveText("Nothing booked for you today.");
  await expect(page.getByRole("region", { name: "Coming up" })).toContainText("Nothing else booked for you yet.");
});
