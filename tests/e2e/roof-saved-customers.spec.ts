import Database from "better-sqlite3";
import { expect, test } from "./own-site";

// The roof tool's Saved Customers come a page at a time (25, newest first) and are
// searched on the server; Newer/Older and the search are plain links and a GET form, so
// they work without scripts, and the address keeps the search.

/** 30 customers in Zenda, saved one minute apart after anything the site already had. */
function seedZenda(dbPath: string) {
  const db = new Database(dbPath);
  try {
    const insert = db.prepare(
      "insert into roof_customers (customer_name, street, city, state, zip_code, created_at) values (?, ?, 'Zenda', 'KS', '67159', ?)",
    );
    const start = Date.now() + 60_000;
    db.transaction(() => {
      for (let i = 1; i <= 30; i++) insert.run(`Zenda ${i}`, `${i} Elm St`, start + i * 60_000);
    })();
  } finally {
    db.close();
  }
}

test("saved customers page with Newer/Older and are found by a search kept in the address", async ({
  page,
  ownSite,
}) => {
  seedZenda(ownSite.dbPath);
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/roof-measurement`);
  const list = page.getByRole("region", { name: "Saved Customers" });
  const entries = list.getByRole("listitem");
  await expect(entries).toHaveCount(25);
  await expect(entries.first()).toContainText("Zenda 30");
  await expect(list.getByRole("link", { name: "Newer" })).toHaveCount(0);

  await list.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/[?&]after=/);
  await expect(list.getByRole("heading", { name: "Saved Customers" })).toBeInViewport();
  await expect(entries.first()).toContainText("Zenda 5");
  await expect(list.getByText("Zenda 30")).toHaveCount(0);
  await list.getByRole("link", { name: "Newer" }).click();
  await expect(entries.first()).toContainText("Zenda 30");
  await expect(entries).toHaveCount(25);

  // A phone typed any way is the leads' search; here name, street, town or ZIP, word by word.
  const box = list.getByLabel("Find a saved customer");
  await box.fill("zenda 1");
  await list.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/[?&]q=zenda\+1(&|#|$)/);
  // The list is where the search left it, not scrolled away to the top of the page.
  await expect(list.getByRole("heading", { name: "Saved Customers" })).toBeInViewport();
  // "1" starts 1 and 10-19: eleven customers, newest first.
  await expect(entries).toHaveCount(11);
  await expect(entries.first()).toContainText("Zenda 19");
  await expect(entries.last()).toContainText("Zenda 1");
  await expect(box).toHaveValue("zenda 1");

  await box.fill("67159");
  await list.getByRole("button", { name: "Find" }).click();
  await expect(entries).toHaveCount(25);
  await list.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/q=67159/);
  await expect(entries).toHaveCount(5);
  await expect(entries.last()).toContainText("Zenda 1");

  // Opening a customer keeps the list as it was searched.
  await entries.filter({ hasText: "Zenda 3" }).getByRole("link").click();
  await expect(page.getByLabel("Customer name")).toHaveValue("Zenda 3");
  await expect(page).toHaveURL(/customer=\d+/);
  await expect(page).toHaveURL(/q=67159/);
  await expect(box).toHaveValue("67159");

  await list.getByRole("link", { name: "Show all" }).click();
  await expect(entries).toHaveCount(25);
  await expect(page.getByLabel("Customer name")).toHaveValue("Zenda 3");
});

test("a search of FTS syntax or punctuation finds nothing and breaks nothing", async ({ page, ownSite }) => {
  seedZenda(ownSite.dbPath);
  await ownSite.signIn(page);
  for (const q of ['"NEAR(zenda', "-*", "zenda OR x"]) {
    const response = await page.goto(`${ownSite.baseURL}/admin/roof-measurement?q=${encodeURIComponent(q)}`);
    expect(response?.status(), q).toBe(200);
    await expect(
      page.getByRole("region", { name: "Saved Customers" }).getByText(/^No saved customers match/),
    ).toBeVisible();
  }
});
