import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, test, type OwnSite, type TeamMember } from "./own-site";
import { scriptsStarted } from "./fixtures";
import { jsEnabled } from "./helpers";
import { photo } from "./quote";

// Photos of a job from a crew member's phone, with scripts off (a plain form) and on (the
// phone's queue): several at once, tagged and captioned, then on the lead page for the office, who
// shares one on the homeowner's job page.

const CREW: TeamMember = { email: "kim@example.com", name: "Kim Crew", role: "crew" };
const OFFICE: TeamMember = { email: "olive@example.com", name: "Olive Office", role: "office" };

/** A won job nobody looks after yet: open work, the crew's to see. */
function wonLead(ownSite: OwnSite): number {
  const db = new Database(ownSite.dbPath);
  try {
    return db
      .prepare(
        "insert into leads (name, email, phone, message, service, street, city, zip, status, created_at) values ('Dana Homeowner', 'dana@example.com', '(316) 555-0142', 'Hail', 'Residential Roofing', '412 N Main St', 'Wellington', '67152', 'won', ?) returning id",
      )
      .pluck()
      .get(Date.now()) as number;
  } finally {
    db.close();
  }
}

async function phoneOf(browser: Browser, ownSite: OwnSite, person: TeamMember | null, js: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (person) await ownSite.signInAs(page, person);
  return page;
}

/** Every picture in `where` was fetched and decoded: a private photo the browser was allowed to see. */
async function expectLoaded(images: ReturnType<Page["getByRole"]>) {
  for (const img of await images.all())
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test("the crew adds photos from a phone; the office shares one on the homeowner's job page @phone", async ({
  browser,
  ownSite,
}, info) => {
  test.setTimeout(90_000);
  const js = jsEnabled(info);
  const leadId = wonLead(ownSite);
  const crew = await phoneOf(browser, ownSite, CREW, js);
  await crew.goto(`${ownSite.baseURL}/admin/leads/${leadId}`);
  if (js) await scriptsStarted(crew);
  const photos = crew.getByRole("region", { name: "Photos" });
  await expect(photos).toContainText("No photos yet.");
  await photos
    .getByLabel("Take or choose photos")
    .setInputFiles([
      await photo("ridge.jpg", "#468"),
      await photo("valley.jpg", "#a64"),
      await photo("eave.jpg", "#6a4"),
    ]);
  await expect(photos.getByLabel("What they show")).toHaveValue("before");
  await photos.getByLabel("Caption (optional)").fill("North slope, old shingles");
  await photos.getByRole("button", { name: "Add photos" }).click();

  // Without scripts the form posts and the page comes back at its photos; with them the
  // photos go through the phone's queue (crew-offline.spec.ts) and the page stays.
  if (!js) await expect(crew).toHaveURL(new RegExp(`/admin/leads/${leadId}#photos$`));
  await expect(crew.getByText("3 photos added").first()).toBeVisible();
  const cards = photos.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText("Before");
  await expect(cards.first()).toContainText("North slope, old shingles");
  await expect(cards.first()).toContainText("Kim Crew");
  await expectLoaded(photos.getByRole("img"));
  // Not the crew's to share; their own photo is theirs to delete.
  await expect(photos.getByRole("button", { name: "Share" })).toHaveCount(0);
  await expect(photos.getByRole("button", { name: "Delete" })).toHaveCount(3);
  await expect(crew.getByRole("region", { name: "History" })).toContainText("3 photos added");
  await crew.screenshot({ path: info.outputPath("crew-photos.png"), fullPage: true });

  const office = await phoneOf(browser, ownSite, OFFICE, js);
  await office.goto(`${ownSite.baseURL}/admin/leads/${leadId}`);
  if (js) await scriptsStarted(office);
  const officePhotos = office.getByRole("region", { name: "Photos" });
  await officePhotos.getByRole("listitem").first().getByRole("button", { name: "Share" }).click();
  await expect(office.getByText("The photo is on the homeowner's job page.").first()).toBeVisible();
  await expect(officePhotos.getByRole("listitem").first()).toContainText("Shared on job page");
  const panel = office.getByRole("region", { name: "Job page" });
  await panel.getByRole("button", { name: "Get the link to copy" }).click();
  const link = await panel.getByLabel("Job page link").inputValue();

  const homeowner = await phoneOf(browser, ownSite, null, js);
  await homeowner.goto(`${ownSite.baseURL}${new URL(link).pathname}`);
  const shared = homeowner.getByRole("region", { name: "Photos of your job" });
  await expect(shared.getByRole("img")).toHaveCount(1);
  await expect(shared).toContainText("Before");
  await expect(shared).toContainText("North slope, old shingles");
  await expectLoaded(shared.getByRole("img"));
  await homeowner.screenshot({ path: info.outputPath("job-page-photos.png"), fullPage: true });
  // The photos not shared are not the homeowner's to fetch.
  const unshared = await officePhotos.getByRole("listitem").nth(1).getByRole("link").first().getAttribute("href");
  const name = unshared!.split("/").pop()!;
  const token = new URL(link).pathname.split("/").pop()!;
  expect((await homeowner.request.get(`${ownSite.baseURL}/job/${token}/photos/${name}`)).status()).toBe(404);
});
