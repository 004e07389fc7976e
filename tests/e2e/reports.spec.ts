import Database from "better-sqlite3";
import { scriptsStarted } from "./fixtures";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// The Leads & sales report: the owner picks a quarter with the period form and reads a
// chart's numbers in the table beside it. Without scripts the form is a plain GET; with
// them the same form moves the page by client navigation. On a site of its own, so the
// leads it counts are only these.

function seedLeads(dbPath: string, leads: { name: string; source: string; at: string }[]) {
  const db = new Database(dbPath);
  try {
    const insert = db.prepare(
      "insert into leads (name, email, message, source, status, created_at) values (?, ?, 'Roof', ?, 'new', ?)",
    );
    for (const l of leads) insert.run(l.name, `${l.name.toLowerCase()}@example.com`, l.source, Date.parse(l.at));
  } finally {
    db.close();
  }
}

test("the owner picks a quarter and reads how many leads came from where, against a year earlier", async ({
  page,
  ownSite,
}, info) => {
  // Last year's second quarter, and the one before it: both always among the form's quarters.
  const year = new Date().getUTCFullYear() - 1;
  seedLeads(ownSite.dbPath, [
    { name: "Ada", source: "website", at: `${year}-04-03T15:00:00Z` },
    { name: "Ben", source: "website", at: `${year}-05-20T15:00:00Z` },
    { name: "Cy", source: "phone", at: `${year}-06-29T15:00:00Z` },
    { name: "Dot", source: "website", at: `${year - 1}-05-02T15:00:00Z` },
    // The quarter after: not counted.
    { name: "Eli", source: "text", at: `${year}-07-02T15:00:00Z` },
  ]);
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/reports`);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const scripts = jsEnabled(info);
  if (scripts) {
    await scriptsStarted(page);
    // Kept through a client navigation, gone after a page load.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  }

  await page.getByLabel("Show").selectOption("quarter");
  await page.getByLabel("Quarter").selectOption(`${year}-Q2`);
  await page.getByRole("button", { name: "Show report" }).click();

  // The address asks for the quarter (the form sends its other, hidden fields too).
  await expect(page).toHaveURL(new RegExp(`[?&]quarter=${year}-Q2(&|$)`));
  expect(new URL(page.url()).searchParams.get("period")).toBe("quarter");
  await expect(page.getByRole("heading", { name: `Q2 ${year} compared with Q2 ${year - 1}` })).toBeVisible();
  const table = page.getByRole("table", { name: "Leads by source" });
  await expect(table.getByRole("columnheader")).toHaveText(["What", `Q2 ${year}`, `Q2 ${year - 1}`]);
  const row = (label: string) => table.getByRole("row", { name: new RegExp(`^${label}`) }).getByRole("cell");
  await expect(row("Website form")).toHaveText(["2", "1"]);
  await expect(row("Phone call")).toHaveText(["1", "0"]);
  await expect(row("Roof tool")).toHaveText(["0", "0"]);
  await expect(row("Text message")).toHaveText(["0", "0"]);

  if (scripts) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
