import { QBO_INVOICE_COLUMNS } from "../../app/lib/quickbooks";
import { readDownload } from "./helpers";
import { expect, test } from "./own-site";
import { seedWonJob } from "./seed-estimate";

// "For the accountant": the owner picks a quarter with the reports' GET form (scripts on at a
// desk, off on a phone), reads the sales by month and downloads the invoices for QuickBooks
// Online. On a site of its own, so no other test's invoices move the figures.

/** This Kansas month as "YYYY-MM", and the quarter it is in as the page names it. */
function kansasNow() {
  const month = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", year: "numeric", month: "2-digit" })
    .format(new Date())
    .slice(0, 7);
  const [year, m] = month.split("-").map(Number) as [number, number];
  const label = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", year: "numeric" }).format(
    new Date(Date.UTC(year, m - 1, 15)),
  );
  return { label, quarter: `Q${Math.floor((m - 1) / 3) + 1} ${year}` };
}

test("the owner picks a quarter, sees the sales by month and downloads the invoices in QuickBooks' format", async ({
  page,
  ownSite,
}) => {
  // A $10,000.00 job whose 30% deposit ($3,000.00) was sent just now.
  seedWonJob("Quinn Books", 1_000_000, [{ kind: "deposit", state: "sent" }], ownSite.dbPath);
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/reports/accountant`);
  await expect(page.getByRole("heading", { level: 1, name: "For the accountant" })).toBeVisible();

  const { label, quarter } = kansasNow();
  await page.getByRole("combobox", { name: "Show", exact: true }).selectOption("quarter");
  await page.getByRole("combobox", { name: "Quarter", exact: true }).selectOption({ label: quarter });
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(/[?&]period=quarter&.*quarter=\d{4}-Q[1-4]/);
  await expect(page.getByRole("heading", { name: `Files for ${quarter}` })).toBeVisible();

  // Three months, this one with the deposit; no tax was charged, so no tax column.
  const summary = page.getByRole("region", { name: "Sales by month" });
  const table = summary.getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await expect(summary).not.toContainText("Sales tax");
  await expect(table.getByRole("row", { name: new RegExp(label) })).toContainText("$3,000.00");
  await expect(table.getByRole("row", { name: /Total/ })).toContainText("$3,000.00");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Invoices/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quickbooks-invoices-\d{4}-Q[1-4]\.csv$/);
  const [header, line] = (await readDownload(download)).toString("utf8").split("\r\n");
  expect(header).toBe(QBO_INVOICE_COLUMNS.join(","));
  expect(line).toMatch(/^INV-0001,Quinn Books \(#\d+\),\d{2}\/\d{2}\/\d{4},/);
  expect(line).toContain(",3000.00,3000.00,");
});
