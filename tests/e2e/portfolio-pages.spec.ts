import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { jsEnabled } from "./helpers";
import { expect, test, type OwnSite } from "./own-site";

// Bounded public pages (decision 0055) in the browser: with a big portfolio the All tab
// shows each category's first few with a link to the rest, and a category pages by plain
// links (Previous and More projects) that keep their place, scripts on and off. A site of
// its own: it adds 60 roofing projects to the public portfolio.

const ADDED = 60;

/** Sixty published roofing projects older than the demo ones, each with a demo picture. */
function addRoofingProjects(ownSite: OwnSite) {
  const db = new Database(ownSite.dbPath);
  try {
    const imageId = db
      .prepare("select image_id from projects where category = 'roofing' and image_id is not null limit 1")
      .pluck()
      .get() as number;
    const insert = db.prepare(
      "insert into projects (title, category, description, image_id, alt_text, created_at, updated_at) values (?, 'roofing', 'A roof.', ?, ?, ?, ?)",
    );
    const start = Date.UTC(2020, 0, 1);
    db.transaction(() => {
      for (let i = 1; i <= ADDED; i++)
        insert.run(`Roof job ${i}`, imageId, `Roof job ${i}`, start + i * 86_400_000, start + i * 86_400_000);
    })();
    return db
      .prepare("select count(*) from projects where category = 'roofing' and published = 1")
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}

const track = (page: Page) => page.getByTestId("carousel-track").first();
const tileHrefs = (page: Page) =>
  track(page)
    .locator("li > a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));

test("a big portfolio: the All tab shows the first few, a category pages forward and back by links", async ({
  page,
  ownSite,
}) => {
  const roofing = addRoofingProjects(ownSite);
  // Rows written behind the server's back: a save in the admin clears its page cache.
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/images`);
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page).toHaveURL(/\/admin\/images/);
  await page.context().clearCookies();

  await page.goto(`${ownSite.baseURL}/portfolio`);
  const roofingCarousel = page.getByRole("list", { name: "Roofing Projects" });
  await expect(roofingCarousel.locator("> li")).toHaveCount(8);
  await page.getByRole("link", { name: `See all ${roofing} roofing projects` }).click();
  await expect(page).toHaveURL(/\/portfolio\?category=roofing#projects$/);

  const pager = page.getByRole("navigation", { name: "Pages of roofing projects" });
  await expect(pager.getByText(`${roofing} roofing projects`)).toBeVisible();
  await expect(track(page).locator("> li")).toHaveCount(24);
  await expect(pager.getByRole("link", { name: "Previous projects" })).toHaveCount(0);
  const first = await tileHrefs(page);

  await pager.getByRole("link", { name: "More projects" }).click();
  await expect(page).toHaveURL(/category=roofing&after=\d+#projects$/);
  // With scripts the address changes before the new page renders: wait for the page itself.
  await expect(pager.getByRole("link", { name: "Previous projects" })).toBeVisible();
  await expect(track(page).locator("> li")).toHaveCount(24);
  const second = await tileHrefs(page);
  expect(second.filter((h) => first.includes(h))).toEqual([]);

  await pager.getByRole("link", { name: "More projects" }).click();
  await expect(track(page).locator("> li")).toHaveCount(roofing - 48);
  await expect(pager.getByRole("link", { name: "More projects" })).toHaveCount(0);
  // The oldest added is on the last page.
  await expect(track(page).getByText("Roof job 1", { exact: true })).toBeVisible();

  await pager.getByRole("link", { name: "Previous projects" }).click();
  await expect(page).toHaveURL(/category=roofing&before=\d+#projects$/);
  await expect.poll(() => tileHrefs(page)).toEqual(second);
  await pager.getByRole("link", { name: "Previous projects" }).click();
  await expect.poll(() => tileHrefs(page)).toEqual(first);
  await expect(pager.getByRole("link", { name: "Previous projects" })).toHaveCount(0);

  if (jsEnabled(test.info())) {
    // With scripts a tile still opens its dialog on a later page.
    await page.goto(`${ownSite.baseURL}/portfolio?category=roofing&after=${second.at(-1)!.split("/").pop()}`);
    await track(page).locator("li > a").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
  }
});
