import Database from "better-sqlite3";
import { formatLongDay, kansasInstant } from "../../app/lib/business-time";
import { ADMIN } from "./fixtures";
import { isPhone, jsEnabled } from "./helpers";
import { expect, test, type OwnSite } from "./own-site";
import { mailsTo } from "./quote";

// The schedule in the browser, scripts on and off, phone and desktop: a work day
// booked from the lead's page, seen on /admin/schedule, moved, and the homeowner's mails
// (with their calendar invitations) recorded by the fake Resend. On a site of its own: the
// lead is made in its database.

const addLead = (ownSite: OwnSite, name: string, email: string, status = "won") => {
  const db = new Database(ownSite.dbPath);
  try {
    return db
      .prepare(
        "insert into leads (name, email, message, street, city, zip, status, created_at) values (?, ?, 'New roof', '412 N Main St', 'Derby', '67037', ?, ?) returning id",
      )
      .pluck()
      .get(name, email, status, Date.now()) as number;
  } finally {
    db.close();
  }
};

/** A Kansas day `n` days from today, YYYY-MM-DD. */
const kansasDayIn = (n: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() + n * 86_400_000));

/** The next day the clocks in Kansas jump from 2:00 to 3:00 AM: the second Sunday of March. */
function nextSpringForward(): string {
  const today = kansasDayIn(0);
  for (let year = Number(today.slice(0, 4)); ; year++) {
    const firstWeekday = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    const day = `${year}-03-${String(8 + ((7 - firstWeekday) % 7)).padStart(2, "0")}`;
    if (day > today) return day;
  }
}

test("a work day booked from the lead page shows on the schedule, moves, and the homeowner is mailed each time", async ({
  page,
  ownSite,
}, info) => {
  const project = info.project.name;
  const email = `wendy-${project}@example.com`;
  const id = addLead(ownSite, `Wendy Workday ${project}`, email);
  const day = kansasDayIn(8);
  await ownSite.signIn(page);

  await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);
  const schedule = page.getByRole("region", { name: "Schedule" });
  await expect(schedule.getByText("Nothing booked yet.")).toBeVisible();
  const book = schedule.locator("form").filter({ has: page.getByRole("button", { name: "Book it" }) });
  await book.getByLabel("What").selectOption({ label: "Work day" });
  await book.getByLabel("Day", { exact: true }).fill(day);
  await book.getByLabel("Time (Kansas)").fill("08:00");
  await book.getByRole("button", { name: "Book it" }).click();
  await expect(page.getByText(`Work day booked; ${email} was emailed`).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${id}$`));
  const upcoming = schedule.getByRole("list", { name: "Upcoming visits" });
  await expect(upcoming.getByText("8:00 AM")).toBeVisible();

  // A time the clocks skip is refused in the page, with scripts or without.
  await schedule.getByText("Book a visit or work day").click();
  const skipped = nextSpringForward();
  await book.getByLabel("Day", { exact: true }).fill(skipped);
  await book.getByLabel("Time (Kansas)").fill("02:30");
  await book.getByRole("button", { name: "Book it" }).click();
  await expect(page.getByText(`2:30 AM does not happen on ${formatLongDay(skipped)}`).first()).toBeVisible();
  if (!jsEnabled(info)) await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);

  // On the schedule: the week of that day, reached without scripts by its link.
  await page.goto(`${ownSite.baseURL}/admin/schedule?week=${day}`);
  const week = page.getByRole("list", { name: /Days of the week of/ });
  await expect(week.getByRole("link", { name: `Wendy Workday ${project}` })).toBeVisible();
  await expect(week.getByText("8:00 AM – 4:00 PM")).toBeVisible();
  // Next week's link, and back.
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page.getByRole("link", { name: `Wendy Workday ${project}` })).toHaveCount(0);
  await page.getByRole("link", { name: "Previous week" }).click();
  await expect(page.getByRole("link", { name: `Wendy Workday ${project}` })).toBeVisible();
  if (isPhone(info)) {
    // On a phone the days are one list under the other, each spelled out.
    const box = await week.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
  }

  // Move it to 10:00 from the lead page.
  await page.getByRole("link", { name: `Wendy Workday ${project}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${id}$`));
  const visit = page
    .getByRole("region", { name: "Schedule" })
    .getByRole("list", { name: "Upcoming visits" })
    .getByRole("listitem")
    .first();
  await visit.getByText("Move or change").click();
  const move = visit.locator("form").filter({ has: page.getByRole("button", { name: "Save" }) });
  await move.getByLabel("Time (Kansas)").fill("10:00");
  await move.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Visit moved; ${email} was emailed`).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Schedule" }).getByText("10:00 AM")).toBeVisible();

  // The fake Resend has both mails, each with its invitation.
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject))
    .toEqual([
      expect.stringMatching(/^Your work day with .*: .* at 8:00 AM$/),
      expect.stringMatching(/^Your work day has moved to .* at 10:00 AM$/),
    ]);
  const [, moved] = await mailsTo(email);
  const attachments = (moved as unknown as { attachments?: { filename: string }[] }).attachments ?? [];
  expect(attachments.map((a) => a.filename)).toEqual(["invite.ics"]);
});

test("a new lead's first booking is an estimate visit of its usual length, and the lead is Visit scheduled", async ({
  page,
  ownSite,
}, info) => {
  const project = info.project.name;
  const email = `nina-${project}@example.com`;
  const id = addLead(ownSite, `Nina New ${project}`, email, "new");
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);
  const schedule = page.getByRole("region", { name: "Schedule" });
  const book = schedule.locator("form").filter({ has: page.getByRole("button", { name: "Book it" }) });
  await expect(book.getByLabel("What")).toHaveValue("estimate_visit");
  await expect(book.getByLabel("Length")).toHaveValue("60");
  if (jsEnabled(info)) {
    // A new kind brings its own length, until the person chooses one.
    await book.getByLabel("What").selectOption({ label: "Work day" });
    await expect(book.getByLabel("Length")).toHaveValue("480");
    await book.getByLabel("What").selectOption({ label: "Estimate visit" });
    await expect(book.getByLabel("Length")).toHaveValue("60");
    await book.getByLabel("Length").selectOption({ label: "2 hours" });
    await book.getByLabel("What").selectOption({ label: "Work day" });
    await expect(book.getByLabel("Length")).toHaveValue("120");
    await book.getByLabel("What").selectOption({ label: "Estimate visit" });
    await book.getByLabel("Length").selectOption({ label: "1 hour" });
  }
  await book.getByLabel("Day", { exact: true }).fill(kansasDayIn(9));
  await book.getByLabel("Time (Kansas)").fill("10:00");
  await book.getByRole("button", { name: "Book it" }).click();
  await expect(page.getByText(`Estimate visit booked; ${email} was emailed`).first()).toBeVisible();
  await expect(schedule.getByRole("list", { name: "Upcoming visits" }).getByRole("listitem").first()).toContainText(
    /^Estimate visit.* · 10:00 AM1 hour/,
  );
  // The lead moved on, in its history.
  await expect(page.getByText(/New → Visit scheduled/).first()).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject))
    .toEqual([expect.stringMatching(/^Your estimate visit with .* at 10:00 AM$/)]);
  expect((await mailsTo(email))[0].text).toContain("It takes about 1 hour.");
});

/** A work day booked straight in the site's database, at a Kansas day and time, for someone or nobody. */
function addVisit(ownSite: OwnSite, leadId: number, day: string, time: string, assignee: string | null) {
  const at = kansasInstant(day, time);
  if (!at.ok) throw new Error(`${day} ${time} is no Kansas time`);
  const db = new Database(ownSite.dbPath);
  try {
    const userId =
      assignee === null ? null : (db.prepare("select id from users where email = ?").pluck().get(assignee) as number);
    db.prepare(
      "insert into visits (lead_id, kind, starts_at, duration_minutes, assigned_to, created_at, updated_at) values (?, 'work_day', ?, 120, ?, ?, ?)",
    ).run(leadId, at.at.getTime(), userId, Date.now(), Date.now());
  } finally {
    db.close();
  }
}

test('each day reads in time order; the signed-in person\'s own visits are marked "Yours", not moved up', async ({
  page,
  ownSite,
}) => {
  const day = kansasDayIn(9);
  const early = addLead(ownSite, "Ed Early", "ed@example.com");
  const late = addLead(ownSite, "Lia Late", "lia@example.com");
  // The 3:00 PM one is the owner's; the 7:00 AM one nobody's yet.
  addVisit(ownSite, late, day, "15:00", ADMIN.email);
  addVisit(ownSite, early, day, "07:00", null);
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/schedule?week=${day}`);
  // The day's entry in the week, named by its heading.
  const cards = page
    .getByRole("list", { name: /Days of the week of/ })
    .locator(`li[aria-labelledby="day-${day}"]`)
    .getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("7:00 AM");
  await expect(cards.nth(0)).toContainText("Ed Early");
  await expect(cards.nth(0).getByText("Yours", { exact: true })).toHaveCount(0);
  await expect(cards.nth(1)).toContainText("3:00 PM");
  await expect(cards.nth(1)).toContainText("Lia Late");
  await expect(cards.nth(1).getByText("Yours", { exact: true })).toBeVisible();
});
