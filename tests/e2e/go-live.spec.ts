import Database from "better-sqlite3";
import sharp from "sharp";
import { SERVICE_LINKS, AREA_LINKS } from "../../app/content/site";
import { DEMO_PROJECTS, DEMO_TESTIMONIALS } from "../../app/content/demo-content";
import { NO_PROJECTS_YET_TEXT } from "../../app/lib/portfolio";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// The go-live checklist lists the demo content, one button removes it all, and
// afterwards no demo project, review or picture is anywhere public; the owner's own stays.

const PUBLIC = [
  "/",
  "/portfolio",
  "/testimonials",
  "/about",
  ...SERVICE_LINKS.map((l) => l.href),
  ...AREA_LINKS.slice(0, 2).map((l) => l.href),
];
// What would give a demo row away on a page: its title, a reviewer's words.
const DEMO_WORDS = [...DEMO_PROJECTS.map((p) => p.title), ...DEMO_TESTIMONIALS.map((t) => t.quote.slice(0, 40))];

test("the checklist shows the demo content; removing it leaves nothing demo on the public pages", async ({
  page,
  ownSite,
}, info) => {
  test.setTimeout(120_000);
  const notice = (text: string) =>
    jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole("status").filter({ hasText: text });
  const db = new Database(ownSite.dbPath, { readonly: true });
  const demo = {
    files: db.prepare("select stored_name from images where demo = 1").pluck().all() as string[],
    projectIds: db.prepare("select id from projects where demo = 1").pluck().all() as number[],
  };
  db.close();
  expect(demo.files).toHaveLength(9);

  // The public pages show the demo (and keep it in the page cache) before the removal.
  const html = async (path: string) => {
    const res = await page.request.get(`${ownSite.baseURL}${path}`);
    expect(res.status(), path).toBe(200);
    return res.text();
  };
  expect(await html("/portfolio")).toContain(DEMO_PROJECTS[0].title);
  expect(await html("/testimonials")).toContain(DEMO_TESTIMONIALS[0].quote.slice(0, 40));
  for (const path of PUBLIC) await html(path);
  expect((await page.request.get(`${ownSite.baseURL}/uploads/${demo.files[0]}`)).status()).toBe(200);

  // The owner adds a project of his own first.
  await ownSite.signIn(page);
  const own = `Our own carport, ${info.project.name}`;
  await page.goto(`${ownSite.baseURL}/admin/projects/framing?edit=new`);
  const editor = page.getByRole("dialog", { name: "Add New Project" });
  await editor.getByLabel("Title *").fill(own);
  await editor.getByLabel("Description *").fill("Two-car carport framed with 6x6 posts.");
  await editor.getByLabel(/^Image \*/).setInputFiles({
    name: "carport.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#5a7" } })
      .png()
      .toBuffer(),
  });
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(notice("Project created successfully")).toBeVisible();
  // Every admin page says how much is left (this site has SITE_URL and mail: 16 of 18).
  await expect(page.getByTestId("go-live-banner")).toContainText("16 things to do before you go live");

  await page.goto(`${ownSite.baseURL}/admin/go-live`);
  await expect(page.getByRole("heading", { name: "Before you go live", level: 1 })).toBeVisible();
  await expect(page.getByTestId("go-live-demo-projects")).toContainText("9 made-up projects show in the portfolio.");
  await expect(page.getByTestId("go-live-demo-testimonials")).toContainText("6 made-up reviews are on the site.");
  await expect(page.getByTestId("go-live-demo-images")).toContainText("9 stock pictures are in the image library.");
  await expect(page.getByTestId("go-live-phone")).toContainText("Still the demo's: (620) 555-0142.");
  await expect(page.getByTestId("go-live-phone").getByRole("link", { name: /Fix/ })).toHaveAttribute(
    "href",
    "/admin/contact",
  );
  // This test site has SITE_URL set.
  await expect(page.getByTestId("go-live-site-url")).toHaveAttribute("data-done", "true");

  // The confirm step: Cancel removes nothing.
  await page.getByRole("link", { name: "Remove the demo content" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove the demo content?" });
  await expect(confirm).toContainText("9 made-up projects");
  await expect(confirm).toContainText("6 made-up reviews");
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId("go-live-demo-projects")).toContainText("9 made-up projects");

  await page.getByRole("link", { name: "Remove the demo content" }).click();
  await confirm.getByRole("button", { name: "Remove the demo content" }).click();
  await expect(notice("Demo content removed: 9 projects, 6 reviews and 9 pictures.")).toBeVisible();
  await expect(page.getByTestId("go-live-demo-projects")).toContainText("No demo project is left.");
  await expect(page.getByTestId("go-live-demo-testimonials")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("go-live-demo-images")).toHaveAttribute("data-done", "true");
  await expect(page.getByRole("link", { name: "Remove the demo content" })).toHaveCount(0);
  await page.goto(`${ownSite.baseURL}/admin/projects`);
  await expect(page.getByTestId("go-live-banner")).toContainText("13 things to do before you go live");

  // Nothing demo anywhere public, as an anonymous visitor (through the page cache) sees it.
  for (const path of PUBLIC) {
    const text = await html(path);
    for (const words of DEMO_WORDS) expect(text, `${path} still shows “${words}”`).not.toContain(words);
    for (const file of demo.files)
      expect(text, `${path} still shows a demo picture`).not.toContain(file.replace(/\.\w+$/, ""));
  }
  for (const file of demo.files)
    expect((await page.request.get(`${ownSite.baseURL}/uploads/${file}`)).status()).toBe(404);
  for (const id of demo.projectIds)
    expect((await page.request.get(`${ownSite.baseURL}/portfolio/${id}`)).status()).toBe(404);
  expect(await html("/portfolio")).toContain(own);

  // On the page itself too, with or without scripts.
  await page.goto(`${ownSite.baseURL}/portfolio`);
  await expect(page.getByRole("link", { name: own })).toBeVisible();
  await expect(page.getByText(DEMO_PROJECTS[0].title)).toHaveCount(0);
});

test.describe("a site started with SEED_DEMO_CONTENT=0", () => {
  test.use({ ownSiteEnv: { SEED_DEMO_CONTENT: "0" } });

  test("starts empty: no demo anywhere, nothing demo on the checklist", async ({ page, ownSite }) => {
    for (const path of ["/", "/portfolio", "/testimonials"]) {
      const res = await page.request.get(`${ownSite.baseURL}${path}`);
      expect(res.status(), path).toBe(200);
      const text = await res.text();
      for (const words of DEMO_WORDS) expect(text, `${path} shows “${words}”`).not.toContain(words);
    }
    await ownSite.signIn(page);
    await page.goto(`${ownSite.baseURL}/admin/go-live`);
    for (const id of ["demo-projects", "demo-testimonials", "demo-images"])
      await expect(page.getByTestId(`go-live-${id}`)).toHaveAttribute("data-done", "true");
    await expect(page.getByRole("link", { name: "Remove the demo content" })).toHaveCount(0);
  });

  test("the home page leaves out work and reviews it does not have; the portfolio says what is coming @phone", async ({
    page,
    ownSite,
  }) => {
    await page.goto(`${ownSite.baseURL}/`);
    await expect(page.getByRole("heading", { name: "Request a Free Quote" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Recent Work" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "What Our Customers Say" })).toHaveCount(0);
    await page.goto(`${ownSite.baseURL}/portfolio`);
    await expect(page.getByText(NO_PROJECTS_YET_TEXT)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Portfolio categories" })).toHaveCount(0);
    await page.getByRole("link", { name: "Request a Free Quote" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("a business named like the demo marks its name as right, and can take it back @desktop", async ({
    page,
    ownSite,
  }) => {
    await ownSite.signIn(page);
    await page.goto(`${ownSite.baseURL}/admin/go-live`);
    const company = page.getByTestId("go-live-company");
    await expect(company).toHaveAttribute("data-done", "false");
    // What can never be right offers no such button.
    await expect(page.getByTestId("go-live-phone").getByRole("button", { name: /This is right/ })).toHaveCount(0);
    await expect(page.getByTestId("go-live-sign-in-email").getByRole("button", { name: /This is right/ })).toHaveCount(
      0,
    );
    await company.getByRole("button", { name: /^This is right\b.*Your company name/ }).click();
    await expect(company).toHaveAttribute("data-done", "true");
    await expect(company).toContainText("You marked this as right.");
    await company.getByRole("button", { name: /^Undo\b.*Your company name/ }).click();
    await expect(company).toHaveAttribute("data-done", "false");
  });
});
