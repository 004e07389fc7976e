import Database from "better-sqlite3";
import { jsEnabled } from "./helpers";
import { expect, test, type OwnSite } from "./own-site";

// A crew member's visits in his phone's calendar: he makes the link on his Account page
// (scripts on at desktop, off on a phone), his calendar fetches it and finds his visit; a
// new link makes the old one answer 404 at once. On a site of its own: the visit is made in
// its database.

const CREW = { email: "carl-crew@example.com", name: "Carl Crew", role: "crew" as const };

/** A work day for the crew member, two days out, on a lead made for it: the lead's name. */
function bookVisitFor(ownSite: OwnSite, email: string, homeowner: string) {
  const db = new Database(ownSite.dbPath);
  try {
    const userId = db.prepare("select id from users where email = ?").pluck().get(email) as number;
    const leadId = db
      .prepare(
        "insert into leads (name, email, phone, message, street, city, zip, status, created_at) values (?, 'ola@example.com', '316-555-0142', 'New roof', '9 Elm St', 'Derby', '67037', 'won', ?) returning id",
      )
      .pluck()
      .get(homeowner, Date.now()) as number;
    db.prepare(
      "insert into visits (lead_id, kind, starts_at, duration_minutes, assigned_to, note) values (?, 'work_day', ?, 480, ?, 'Bring the long ladder')",
    ).run(leadId, Date.now() + 2 * 86_400_000, userId);
  } finally {
    db.close();
  }
}

test("a crew member makes his calendar link, his calendar finds his visit, and a new link ends the old one", async ({
  page,
  ownSite,
}, info) => {
  const homeowner = `Ola Oak ${info.project.name}`;
  await ownSite.signInAs(page, CREW);
  bookVisitFor(ownSite, CREW.email, homeowner);
  await page.goto(`${ownSite.baseURL}/admin/account`);

  const card = page.getByRole("region", { name: "Your visits in your phone's calendar" });
  await card.getByRole("button", { name: "Make a link" }).click();
  const field = card.getByRole("textbox", { name: "Your calendar link" });
  await expect(field).toBeVisible();
  const first = await field.inputValue();
  expect(first).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(card.getByRole("link", { name: "Add to this phone's calendar" })).toHaveAttribute(
    "href",
    /^webcal:\/\//,
  );
  await expect(card.getByText("Add Subscribed Calendar")).toBeVisible();
  await expect(card.getByText(/^On since /)).toBeVisible();

  // What the phone's calendar gets: his visit, without a session.
  const feedOf = (url: string) => page.request.get(`${ownSite.baseURL}${new URL(url).pathname}`);
  const feed = await feedOf(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const ics = await feed.text();
  expect(ics).toContain(`SUMMARY:Work day: ${homeowner}`);
  expect(ics).toContain("Bring the long ladder");

  // Shown once: back on the page, only since when it is on.
  await page.goto(`${ownSite.baseURL}/admin/account`);
  await expect(card.getByRole("textbox", { name: "Your calendar link" })).toHaveCount(0);
  await expect(card.getByText(/^On since /)).toBeVisible();

  await card.getByRole("button", { name: "Make a new link" }).click();
  await expect(field).toBeVisible();
  const second = await field.inputValue();
  expect(second).not.toBe(first);
  expect((await feedOf(first)).status()).toBe(404);
  expect((await feedOf(second)).status()).toBe(200);

  await card.getByRole("button", { name: "Turn off" }).click();
  const said = "Calendar link turned off.";
  if (jsEnabled(info)) await expect(page.locator(".Toastify").getByText(said)).toBeVisible();
  else await expect(page.locator("main").locator("[role=status]").filter({ hasText: said })).toBeVisible();
  await expect(card.getByRole("button", { name: "Make a link" })).toBeVisible();
  expect((await feedOf(second)).status()).toBe(404);
});
