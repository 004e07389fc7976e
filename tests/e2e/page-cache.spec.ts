import sharp from "sharp";
import type { APIRequestContext } from "@playwright/test";
import { adminSessionCookie, expect, test } from "./fixtures";

// Public pages are answered from memory (server/app.ts, decision 0014). These tests read
// the public site as an anonymous visitor would (the `request` fixture has no cookies),
// so each page is served from the cache, and check that every kind of admin edit shows on
// the very next request, and that nobody gets a page meant for someone else.
test.describe.configure({ mode: "serial" });

/** An anonymous read that the cache answered: it carries the cache's strong ETag. */
async function cachedPage(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["etag"]).toMatch(/^"[\w-]+"$/);
  return res.text();
}

test("an anonymous page is sent from memory, compressed, with an ETag that answers 304 @desktop @js", async ({
  request,
}) => {
  await cachedPage(request, "/about");
  const res = await request.get("/about", { headers: { "Accept-Encoding": "br" } });
  expect(res.headers()["content-encoding"]).toBe("br");
  expect(res.headers()["vary"]).toBe("Accept-Encoding");
  expect(res.headers()["content-security-policy"]).toContain("script-src 'self' 'sha256-");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  const again = await request.get("/about", {
    headers: { "Accept-Encoding": "br", "If-None-Match": res.headers()["etag"] },
  });
  expect(again.status()).toBe(304);
  const data = await request.get("/portfolio.data");
  expect(data.status()).toBe(200);
  expect(data.headers()["etag"]).toBeTruthy();
});

test("a signed-in visitor gets a page rendered for them, not the cached one @desktop @js", async ({
  request,
  baseURL,
}) => {
  await cachedPage(request, "/");
  const res = await request.get(baseURL + "/", { headers: { Cookie: `__session=${await adminSessionCookie()}` } });
  expect(res.status()).toBe(200);
  expect(res.headers()["etag"]).toBeUndefined();
});

test("a visitor's contact result is theirs alone @desktop @js", async ({ request, playwright, baseURL }) => {
  await cachedPage(request, "/contact");
  const visitor = await playwright.request.newContext({ baseURL });
  const sent = await visitor.post("/contact", {
    form: { name: "Dana Cache", email: "dana@example.com", phone: "", message: "Please look at our hail damage." },
    headers: { Origin: baseURL! },
  });
  expect(await sent.text()).toContain("Your message has been sent!");
  await visitor.dispose();
  const next = await cachedPage(request, "/contact");
  expect(next).not.toContain("Your message has been sent!");
  expect(next).not.toContain("Dana Cache");
});

test("each admin edit shows on the very next anonymous request @desktop @js", async ({ adminPage: page, request }) => {
  const toast = (text: string) => page.locator(".Toastify").getByText(text);

  // A testimonial.
  expect(await cachedPage(request, "/testimonials")).not.toContain("Casey Cache");
  await page.goto("/admin/testimonials?edit=new");
  const editor = page.getByRole("dialog", { name: "Add New Testimonial" });
  await editor.getByLabel("Name").fill("Casey Cache");
  await editor.getByLabel("Quote").fill("Fresh on the very next visit.");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toast("Testimonial added successfully")).toBeVisible();
  expect(await cachedPage(request, "/testimonials")).toContain("Casey Cache");

  // A project with its picture, then its deletion.
  expect(await cachedPage(request, "/portfolio")).not.toContain("Cached carport");
  await page.goto("/admin/projects/framing?edit=new");
  const project = page.getByRole("dialog", { name: "Add New Project" });
  await project.getByLabel("Title *").fill("Cached carport");
  await project.getByLabel("Description *").fill("Framed in a day.");
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#7a9" } })
    .png()
    .toBuffer();
  await project.getByLabel(/^Image \*/).setInputFiles({ name: "carport.png", mimeType: "image/png", buffer: png });
  await project.getByRole("button", { name: "Save" }).click();
  await expect(toast("Project created successfully")).toBeVisible();
  expect(await cachedPage(request, "/portfolio")).toContain("Cached carport");
  expect(await cachedPage(request, "/")).toContain("Cached carport");
  await page.goto("/admin/projects/framing");
  await page.getByRole("link", { name: "Delete Cached carport" }).click();
  await page.getByRole("dialog", { name: "Delete Project" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast("Project deleted successfully")).toBeVisible();
  expect(await cachedPage(request, "/portfolio")).not.toContain("Cached carport");
  // Business details and the verification tag are checked the same way where those
  // tests edit them (contact.spec.ts, admin-roof-maps.spec.ts): they are shared by every test.
});
