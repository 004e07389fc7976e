import fs from "node:fs";
import path from "node:path";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// The owner makes a backup from the admin, sees it listed and downloads it as a
// .tar.gz; the nightly hour is his to choose. Scripts on and off.

test("the owner backs up now, downloads the backup, and picks the nightly hour", async ({ page, ownSite }, info) => {
  const notice = (text: string) =>
    jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole("status").filter({ hasText: text });
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/backups`);
  await expect(page.getByRole("heading", { name: "Backups", level: 1 })).toBeVisible();
  await expect(page.getByTestId("last-backup")).toHaveText(
    "No backup yet. The first is made tonight at 3 AM, Kansas time.",
  );
  // A new site is not nagged about a backup it could not have made yet.
  await expect(page.getByTestId("backup-banner")).toHaveCount(0);

  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(notice("Backup made")).toBeVisible();
  await expect(page.getByTestId("backups-kept").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("backups-kept")).toContainText(
    /\d+ leads?, \d+ roof customers?, \d+ invoices?, \d+ payments?, \d+ projects?, \d+ picture files?/,
  );
  await expect(page.getByTestId("last-backup")).not.toHaveText(/No backup yet/);

  // The backup is on the disk beside the database, and the download is its .tar.gz.
  const kept = fs.readdirSync(path.join(path.dirname(ownSite.dbPath), "backups"));
  expect(kept).toHaveLength(1);
  const href = await page.getByTestId("download-latest").getAttribute("href");
  expect(href).toBe(`/admin/backups/${kept[0]}.tar.gz`);
  const file = await page.request.get(`${ownSite.baseURL}${href}`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/gzip");
  const body = await file.body();
  expect([body[0], body[1]]).toEqual([0x1f, 0x8b]);

  // Everything, to take to another tool: a .zip of CSV files and pictures.
  const exportHref = await page.getByTestId("export-everything").getAttribute("href");
  const zip = await page.request.get(`${ownSite.baseURL}${exportHref}`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-disposition"]).toMatch(/^attachment; filename="site-export-\d{4}-\d{2}-\d{2}\.zip"$/);
  expect((await zip.body()).subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");

  await page.getByLabel("Every night at (Kansas time)").selectOption("11 PM");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(notice("Backup hour saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Every night at (Kansas time)")).toHaveValue("23");
});

test("a backup is not handed to anyone who is not signed in", async ({ page, ownSite }) => {
  const anonymous = await page.context().browser()!.newContext();
  const answer = await anonymous.request.get(`${ownSite.baseURL}/admin/backups/2026-11-27T09-00-00Z.tar.gz`, {
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(401);
  await anonymous.close();
});
