import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { jsEnabled } from "./helpers";
import { expect, test, type OwnSite } from "./own-site";

// Who looks after a lead (decision 0053) and the Leads list a page at a time
// (decision 0056), in the browser with scripts on and off: the owner gives a lead
// to a crew member, who then finds it under Mine and cannot open someone else's; Older and
// Newer keep every filter. Each on a site of its own (accounts and leads are made in its
// database).

function withDb<T>(ownSite: OwnSite, run: (db: Database.Database) => T): T {
  const db = new Database(ownSite.dbPath);
  try {
    return run(db);
  } finally {
    db.close();
  }
}

/** A crew member's account (made the first time): its id. */
const crewMember = (ownSite: OwnSite) =>
  withDb(ownSite, (db) => {
    db.prepare(
      "insert or ignore into users (email, password_hash, name, role, created_at) values ('kim@example.com', 'not-a-hash', 'Kim Alvarez', 'crew', ?)",
    ).run(Date.now());
    return db.prepare("select id from users where email = 'kim@example.com'").pluck().get() as number;
  });

/** Signs the page in as `userId` (a session made in the site's database). */
async function signInAs(ownSite: OwnSite, page: Page, userId: number) {
  const value = await ownSite.sessionCookie();
  withDb(ownSite, (db) =>
    db.prepare("update sessions set user_id = ? where rowid = (select max(rowid) from sessions)").run(userId),
  );
  await page.context().clearCookies();
  await page
    .context()
    .addCookies([{ name: "__session", value, url: ownSite.baseURL, httpOnly: true, sameSite: "Lax" }]);
}

const addLead = (
  ownSite: OwnSite,
  name: string,
  fields: { assigneeId?: number | null; service?: string; createdAt?: number } = {},
) =>
  withDb(
    ownSite,
    (db) =>
      db
        .prepare(
          "insert into leads (name, email, message, service, city, status, assigned_to, created_at) values (?, ?, 'Hail took the roof', ?, 'Wichita', 'new', ?, ?) returning id",
        )
        .pluck()
        .get(
          name,
          `${name.split(" ")[0].toLowerCase()}@example.com`,
          fields.service ?? "Residential Roofing",
          fields.assigneeId ?? null,
          fields.createdAt ?? Date.now(),
        ) as number,
  );

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/shots-a/${name}-${test.info().project.name}.png`, fullPage: false });
}

test.describe("who looks after a lead", () => {
  test("the owner gives a lead to Kim; Kim finds it under Mine and cannot open someone else's", async ({
    page,
    ownSite,
  }) => {
    const kim = crewMember(ownSite);
    const id = addLead(ownSite, "Rita Roofline");
    const owners = withDb(
      ownSite,
      (db) => db.prepare("select id from users where role = 'owner'").pluck().get() as number,
    );
    const others = addLead(ownSite, "Otto Otherwise", { assigneeId: owners });

    await ownSite.signIn(page);
    await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);
    const assignee = page.getByRole("region", { name: "Assigned to" });
    await assignee.getByLabel("Person").selectOption({ label: "Kim Alvarez" });
    await assignee.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Assigned to Kim Alvarez").first()).toBeVisible();
    // The history names it, by the owner's account, latest first.
    await expect(
      page
        .getByRole("region", { name: /History/ })
        .getByRole("listitem")
        .first(),
    ).toContainText("Assigned to Kim Alvarez");
    await expect(assignee.getByLabel("Person")).toHaveValue(String(kim));
    if (!jsEnabled(test.info())) await expect(page).toHaveURL(new RegExp(`/admin/leads/${id}$`));
    // The visit booked next is Kim's too, without a reload: the form does not keep "Nobody chosen yet".
    await expect(page.getByRole("region", { name: "Schedule" }).getByLabel("Who goes")).toHaveValue(String(kim));

    await signInAs(ownSite, page, kim);
    await page.goto(`${ownSite.baseURL}/admin/leads`);
    const filters = page.getByRole("form", { name: "Find leads" });
    await filters.getByLabel("Assigned to").selectOption("mine");
    await filters.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/who=mine/);
    const list = page.getByRole("list", { name: "Open leads" });
    await expect(list.getByRole("link", { name: /Rita Roofline/ })).toBeVisible();
    await expect(list.getByRole("link")).toHaveCount(1);
    await shot(page, "crew-mine");
    // Not on Everyone either: someone else's lead is not the crew's to see.
    await page.goto(`${ownSite.baseURL}/admin/leads`);
    await expect(page.getByRole("link", { name: /Otto Otherwise/ })).toHaveCount(0);
    const refused = await page.goto(`${ownSite.baseURL}/admin/leads/${others}`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "This is for the owner or the office" })).toBeVisible();
  });

  test("the crew takes a lead nobody has, and gives it back", async ({ page, ownSite }) => {
    const kim = crewMember(ownSite);
    const id = addLead(ownSite, "Fran Freelead");
    await signInAs(ownSite, page, kim);
    await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);
    const assignee = page.getByRole("region", { name: "Assigned to" });
    await expect(assignee).toContainText("Nobody yet.");
    await assignee.getByRole("button", { name: "Take this lead" }).click();
    await expect(assignee).toContainText("You.");
    await assignee.getByRole("button", { name: "Give it back" }).click();
    await expect(assignee).toContainText("Nobody yet.");
    await expect(
      page
        .getByRole("region", { name: /History/ })
        .getByRole("listitem")
        .first(),
    ).toContainText("Assigned to nobody");
  });
});

test("a lead's page fits a phone, however long its email, address or message", async ({ page, ownSite }) => {
  const id = withDb(
    ownSite,
    (db) =>
      db
        .prepare(
          "insert into leads (name, email, phone, message, service, street, city, created_at) values ('Bartholomew Fitzgerald-Whitmore', 'bartholomew.fitzgerald.whitmore@wellingtonroofing-example.com', '(316) 555-0199', 'Photos: https://www.example.com/some/really/long/link/to/photos/of/the/roof/damage', 'Storm / hail damage', '12345 South Meridian Avenue Apartment 4B', 'Belle Plaine', ?) returning id",
        )
        .pluck()
        .get(Date.now()) as number,
  );
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/leads/${id}`);
  await expect(page.getByRole("link", { name: /^Email bartholomew/ })).toBeVisible();
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
});

test.describe("the Leads list a page at a time", () => {
  test("Older and Newer keep the filters; each lead once", async ({ page, ownSite }) => {
    const start = Date.UTC(2026, 0, 5);
    // 60 gutter leads (a page and a half), several in each second; and roofing ones that the filter leaves out.
    for (let i = 0; i < 60; i++)
      addLead(ownSite, `Gutter ${String(i).padStart(2, "0")} Lead`, {
        service: "Gutter Services",
        createdAt: start + Math.floor(i / 4) * 1000,
      });
    for (let i = 0; i < 5; i++) addLead(ownSite, `Roofing ${i} Lead`, { createdAt: start + 100_000 });
    await ownSite.signIn(page);
    await page.goto(`${ownSite.baseURL}/admin/leads`);
    const filters = page.getByRole("form", { name: "Find leads" });
    await filters.getByLabel("Work").selectOption("Gutter Services");
    await filters.getByLabel("Assigned to").selectOption("nobody");
    await filters.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/service=Gutter\+Services/);
    const list = page.getByRole("list", { name: "Open leads" });
    const names = () => list.getByRole("link").allInnerTexts();
    await expect(list.getByRole("link", { name: /Roofing/ })).toHaveCount(0);
    const first = await names();
    expect(first).toHaveLength(40);
    expect(first[0]).toContain("Gutter 59 Lead");
    const pager = page.getByRole("navigation", { name: "Pages of leads" });
    await expect(pager.getByRole("link", { name: "Newer" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Older" }).click();
    await expect(page).toHaveURL(/service=Gutter\+Services&who=nobody&after=/);
    await expect(filters.getByLabel("Work")).toHaveValue("Gutter Services");
    // With scripts the address changes before the new page renders: wait for the page itself.
    await expect(pager.getByRole("link", { name: "Newer" })).toBeVisible();
    const second = await names();
    expect(second).toHaveLength(20);
    expect(second.every((n) => n.includes("Gutter"))).toBe(true);
    const all = [...first, ...second].map((n) => /Gutter \d+/.exec(n)![0]);
    expect(new Set(all).size).toBe(60);
    await expect(pager.getByRole("link", { name: "Older" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Newer" }).click();
    // Back on the first page, at the first page's own address.
    await expect(page).toHaveURL(/\?service=Gutter\+Services&who=nobody$/);
    await expect.poll(names).toEqual(first);
    await shot(page, "leads-list");
  });
});
