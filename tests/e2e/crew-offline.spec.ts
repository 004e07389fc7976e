import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, test, type OwnSite } from "./own-site";

// The crew's phone without signal (decision 0099): the admin installs as an app, My day and
// the leads of the coming jobs open once loaded, and nothing a person kept is shown to the
// next one on the same phone. Chromium's own offline switch cuts the page and its worker.

test.use({ serviceWorkers: "allow" });

const KIM = { email: "kim@example.com", name: "Kim Crew", role: "crew" as const };
const LEE = { email: "lee@example.com", name: "Lee Crew", role: "crew" as const };

/** A job of today's for this person, on a lead of its own; the lead's id. */
function bookToday(ownSite: OwnSite, email: string, homeowner: string): number {
  const db = new Database(ownSite.dbPath);
  try {
    const person = db.prepare("select id from users where email = ?").pluck().get(email) as number;
    const lead = db
      .prepare(
        "insert into leads (name, email, phone, message, service, street, city, zip, status, assigned_to, created_at) values (?, 'home@example.com', '(316) 555-0142', 'Hail', 'Residential Roofing', '412 N Main St', 'Wellington', '67152', 'won', ?, ?) returning id",
      )
      .pluck()
      .get(homeowner, person, Date.now()) as number;
    db.prepare(
      "insert into visits (lead_id, kind, starts_at, duration_minutes, assigned_to, note, created_at, updated_at) values (?, 'work_day', ?, 240, ?, 'Bring ladder jacks.', ?, ?)",
    ).run(lead, Date.now() - 30 * 60_000, person, Date.now(), Date.now());
    return lead;
  } finally {
    db.close();
  }
}

/** My day, once its service worker runs the page and the day's leads are kept on the phone. */
async function openMyDayOnline(page: Page, ownSite: OwnSite, kept = 2) {
  await page.goto(`${ownSite.baseURL}/admin/my-day`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Loaded again under the worker: what the phone keeps is asked for from here on.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open("crew-pages")).keys()).length))
    .toBeGreaterThanOrEqual(kept);
}

test("the admin installs on a phone and opens on My day @phone @js", async ({ page, ownSite }) => {
  await ownSite.signInAs(page, KIM);
  await openMyDayOnline(page, ownSite, 1);
  // What Chromium itself checks before it offers "Install app" (the check Lighthouse's
  // "installable" audit ran): a manifest with icons and a start page the worker answers.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  // The same check on the public site, which is no app: it says why not.
  await page.goto(`${ownSite.baseURL}/`);
  const site = await cdp.send("Page.getInstallabilityErrors");
  expect(site.installabilityErrors.map((e) => e.errorId)).toContain("no-manifest");
  const manifest = await (await page.request.get(`${ownSite.baseURL}/app.webmanifest`)).json();
  expect(manifest).toMatchObject({ start_url: "/admin/my-day", scope: "/admin", display: "standalone" });
});

test("without signal, My day and the day's lead open from the phone @phone @js", async ({ page, ownSite }) => {
  await ownSite.signInAs(page, KIM);
  const lead = bookToday(ownSite, KIM.email, "Dana Homeowner");
  await openMyDayOnline(page, ownSite);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
  await page.getByRole("region", { name: "Today" }).getByRole("link", { name: "Dana Homeowner", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${lead}$`));
  await expect(page.getByRole("heading", { level: 2, name: "Dana Homeowner" })).toBeVisible();
  // A page never kept says so in words, not with the browser's error.
  await page.goto(`${ownSite.baseURL}/admin/pricing`);
  await expect(page.getByRole("heading", { level: 1, name: "No signal" })).toBeVisible();
  await page.getByRole("link", { name: "Open My day" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
});

test("a phone signed out, or signed in by someone else, shows none of the kept pages @phone @js", async ({
  page,
  ownSite,
}) => {
  await ownSite.signInAs(page, KIM);
  bookToday(ownSite, KIM.email, "Dana Homeowner");
  await openMyDayOnline(page, ownSite);
  const kept = () => page.evaluate(async () => (await (await caches.open("crew-pages")).keys()).map((r) => r.url));
  expect((await kept()).some((url) => url.includes("/admin/leads/"))).toBe(true);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect.poll(kept).toEqual([]);
  // Without signal, the signed-out phone has nothing of the admin to show.
  await page.context().setOffline(true);
  await page.goto(`${ownSite.baseURL}/admin/my-day`);
  await expect(page.getByRole("heading", { level: 1, name: "No signal" })).toBeVisible();
  await expect(page.getByText("Dana Homeowner")).toHaveCount(0);
  await page.context().setOffline(false);

  // Kim again, then Lee on the same phone (his cookie, no sign-out between): Kim's pages go.
  await ownSite.signInAs(page, KIM);
  await openMyDayOnline(page, ownSite);
  await ownSite.signInAs(page, LEE);
  bookToday(ownSite, LEE.email, "Pat Homeowner");
  await page.goto(`${ownSite.baseURL}/admin/my-day`);
  await expect(page.getByRole("region", { name: "Today" })).toContainText("Pat Homeowner");
  await expect.poll(async () => (await kept()).length).toBeGreaterThanOrEqual(2);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole("region", { name: "Today" })).toContainText("Pat Homeowner");
  await expect(page.getByText("Dana Homeowner")).toHaveCount(0);
});
