import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN_MENU, jsEnabled } from "./helpers";
import { areaPath, servicePath } from "../../app/content/site";

const picture = async (color: string) => ({
  name: "site-photo.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

test("create, edit and delete a project with an upload; the portfolio follows", async ({ adminPage: page }, info) => {
  const title = `Carport framing ${info.project.name}`;
  const notice = (text: string) =>
    jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole("status").filter({ hasText: text });

  await page.goto("/admin/projects/framing");
  await page.getByRole("link", { name: "Add New Project" }).click();
  const editor = page.getByRole("dialog", { name: "Add New Project" });
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("alert")).toHaveText("Title, category and description are required");

  await editor.getByLabel("Title *").fill(title);
  await editor.getByLabel("Description *").fill("Two-car carport framed with 6x6 posts.");
  await expect(editor.getByLabel("Category *")).toHaveValue("framing");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByText("Please choose an image")).toBeVisible();

  await editor.getByLabel(/^Image \*/).setInputFiles(await picture("#6a8"));
  await editor.getByLabel(/^Alt text/).fill("Carport frame of six posts");
  await editor.getByLabel("Featured").check();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(notice("Project created successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Yes")).toBeVisible();
  await expect
    .poll(() => row.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto("/portfolio?category=framing");
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  await page.goto("/admin/projects/framing");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Project" });
  await expect(edit.getByLabel("Title *")).toHaveValue(title);
  await edit.getByLabel("Title *").fill(`${title} (done)`);
  await edit.getByLabel(/^Replace image/).setInputFiles(await picture("#a63"));
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(notice("Project updated successfully")).toBeVisible();
  await page.goto("/portfolio?category=framing");
  await expect(page.getByRole("link", { name: `${title} (done)` })).toBeVisible();

  await page.goto("/admin/projects/framing");
  await page.getByRole("link", { name: `Delete ${title} (done)` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Project" });
  await expect(confirm).toContainText("Are you sure you want to delete this project?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(notice("Project deleted successfully")).toBeVisible();
  await page.goto("/portfolio?category=framing");
  await expect(page.getByRole("link", { name: `${title} (done)` })).toHaveCount(0);
});

test("@desktop the owner files a project under a service and a town, and those pages show it", async ({
  adminPage: page,
}, info) => {
  // A town of its own for each browser run (the demo has no project there), and words that name neither.
  const town = jsEnabled(info) ? "Park City" : "Winfield";
  const title = `Shop walls ${info.project.name}`;
  const townPage = areaPath(town === "Park City" ? "park-city" : "winfield");
  const servicePage = servicePath("new-construction-framing-wichita");
  const notice = (text: string) =>
    jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole("status").filter({ hasText: text });

  await page.goto("/admin/projects/framing");
  await page.getByRole("link", { name: "Add New Project" }).click();
  const editor = page.getByRole("dialog", { name: "Add New Project" });
  await editor.getByLabel("Title *").fill(title);
  await editor.getByLabel("Description *").fill("Walls raised for a 30x40 shop.");
  await editor.getByLabel(/^Service/).selectOption("New Construction");
  await editor.getByLabel(/^Town/).fill(town);
  await editor.getByLabel(/^Image \*/).setInputFiles(await picture("#68a"));
  await editor.getByLabel(/^Alt text/).fill("Shop walls standing on a slab");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(notice("Project created successfully")).toBeVisible();
  await page.goto(townPage);
  await expect(page.getByRole("main")).toContainText(title);
  await page.goto(servicePage);
  await expect(page.getByRole("main")).toContainText(title);

  // The editor shows them; cleared, the project's words decide, and they name no town.
  await page.goto("/admin/projects/framing");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Project" });
  await expect(edit.getByLabel(/^Service/)).toHaveValue("New Construction");
  await expect(edit.getByLabel(/^Town/)).toHaveValue(town);
  await edit.getByLabel(/^Service/).selectOption("");
  await edit.getByLabel(/^Town/).fill("");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(notice("Project updated successfully")).toBeVisible();
  await page.goto(townPage);
  await expect(page.getByRole("main")).not.toContainText(title);

  await page.goto("/admin/projects/framing");
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog", { name: "Delete Project" }).getByRole("button", { name: "Delete" }).click();
  await expect(notice("Project deleted successfully")).toBeVisible();
});

test("the project tabs and table", async ({ adminPage: page }) => {
  await page.goto("/admin/projects");
  const tabs = page.getByRole("navigation", { name: "Project categories" });
  await expect(tabs.getByRole("link")).toHaveText(["All Projects", "Framing", "Roofing", "Bright Green"]);
  // On a phone the header row is hidden (rows become labeled cards), but it is still the table's. Status: Draft or Published (a job added from its lead starts as a draft).
  await expect(page.getByRole("columnheader", { includeHidden: true })).toHaveText([
    "Image",
    "Title",
    "Category",
    "Featured",
    "Status",
    "Actions",
  ]);
  await tabs.getByRole("link", { name: "Bright Green" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/bright-green$/);
  await expect(tabs.getByRole("link", { name: "Bright Green" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Projects" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(
    page.getByRole("row").filter({ hasText: "Bright Green Treatment on a Ranch Home, Newton" }),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Hail Damage Repair, Haysville" })).toHaveCount(0);
});

test("Images and Contact & Business are sections of their own, with their own headings and addresses", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/projects");
  const header = page.getByRole("navigation", { name: "Admin" });
  await expect(header.getByRole("link")).toHaveText(ADMIN_MENU);
  await header.getByRole("link", { name: "Images" }).click();
  await expect(page).toHaveURL(/\/admin\/images$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Images");
  await expect(header.getByRole("link", { name: "Images" })).toHaveAttribute("aria-current", "page");
  await expect(header.getByRole("link", { name: "Projects" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Image library" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Project categories" })).toHaveCount(0);
  await header.getByRole("link", { name: "Contact & Business" }).click();
  await expect(page).toHaveURL(/\/admin\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact & Business");
  // A bookmark from before the sections had their own addresses still lands right.
  await page.goto("/admin?tab=images");
  await expect(page).toHaveURL(/\/admin\/images$/);
  await page.goto("/admin?tab=contact");
  await expect(page).toHaveURL(/\/admin\/contact$/);
  await expect(header.getByRole("link", { name: "Contact & Business" })).toHaveAttribute("aria-current", "page");
});

test("upload to the library, see its size and date, then delete it", async ({ adminPage: page }, info) => {
  const notice = (text: string) =>
    jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole("status").filter({ hasText: text });
  await page.goto("/admin/images");
  const file = await picture("#357");
  file.name = `library-${info.project.name}.png`;
  await page.getByLabel("Image file").setInputFiles(file);
  await page.getByLabel("Alt text", { exact: true }).fill("Test swatch");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(notice("Image uploaded successfully")).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: file.name });
  await expect(card).toContainText(/\d+(\.\d+)? (Bytes|KB)/);
  await expect(card).toContainText(String(new Date().getFullYear()));
  await expect(card).toContainText("Not used on the site");
  if (jsEnabled(info)) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await card.getByRole("button", { name: "Copy URL" }).click();
    await expect(page.locator(".Toastify").getByText("Image URL copied to clipboard")).toBeVisible();
  } else {
    await expect(card.getByRole("textbox", { name: /URL of/ })).toHaveValue(/^\/uploads\/[a-f0-9]{24}\.png$/);
  }
  await card.getByRole("link", { name: `Delete ${file.name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Image" });
  await expect(confirm).toContainText("Are you sure you want to delete this image?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(notice("Image deleted successfully")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: file.name })).toHaveCount(0);
});

test("a project's picture says where it is used and cannot be deleted from under it", async ({ adminPage: page }) => {
  await page.goto("/admin/images");
  const card = page.getByRole("listitem").filter({ hasText: "roofing-storm-repair.webp" });
  await expect(card.getByRole("link", { name: "Hail Damage Repair, Haysville" })).toBeVisible();
  await card.getByRole("link", { name: "Delete roofing-storm-repair.webp" }).click();
  const refusal = page.getByRole("dialog", { name: "Image in use" });
  await expect(refusal).toContainText(
    "This image is in use: it is the picture of “Hail Damage Repair, Haysville”. Give that project another picture first, then delete it.",
  );
  await expect(refusal.getByRole("button", { name: "Delete" })).toHaveCount(0);
  // The way out: the project's editor, which shows the picture it has now.
  await refusal.getByRole("link", { name: "Hail Damage Repair, Haysville" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/roofing\?edit=\d+$/);
  const editor = page.getByRole("dialog", { name: "Edit Project" });
  await expect(editor.getByText("Current picture. Choose a file below only to replace it.")).toBeVisible();
  await expect
    .poll(() =>
      editor
        .getByRole("img", { name: /repaired brown shingle roof/ })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await page.goto("/portfolio?category=roofing");
  await expect(page.getByRole("link", { name: "Hail Damage Repair, Haysville" }).getByRole("img")).toBeVisible();
});

test("@desktop @js the project editor fits a 900 px window: its title and Close stay in view, Save is reachable", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/projects?edit=new");
  const editor = page.getByRole("dialog", { name: "Add New Project" });
  const close = editor.getByRole("link", { name: "Close" });
  await expect(close).toBeInViewport();
  await expect(editor.getByRole("heading", { name: "Add New Project" })).toBeInViewport();
  const box = await editor.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(900);
  await editor.getByRole("button", { name: "Save" }).scrollIntoViewIfNeeded();
  await expect(editor.getByRole("button", { name: "Save" })).toBeInViewport();
  await expect(close).toBeInViewport();
});

test("a file that is not a picture is refused with a clear message", async ({ adminPage: page }) => {
  await page.goto("/admin/images");
  await page
    .getByLabel("Image file")
    .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>hi</html>") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("region", { name: "Image library" }).getByRole("alert")).toHaveText(
    "Please upload a valid image file (JPEG, PNG, or WebP)",
  );
});

test("uploaded files are served as images, never as pages @once", async ({ request }) => {
  const html = await (await request.get("/portfolio")).text();
  const url = html.match(/\/uploads\/[a-f0-9]{24}\.webp/)![0];
  const response = await request.get(url);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["cache-control"]).toContain("immutable");
});

test("@phone admin lists fit a phone screen: rows become labeled cards", async ({ adminPage: page }) => {
  for (const path of ["/admin", "/admin/testimonials", "/admin/roof-measurement", "/admin/contact"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await page.goto("/admin/testimonials");
  const firstCell = page.locator(".admin-table tbody td").first();
  expect(await firstCell.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Name"');
});
