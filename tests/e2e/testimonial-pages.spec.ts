import Database from "better-sqlite3";
import { jsEnabled } from "./helpers";
import { expect, test, type OwnSite } from "./own-site";

// /testimonials shows 24 reviews at a time, newest first; Older and Newer reviews
// are plain links that land on the reviews, scripts on and off. A site of its own: it adds
// thirty reviews to the public page.

// A server of its own to start (counted in the test's time), and two pages each way.
test.describe.configure({ timeout: 90_000 });

const ADDED = 30;
const PAGE = 24;

/** Thirty published reviews older than the seeded ones, and one waiting for approval. */
function addReviews(ownSite: OwnSite): number {
  const db = new Database(ownSite.dbPath);
  try {
    const insert = db.prepare(
      "insert into testimonials (name, location, quote, rating, status, created_at, updated_at) values (?, 'Derby, KS', ?, 5, ?, ?, ?)",
    );
    const start = Date.UTC(2019, 0, 1);
    db.transaction(() => {
      for (let i = 1; i <= ADDED; i++)
        insert.run(
          `Reviewer ${i}`,
          `Review ${i}: good work.`,
          "published",
          start + i * 86_400_000,
          start + i * 86_400_000,
        );
      insert.run("Pending Pat", "Waiting for the owner.", "pending", start, start);
    })();
    return db.prepare("select count(*) from testimonials where status = 'published'").pluck().get() as number;
  } finally {
    db.close();
  }
}

test("years of reviews: /testimonials pages forward and back by links, newest first", async ({
  page,
  ownSite,
}, info) => {
  const published = addReviews(ownSite) + 1;
  // Approving a review clears the page cache, which still holds the page from before.
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/testimonials`);
  await page.getByRole("button", { name: "Approve review by Pending Pat" }).click();
  const approved = "Review approved: it now shows on the site";
  await expect(
    jsEnabled(info)
      ? page.locator(".Toastify").getByText(approved)
      : page.getByRole("status").filter({ hasText: approved }),
  ).toBeVisible();
  await page.context().clearCookies();

  await page.goto(`${ownSite.baseURL}/testimonials`);
  const reviews = page.locator("#reviews li");
  const names = () => reviews.locator("span.font-semibold").allTextContents();
  const pager = page.getByRole("navigation", { name: "Pages of reviews" });
  await expect(reviews).toHaveCount(PAGE);
  await expect(pager.getByText(`${published} reviews`)).toBeVisible();
  await expect(pager.getByRole("link", { name: "Newer reviews" })).toHaveCount(0);
  const first = await names();
  // Newest first: the oldest added reviews are not on the first page.
  expect(first).not.toContain("Reviewer 1");

  await pager.getByRole("link", { name: "Older reviews" }).click();
  await expect(page).toHaveURL(/\/testimonials\?after=\d+#reviews$/);
  await expect(reviews).toHaveCount(published - PAGE);
  const second = await names();
  expect(second.filter((name) => first.includes(name))).toEqual([]);
  // The oldest last: the review approved just now was written before all the others.
  expect(second.slice(-2)).toEqual(["Reviewer 1", "Pending Pat"]);
  await expect(pager.getByRole("link", { name: "Older reviews" })).toHaveCount(0);

  await pager.getByRole("link", { name: "Newer reviews" }).click();
  await expect(page).toHaveURL(/\/testimonials\?before=\d+#reviews$/);
  await expect(reviews).toHaveCount(PAGE);
  expect(await names()).toEqual(first);
});
