import Database from "better-sqlite3";
import { addDays, businessToday } from "../../app/lib/business-time";
import { E2E_DIR } from "../../playwright.config";
import { expect, scriptsStarted, test } from "./fixtures";
import { jsEnabled } from "./helpers";
import { seedWonJob } from "./seed-estimate";

// Overdue reminders on the lead page's invoices card: where they stand, the next one's day,
// and staff pausing and resuming them for the job, with scripts (in place, a toast) and
// without (a plain post and the page again).

/** A won job whose deposit was sent and falls due in a week (Kansas calendar): its first reminder is ahead. */
function jobWithOpenDeposit(name: string): number {
  const leadId = seedWonJob(name, 800_000, [{ kind: "deposit", state: "sent" }]);
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    db.prepare("update invoices set due_on = ? where lead_id = ?").run(addDays(businessToday(), 7), leadId);
  } finally {
    db.close();
  }
  return leadId;
}

test("staff pause a job's overdue reminders and resume them from its invoices card", async ({
  adminPage: staff,
}, info) => {
  const js = jsEnabled(info);
  const leadId = jobWithOpenDeposit(`Nell Ames ${info.project.name}-${Date.now()}`);
  await staff.goto(`/admin/leads/${leadId}`);
  if (js) {
    await scriptsStarted(staff);
    await staff.evaluate(() => Object.assign(window, { stillThisPage: true }));
  }
  const money = staff.getByRole("region", { name: "Invoices and payments" });
  const reminders = money.getByRole("form", { name: "Overdue reminders" });
  const deposit = money.getByRole("listitem", { name: /^Deposit invoice INV-\d{4,}$/ });
  await expect(reminders).toContainText(
    "Overdue reminders go 3, 10 and 30 days after an invoice's due day while it is unpaid.",
  );
  await expect(deposit).toContainText(/Next reminder: \w+ \d{1,2}, \d{4}, if still unpaid\./);

  await reminders.getByRole("button", { name: "Pause reminders" }).click();
  await expect(staff.getByText("Overdue reminders paused for this job").first()).toBeVisible();
  await expect(reminders).toContainText(/Overdue reminders are paused for this job since \w{3} \d{1,2}, \d{4}/);
  await expect(deposit).not.toContainText("Next reminder");
  const history = staff.getByRole("region", { name: "History" });
  await expect(history).toContainText("Overdue reminders paused for this job");

  await reminders.getByRole("button", { name: "Resume reminders" }).click();
  await expect(staff.getByText("Overdue reminders resumed for this job").first()).toBeVisible();
  await expect(reminders.getByRole("button", { name: "Pause reminders" })).toBeVisible();
  await expect(deposit).toContainText("Next reminder:");
  await expect(history).toContainText("Overdue reminders resumed for this job");
  expect(new URL(staff.url()).pathname).toBe(`/admin/leads/${leadId}`);
  if (js) expect(await staff.evaluate(() => "stillThisPage" in window)).toBe(true);
});
