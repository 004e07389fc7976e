import Database from "better-sqlite3";
import { chromium, type Page } from "@playwright/test";
import { expect, test, type OwnSite, type TeamMember } from "./own-site";
import { scriptsStarted } from "./fixtures";
import { photo } from "./quote";

// The crew's phone without signal (decision 0099): the admin installs as an app, My day and
// the leads of the coming jobs open once loaded, and nothing a person kept is shown to the
// next one on the same phone. Chromium's own offline switch cuts the page and its worker.

test.use({ serviceWorkers: "allow" });

const KIM = { email: "kim@example.com", name: "Kim Crew", role: "crew" as const };
const LEE = { email: "lee@example.com", name: "Lee Crew", role: "crew" as const };
const OFFICE: TeamMember = { email: "olive@example.com", name: "Olive Office", role: "office" };

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

test("the admin installs on a phone and opens on My day @phone @js", async ({ ownSite }, info) => {
  // Chromium itself decides whether it offers "Install app" (the check Lighthouse's
  // "installable" audit ran). The headless shell the other specs use answers "no problem"
  // to any page, and a private window never installs: the full browser, on a profile.
  const profile = info.outputPath("profile");
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_BROWSER_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await ownSite.signInAs(page, KIM);
    await openMyDayOnline(page, ownSite, 1);
    const cdp = await context.newCDPSession(page);
    const errors = async () =>
      (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((e) => e.errorId);
    await expect.poll(errors).toEqual([]);
    // The same check on the public site, which is no app: it says why not.
    await page.goto(`${ownSite.baseURL}/`);
    await expect.poll(errors).toContain("no-manifest");
  } finally {
    await context.close();
  }
  const manifest = await (await fetch(`${ownSite.baseURL}/app.webmanifest`)).json();
  expect(manifest).toMatchObject({ start_url: "/admin/my-day", scope: "/admin", display: "standalone" });
});

test("without signal, My day and the day's lead open from the phone, and a note waits @phone @js", async ({
  page,
  ownSite,
}, info) => {
  await ownSite.signInAs(page, KIM);
  const lead = bookToday(ownSite, KIM.email, "Dana Homeowner");
  await openMyDayOnline(page, ownSite);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
  await page.getByRole("region", { name: "Today" }).getByRole("link", { name: "Dana Homeowner", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${lead}$`));
  await expect(page.getByRole("heading", { level: 2, name: "Dana Homeowner" })).toBeVisible();
  // A note written on the roof waits on the phone; a change of status waits for signal.
  const panel = page.getByRole("region", { name: "Status and notes" });
  await panel.getByLabel("Add a note").fill("Two soft spots by the chimney; bring 4 sheets of OSB.");
  await panel.getByLabel("Status").selectOption("lost");
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(panel.getByRole("alert")).toContainText("a change of status waits for signal");
  await expect(panel.getByLabel("Add a note")).toHaveValue("Two soft spots by the chimney; bring 4 sheets of OSB.");
  await panel.getByLabel("Status").selectOption("won");
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("photo-queue")).toContainText("1 note waiting to upload");
  await expect(panel.getByLabel("Add a note")).toHaveValue("");
  await page.context().setOffline(false);
  await expect(page.getByTestId("photo-queue")).toHaveCount(0, { timeout: 30_000 });
  await expect(panel.getByRole("region", { name: /History/ })).toContainText(
    "Two soft spots by the chimney; bring 4 sheets of OSB.",
  );
  await page.context().setOffline(true);
  // A page never kept says so in words, not with the browser's error.
  await page.goto(`${ownSite.baseURL}/admin/pricing`);
  await expect(page.getByRole("heading", { level: 1, name: "No signal" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("no-signal.png") });
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

test("photos taken without signal wait on the phone, go once when it is back, and make the office's before and after @phone @js", async ({
  browser,
  page,
  ownSite,
}, info) => {
  test.setTimeout(120_000);
  await ownSite.signInAs(page, KIM);
  const lead = bookToday(ownSite, KIM.email, "Dana Homeowner");
  await openMyDayOnline(page, ownSite);

  // On the roof: no signal. The job opens from My day all the same.
  await page.context().setOffline(true);
  await page.reload();
  await page.getByRole("region", { name: "Today" }).getByRole("link", { name: "Dana Homeowner", exact: true }).click();
  const photos = page.getByRole("region", { name: "Photos" });
  await photos
    .getByLabel("Take or choose photos")
    .setInputFiles([await photo("old-ridge.jpg", "#468"), await photo("old-valley.jpg", "#a64")]);
  await photos.getByLabel("What they show").selectOption("before");
  await photos.getByLabel("Caption (optional)").fill("Old shingles, north slope");
  await photos.getByRole("button", { name: "Add photos" }).click();
  const queue = page.getByTestId("photo-queue");
  await expect(queue).toContainText("2 photos waiting to upload");
  await photos.getByLabel("Take or choose photos").setInputFiles([await photo("new-ridge.jpg", "#6a4")]);
  // The form kept what the last photos showed; these are the finished roof.
  await expect(photos.getByLabel("What they show")).toHaveValue("before");
  await photos.getByLabel("What they show").selectOption("after");
  await photos.getByLabel("Caption (optional)").fill("New ridge cap");
  await photos.getByRole("button", { name: "Add photos" }).click();
  await expect(queue).toContainText("3 photos waiting to upload");
  await expect(queue).toContainText("No signal");
  // The lead's own Photos section says they wait, rather than that it has none.
  await expect(photos.getByTestId("lead-photos-waiting")).toHaveText(
    "3 photos waiting to upload from this phone: they show here once sent.",
  );
  await expect(photos).not.toContainText("No photos yet.");
  await page.screenshot({ path: info.outputPath("photos-waiting.png") });
  // A page loaded again still has them waiting: they are on the phone, not in the page.
  await page.reload();
  await expect(page.getByTestId("photo-queue")).toContainText("3 photos waiting to upload");
  await expect(photos.getByRole("listitem")).toHaveCount(0);

  // Back in the truck with signal: they go, and show on the lead page once each.
  await page.context().setOffline(false);
  await expect(page.getByTestId("photo-queue")).toHaveCount(0, { timeout: 30_000 });
  const cards = page.getByRole("region", { name: "Photos" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: "New ridge cap" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Old shingles, north slope" })).toHaveCount(2);
  const db = new Database(ownSite.dbPath, { readonly: true });
  const stored = db.prepare("select count(*) from lead_photos where lead_id = ?").pluck().get(lead);
  db.close();
  expect(stored).toBe(3);
  await photos.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath("photos-sent.png"), fullPage: true });

  // The office shares the finished roof on the homeowner's job page and makes the draft.
  const officeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const office = await officeContext.newPage();
  await ownSite.signInAs(office, OFFICE);
  await office.goto(`${ownSite.baseURL}/admin/leads/${lead}`);
  await scriptsStarted(office);
  const officePhotos = office.getByRole("region", { name: "Photos" });
  await officePhotos
    .getByRole("listitem")
    .filter({ hasText: "New ridge cap" })
    .getByRole("button", { name: "Share" })
    .click();
  await expect(officePhotos.getByRole("listitem").filter({ hasText: "New ridge cap" })).toContainText(
    "Shared on job page",
  );
  const panel = office.getByRole("region", { name: "Job page" });
  await panel.getByRole("button", { name: "Get the link to copy" }).click();
  const link = await panel.getByLabel("Job page link").inputValue();
  const homeowner = await browser.newPage();
  await homeowner.goto(`${ownSite.baseURL}${new URL(link).pathname}`);
  const shared = homeowner.getByRole("region", { name: "Photos of your job" });
  await expect(shared.getByRole("img")).toHaveCount(1);
  await expect(shared).toContainText("New ridge cap");
  await homeowner.close();

  const job = office.getByRole("region", { name: "The job" });
  await job.getByRole("button", { name: "Mark the job completed" }).click();
  await expect(job).toContainText("Completed");
  await job.getByText("Add to portfolio").click();
  await expect(
    job.getByRole("group", { name: "After picture" }).getByRole("radio", { name: "Photo new-ridge.jpg" }),
  ).toBeChecked();
  await expect(
    job.getByRole("group", { name: "Before picture (optional)" }).getByRole("radio", { checked: true }),
  ).toHaveAccessibleName(/Photo old-(ridge|valley)\.jpg/);
  await job.getByLabel("Alt text for the after picture *").fill("New ridge cap on a house in Wellington");
  await job.getByLabel("Alt text for the before picture").fill("Worn shingles on the same roof");
  await job.getByRole("button", { name: "Create the draft" }).click();
  await expect(office.getByText(/Draft added to the portfolio/).first()).toBeVisible();
  await expect(office.getByRole("dialog").getByRole("group", { name: "Before picture (optional)" })).toBeVisible();
  await officeContext.close();
});
