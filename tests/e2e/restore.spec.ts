import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { ADMIN } from "./fixtures";
import { jsEnabled } from "./helpers";
import { expect, test, type OwnSite } from "./own-site";

// The owner puts a backup back from the admin (decision 0094): a kept one picked
// from the list, then a downloaded file uploaded; his password asked again each time, the
// site's leads as the backup held them afterwards, the state before kept. Scripts on and off.

function addLead(ownSite: OwnSite, name: string) {
  const db = new Database(ownSite.dbPath);
  try {
    db.prepare(
      "insert into leads (name, email, message, service, city, status, created_at) values (?, ?, 'Hail took the roof', 'Residential Roofing', 'Wichita', 'new', ?)",
    ).run(name, `${name.split(" ")[0]!.toLowerCase()}@example.com`, Date.now());
  } finally {
    db.close();
  }
}

test("the owner restores a kept backup and a downloaded one, with his password", async ({ page, ownSite }, info) => {
  const notice = (text: string | RegExp) =>
    jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole("status").filter({ hasText: text });
  addLead(ownSite, "Before Backup");
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/backups`);
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(notice("Backup made")).toBeVisible();
  const downloadHref = (await page.getByTestId("download-latest").getAttribute("href"))!;
  const download = await page.request.get(`${ownSite.baseURL}${downloadHref}`);
  const file = path.join(
    path.dirname(ownSite.dbPath),
    "..",
    `${path.basename(path.dirname(ownSite.dbPath))}-download.tar.gz`,
  );
  fs.writeFileSync(file, await download.body());
  addLead(ownSite, "After Backup");

  // A kept backup, picked from the list.
  await page
    .getByTestId("backups-kept")
    .getByRole("link", { name: /^Restore the backup of / })
    .click();
  await expect(page.getByRole("heading", { name: /^Put back the backup of / })).toBeVisible();
  await expect(page.getByTestId("chosen-backup")).toContainText(/\d+ leads?, .*picture files?/);
  await page.getByLabel("Your password").fill("not my password");
  await page.getByRole("button", { name: "Restore this backup" }).click();
  await expect(page.getByText("That is not your current password")).toBeVisible();
  await page.getByLabel("Your password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Restore this backup" }).click();
  await expect(notice(/^Restored the backup of .*What was here before is kept as before-restore-/)).toBeVisible({
    timeout: 30_000,
  });
  // Still signed in, on the Backups page, with the leads the backup held.
  await expect(page.getByRole("heading", { name: "Backups", level: 1 })).toBeVisible();
  await page.goto(`${ownSite.baseURL}/admin/leads`);
  await expect(page.getByRole("link", { name: "Before Backup" })).toBeVisible();
  await expect(page.getByRole("link", { name: "After Backup" })).toHaveCount(0);

  // A downloaded file, uploaded.
  addLead(ownSite, "Added Again");
  await page.goto(`${ownSite.baseURL}/admin/backups/restore`);
  const upload = page.locator("form", { has: page.getByRole("button", { name: "Upload and restore" }) });
  await upload.getByLabel("Backup file (.tar.gz)").setInputFiles(file);
  await upload.getByLabel("Your password").fill(ADMIN.password);
  await upload.getByRole("button", { name: "Upload and restore" }).click();
  await expect(notice(/^Restored the backup of /)).toBeVisible({ timeout: 30_000 });
  await page.goto(`${ownSite.baseURL}/admin/leads`);
  await expect(page.getByRole("link", { name: "Before Backup" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Added Again" })).toHaveCount(0);

  // Both states before are kept on the server, each a backup that can be put back in turn.
  const backups = fs.readdirSync(path.join(path.dirname(ownSite.dbPath), "backups"));
  expect(backups.filter((n) => n.startsWith("before-restore-"))).toHaveLength(2);
  fs.rmSync(file, { force: true });
});

test("the restore page is the owner's alone", async ({ page, ownSite }) => {
  await ownSite.signInAs(page, { email: "office@example.com", name: "Olive Office", role: "office" });
  const answer = await page.goto(`${ownSite.baseURL}/admin/backups/restore`);
  expect(answer?.status()).toBe(403);
});
