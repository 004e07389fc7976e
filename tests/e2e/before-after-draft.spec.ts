import Database from "better-sqlite3";
import { E2E_DIR } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { isPhone, jsEnabled } from "./helpers";
import { AUGUSTA_GUTTERS, fillQuote, mailsTo, photo } from "./quote";

// The office makes a before and after portfolio draft from a job's photos: the crew's
// photos are tagged (here straight in the database, as their upload will leave them),
// the form starts on the newest before and after, and the published project's page shows
// the pair, side by side on a desktop and stacked on a phone.

/** Tags the lead's photos as the crew's phone would have: name -> tag and caption. */
function tagPhotos(leadId: number, tags: Record<string, [string, string]>) {
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    const tag = db.prepare("update lead_photos set tag = ?, caption = ? where lead_id = ? and original_name = ?");
    for (const [name, [t, caption]] of Object.entries(tags)) tag.run(t, caption, leadId, name);
  } finally {
    db.close();
  }
}

test("a before and after draft from the job's photos shows as a pair on the project's page", async ({
  browser,
  adminPage: staff,
}, info) => {
  test.setTimeout(90_000);
  const stamp = `${info.project.name} ${Date.now()}`;
  const email = `pair-${info.project.name}-${Date.now()}@example.com`;
  const viewport = isPhone(info) ? { width: 390, height: 844 } : { width: 1280, height: 900 };

  const request = await browser.newContext({ javaScriptEnabled: false });
  const requestPage = await request.newPage();
  await requestPage.goto("/contact");
  const quote = requestPage.getByRole("form", { name: "Contact form" });
  await fillQuote(quote, `Pat ${stamp} Lane`, email, AUGUSTA_GUTTERS);
  await quote
    .getByLabel("Photos (up to 5)")
    .setInputFiles([
      await photo("request.jpg", "#446"),
      await photo("old-gutter.jpg", "#a63"),
      await photo("new-gutter.jpg", "#3a6"),
    ]);
  await quote.getByRole("button", { name: "Send Message" }).click();
  await expect(requestPage.getByRole("status").filter({ hasText: "Your message has been sent!" })).toBeVisible();
  await request.close();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  const leadPath = /\/admin\/leads\/\d+/.exec((await mailsTo(email)).find((m) => m.reply_to === email)!.text)![0];
  tagPhotos(Number(leadPath.split("/").pop()), {
    "old-gutter.jpg": ["before", "Sagging gutter, rusted through"],
    "new-gutter.jpg": ["after", "Seamless gutter hung"],
  });

  await staff.setViewportSize(viewport);
  await staff.goto(leadPath);
  const panel = staff.getByRole("region", { name: "Status and notes" });
  await panel.getByLabel("Status").selectOption("won");
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText("Lead updated").first()).toBeVisible();
  const job = staff.getByRole("region", { name: "The job" });
  await job.getByRole("button", { name: "Mark the job completed" }).click();
  await expect(job).toContainText("Completed");

  await job.getByText("Add to portfolio").click();
  const after = job.getByRole("group", { name: "After picture" });
  const before = job.getByRole("group", { name: "Before picture (optional)" });
  // Each photo says what it shows; the newest after and before are chosen already.
  await expect(after).toContainText("Sagging gutter, rusted through");
  await expect(after.getByRole("radio", { name: "Photo new-gutter.jpg" })).toBeChecked();
  await expect(before.getByRole("radio", { name: "Photo old-gutter.jpg" })).toBeChecked();
  await expect(before.getByRole("radio", { name: "No before picture" })).not.toBeChecked();
  await staff.screenshot({ path: `.tmp/screens/before-after-form-${info.project.name}.png`, fullPage: true });

  const title = `Gutters ${stamp}`;
  await job.getByLabel("Title").fill(title);
  // The before picture's alt text is asked for like the after's (the server asks without scripts).
  await job.getByLabel("Alt text for the after picture *").fill("New seamless gutter along a house in Augusta");
  await job.getByRole("button", { name: "Create the draft" }).click();
  await expect(job.getByText("Please describe the before picture")).toBeVisible();
  await job.getByLabel("Alt text for the before picture").fill("Rusted, sagging gutter on the same house");
  await job.getByRole("button", { name: "Create the draft" }).click();
  await expect(staff.getByText("Draft added to the portfolio").first()).toBeVisible();
  const projectId = new URL(staff.url()).searchParams.get("edit")!;
  const editor = staff.getByRole("dialog");
  await expect(editor.getByRole("group", { name: "Before picture (optional)" })).toBeVisible();
  await expect(editor.getByLabel("Alt text for the before picture")).toHaveValue(
    "Rusted, sagging gutter on the same house",
  );

  await staff.goto("/admin/projects");
  await staff.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(staff.getByText("Project published").first()).toBeVisible();

  const visitorContext = await browser.newContext({ javaScriptEnabled: jsEnabled(info), viewport });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/portfolio/${projectId}`);
  const figures = visitor.locator("main figure");
  await expect(figures).toHaveCount(2);
  await expect(figures.nth(0)).toContainText("Before");
  await expect(figures.nth(0).getByRole("img")).toHaveAttribute("alt", "Rusted, sagging gutter on the same house");
  await expect(figures.nth(1)).toContainText("After");
  await expect(figures.nth(1).getByRole("img")).toHaveAttribute("alt", "New seamless gutter along a house in Augusta");
  const [first, second] = [await figures.nth(0).boundingBox(), await figures.nth(1).boundingBox()];
  if (isPhone(info)) expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  else expect(Math.abs(second!.y - first!.y)).toBeLessThan(2);
  await visitor.screenshot({ path: `.tmp/screens/before-after-page-${info.project.name}.png`, fullPage: true });
  await visitorContext.close();

  // The shared site keeps the portfolio it had.
  await staff.goto(`/admin/projects?delete=${projectId}`);
  await staff.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(staff.getByText("Project deleted successfully").first()).toBeVisible();
});
