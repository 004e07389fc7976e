import type { Browser, Page, TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { jsEnabled } from "./helpers";
import { expect, test, type OwnSite } from "./own-site";
import { mailsTo } from "./quote";

// The Team screen and invitations, on a site of the test's own: the mails go
// through the real resend SDK to the shared fake Resend, and are read back from it.

async function expectFlash(page: Page, info: TestInfo, text: string) {
  if (jsEnabled(info)) await expect(page.locator(".Toastify").getByText(text)).toBeVisible();
  // In the page without scripts: a status, or an alert for a refusal.
  else
    await expect(page.locator("main").locator("[role=status], [role=alert]").filter({ hasText: text })).toBeVisible();
}

async function invite(page: Page, info: TestInfo, email: string, role: "Office" | "Crew") {
  const form = page.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption({ label: role });
  await form.getByRole("button", { name: "Send Invitation" }).click();
  await expectFlash(page, info, `Invitation sent to ${email}`);
  await expect(page.getByRole("list", { name: "Invitations waiting" }).getByText(email)).toBeVisible();
}

/** The invitee, in a browser of their own: opens the mailed link, chooses name and password, lands in the admin. */
async function accept(browser: Browser, info: TestInfo, site: OwnSite, email: string, name: string, role: string) {
  const [mail] = await mailsTo(email);
  expect(mail.subject).toContain("invited you");
  const link = /https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] ?? "";
  expect(link.startsWith(site.baseURL)).toBe(true);
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled(info), baseURL: site.baseURL });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: /^Join / })).toBeVisible();
  await expect(page.getByText(`as ${role}`)).toBeVisible();
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Password again").fill("short");
  await page.getByRole("button", { name: "Join the Team" }).click();
  await expect(page.getByText("Please choose a password of at least 8 characters")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("prairie wind 2027");
  await page.getByLabel("Password again").fill("prairie wind 2027");
  await page.getByRole("button", { name: "Join the Team" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expectFlash(page, info, `Welcome to the team, ${name}`);
  // One use: the link now says so, with 410.
  const again = await page.request.get(link);
  expect(again.status()).toBe(410);
  return { context, page, link };
}

test("the owner invites office and crew; each joins by the mailed link; a removed member is signed out; the last owner stays", async ({
  page,
  ownSite,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString("hex");
  const officeEmail = `office-${tag}@example.com`;
  const crewEmail = `crew-${tag}@example.com`;
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/team`);
  await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
  const people = page.getByRole("list", { name: "People on the team" }).getByRole("listitem");
  await expect(people).toHaveCount(1);
  await expect(people.first()).toContainText("Owner");

  await invite(page, info, officeEmail, "Office");
  await invite(page, info, crewEmail, "Crew");

  const office = await accept(browser, info, ownSite, officeEmail, "Dana Desk", "office staff");
  const crew = await accept(browser, info, ownSite, crewEmail, "Sam Shingle", "a crew member");

  await page.reload();
  await expect(people).toHaveCount(3);
  const crewRow = people.filter({ hasText: crewEmail });
  await expect(crewRow).toContainText("Sam Shingle");
  await expect(crewRow).toContainText("Crew");
  await expect(crewRow).toContainText("Last signed in");
  await expect(crewRow).not.toContainText("Never");
  await expect(page.getByRole("list", { name: "Invitations waiting" })).toHaveCount(0);

  // Removed: their very next request finds no session.
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Remove Sam Shingle" }).click();
  await expectFlash(page, info, "Sam Shingle was removed and signed out");
  await expect(people).toHaveCount(2);
  await crew.page.goto("/admin");
  await expect(crew.page).toHaveURL(/\/admin\/login/);
  await office.page.goto("/admin");
  await expect(office.page).toHaveURL(/\/admin$/);

  // The only owner can neither leave nor stop being an owner.
  const me = people.filter({ hasText: "You" });
  page.once("dialog", (d) => void d.accept());
  await me.getByRole("button", { name: /^Remove / }).click();
  await expectFlash(page, info, "The team needs at least one owner. Make someone else an owner first.");
  await expect(people).toHaveCount(2);
  await me.getByRole("combobox").selectOption({ label: "Crew" });
  await me.getByRole("button", { name: /^Change the role/ }).click();
  await expectFlash(page, info, "The team needs at least one owner. Make someone else an owner first.");
  await expect(people.filter({ hasText: "You" })).toContainText("Owner");

  await office.context.close();
  await crew.context.close();
});

test("an invitation withdrawn: its link says so (410), and it leaves the list", async ({ page, ownSite }, info) => {
  const email = `maybe-${randomBytes(3).toString("hex")}@example.com`;
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/team`);
  await invite(page, info, email, "Crew");
  await page.getByRole("button", { name: `Withdraw the invitation to ${email}` }).click();
  await expectFlash(page, info, `Invitation to ${email} withdrawn`);
  await expect(page.getByText("None. Invite someone")).toBeVisible();
  const [mail] = await mailsTo(email);
  const link = /https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] ?? "";
  const res = await page.goto(link);
  expect(res?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This invitation was withdrawn" })).toBeVisible();
});

/** A crew member with two-step on and a session of their own, made in the site's database: the session's cookie. */
async function crewWithTwoStep(site: OwnSite, email: string): Promise<string> {
  const cookie = await site.sessionCookie();
  const db = new Database(site.dbPath);
  try {
    const id = db
      .prepare(
        "insert into users (email, password_hash, name, role, totp_secret, totp_enabled_at) values (?, 'not-a-hash', 'Pat Phone', 'crew', 'JBSWY3DPEHPK3PXP', ?) returning id",
      )
      .pluck()
      .get(email, Date.now()) as number;
    db.prepare("insert into recovery_codes (user_id, code_hash) values (?, 'hash-a'), (?, 'hash-b')").run(id, id);
    // The session just made is the owner's: make it the crew member's.
    db.prepare("update sessions set user_id = ? where rowid = (select max(rowid) from sessions)").run(id);
  } finally {
    db.close();
  }
  return cookie;
}

test("a member lost their phone: the owner turns their two-step off, after a confirm step; they are signed out", async ({
  page,
  ownSite,
  browser,
}, info) => {
  const email = `phone-${randomBytes(3).toString("hex")}@example.com`;
  const crewCookie = await crewWithTwoStep(ownSite, email);
  const crew = await browser.newContext({ javaScriptEnabled: jsEnabled(info), baseURL: ownSite.baseURL });
  await crew.addCookies([
    { name: "__session", value: crewCookie, url: ownSite.baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
  const crewPage = await crew.newPage();
  await crewPage.goto("/admin");
  await expect(crewPage).toHaveURL(/\/admin$/);

  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/team`);
  const people = page.getByRole("list", { name: "People on the team" }).getByRole("listitem");
  const row = people.filter({ hasText: email });
  await expect(row).toContainText("Two-step sign-in: on");
  // The owner's own two-step is the account page's: not offered here.
  await expect(people.filter({ hasText: "You" }).getByText("Turn off two-step")).toHaveCount(0);
  const confirm = row.getByRole("button", { name: "Turn off two-step for Pat Phone" });
  await expect(confirm).toBeHidden();
  await row.getByText("Turn off two-step", { exact: true }).click();
  await expect(row.getByText("For when Pat Phone lost their phone.")).toBeVisible();
  await confirm.click();
  await expectFlash(
    page,
    info,
    "Two-step sign-in is off for Pat Phone. They were signed out and sign in again with their password alone.",
  );
  await expect(row).toContainText("Two-step sign-in: off");
  await expect(row.getByText("Turn off two-step", { exact: true })).toHaveCount(0);

  await crewPage.goto("/admin");
  await expect(crewPage).toHaveURL(/\/admin\/login/);
  const db = new Database(ownSite.dbPath, { readonly: true });
  try {
    expect(
      db
        .prepare("select count(*) from recovery_codes rc join users u on u.id = rc.user_id where u.email = ?")
        .pluck()
        .get(email),
    ).toBe(0);
  } finally {
    db.close();
  }
  await crew.close();
});

test("sent again: the link sent first still opens the join page, and the page says so", async ({
  page,
  ownSite,
}, info) => {
  const email = `again-${randomBytes(3).toString("hex")}@example.com`;
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/team`);
  await invite(page, info, email, "Crew");
  await page.getByRole("button", { name: `Send the invitation to ${email} again` }).click();
  await expectFlash(
    page,
    info,
    `Invitation sent to ${email}. Links sent before still work until they run out; the first one used closes the others.`,
  );
  await expect(page.getByRole("list", { name: "Invitations waiting" }).getByRole("listitem")).toHaveCount(1);
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(2);
  const links = mails.map((m) => /https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]{43}/.exec(m.text)?.[0] ?? "");
  expect(new Set(links).size).toBe(2);
  for (const link of links) {
    const res = await page.goto(link);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: /^Join / })).toBeVisible();
  }
});
