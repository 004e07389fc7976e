import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";
import { ADMIN } from "./fixtures";
import { jsEnabled } from "./helpers";
import { expect, test, type OwnSite, type TeamMember } from "./own-site";
import { byLineDay } from "../../app/lib/by-line";

// Office drafts and by-lines (decision 0052), in the browser: the office starts a
// project and a testimonial as drafts, the owner publishes them, and the lists name who
// did it. The office cannot open what is on the site by typing ?edit=<id>. Each on a site
// of its own (it changes the public portfolio), scripts on and off, phone and desktop.

const OWNER: TeamMember = { email: ADMIN.email, name: "Pat Owner", role: "owner" };
const OFFICE: TeamMember = { email: "olive@example.com", name: "Olive Office", role: "office" };

const notice = (page: Page, text: string) =>
  jsEnabled(test.info())
    ? page.locator(".Toastify").getByText(text)
    : page.getByRole("status").filter({ hasText: text });

const idOf = (ownSite: OwnSite, table: "projects" | "testimonials", column: string, value: string) => {
  const db = new Database(ownSite.dbPath, { readonly: true });
  try {
    return db.prepare(`select id from ${table} where ${column} = ?`).pluck().get(value) as number;
  } finally {
    db.close();
  }
};

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/shots-p/${name}-${test.info().project.name}.png`, fullPage: true });
}

test("the office makes a project draft, the owner publishes it, and the list names who", async ({ page, ownSite }) => {
  // Three people's turns and an upload on a site of its own: more than the default 30 s on a busy machine.
  test.slow();
  const title = `Office porch roof ${test.info().project.name}`;
  await ownSite.signInAs(page, OFFICE);
  await page.goto(`${ownSite.baseURL}/admin/projects`);
  await expect(page.getByText("What you add or edit stays a draft until the owner publishes it.")).toBeVisible();
  await page.getByRole("link", { name: "Add New Draft" }).click();
  const editor = page.getByRole("dialog", { name: "Add New Draft" });
  await expect(editor.getByText("Saved as a draft: the owner publishes it on the site.")).toBeVisible();
  await editor.getByLabel("Title *").fill(title);
  await editor.getByLabel("Category *").selectOption("roofing");
  await editor.getByLabel("Description *").fill("A new porch roof, drafted by the office.");
  await editor.getByLabel(/^Image \*/).setInputFiles({
    name: "porch.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#6a8" } })
      .png()
      .toBuffer(),
  });
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(
    notice(page, "Project saved as a draft: it shows on the site once the owner publishes it"),
  ).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Publish ${title}` })).toBeHidden();
  await page.goto(`${ownSite.baseURL}/portfolio?category=roofing`);
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);

  // The owner publishes it: the list says by whom and when.
  await ownSite.signInAs(page, OWNER);
  await page.goto(`${ownSite.baseURL}/admin/projects`);
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("button", { name: `Publish ${title}` })
    .click();
  await expect(notice(page, "Project published: it now shows on the site")).toBeVisible();
  const byLine = `Published by Pat Owner on ${byLineDay(new Date())}`;
  await expect(page.getByRole("row").filter({ hasText: title }).getByText(byLine)).toBeVisible();
  if (test.info().project.name.startsWith("phone")) await shot(page, "projects-owner");
  await page.goto(`${ownSite.baseURL}/portfolio?category=roofing`);
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  // Back as the office: the by-line shows, and the published project does not open for editing.
  await ownSite.signInAs(page, OFFICE);
  await page.goto(`${ownSite.baseURL}/admin/projects`);
  const published = page.getByRole("row").filter({ hasText: title });
  await expect(published.getByText(byLine)).toBeVisible();
  await expect(published.getByText("On the site: the owner edits it")).toBeVisible();
  await page.goto(`${ownSite.baseURL}/admin/projects?edit=${idOf(ownSite, "projects", "title", title)}`);
  await expect(
    page.getByRole("alert").filter({ hasText: "This project is on the site: only the owner edits it." }),
  ).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  if (test.info().project.name.startsWith("phone")) await shot(page, "projects-office-refused");
});

test("the office adds a testimonial as pending, the owner approves it, and the list names who", async ({
  page,
  ownSite,
}) => {
  test.slow();
  const name = `Ruth ${test.info().project.name}`;
  await ownSite.signInAs(page, OFFICE);
  await page.goto(`${ownSite.baseURL}/admin/testimonials`);
  await page.getByRole("link", { name: "Add New Testimonial" }).click();
  const editor = page.getByRole("dialog", { name: "Add New Testimonial" });
  await editor.getByLabel("Name *").fill(name);
  await editor.getByLabel("Quote *").fill("They fixed the leak the same week.");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(
    notice(page, "Testimonial saved as pending: it shows on the site once the owner approves it"),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name }).getByText("Pending")).toBeVisible();

  await ownSite.signInAs(page, OWNER);
  await page.goto(`${ownSite.baseURL}/admin/testimonials`);
  await page.getByRole("button", { name: `Approve review by ${name}` }).click();
  await expect(notice(page, "Review approved: it now shows on the site")).toBeVisible();
  const byLine = `Approved by Pat Owner on ${byLineDay(new Date())}`;
  await expect(page.getByRole("row").filter({ hasText: name }).getByText(byLine)).toBeVisible();
  if (test.info().project.name.startsWith("phone")) await shot(page, "testimonials-owner");

  await ownSite.signInAs(page, OFFICE);
  await page.goto(`${ownSite.baseURL}/admin/testimonials?edit=${idOf(ownSite, "testimonials", "name", name)}`);
  await expect(
    page.getByRole("alert").filter({ hasText: "This testimonial is on the site: only the owner edits it." }),
  ).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: name }).getByText(byLine)).toBeVisible();
});
