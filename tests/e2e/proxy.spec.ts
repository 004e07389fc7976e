import https from "node:https";
import { PROXY_CONTACT_LIMIT, PROXY_URL } from "../../playwright.config";
import { ADMIN, expect, test } from "./fixtures";
import { jsEnabled } from "./helpers";

// These run only in the https-proxy projects: the production build behind Debian's nginx
// with deploy/nginx.conf and a certificate made at test time, SITE_URL=https://localhost:…
// and TRUST_PROXY=1, as an owner deploys it.

test("a visitor sends the contact form over https", async ({ page }, info) => {
  await page.goto("/contact");
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${PROXY_URL}/contact`);
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill(`Proxy visitor ${info.project.name}`);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(`proxy-${info.project.name}@example.com`);
  await form.getByLabel("Message").fill("Hail took half the shingles off our garage roof.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your message has been sent! We'll get back to you soon." }),
  ).toBeVisible();
});

test("the owner signs in over https with a secure cookie and saves an admin form", async ({ page, context }, info) => {
  await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => route.abort("blockedbyclient"));
  await page.goto("/admin/login?redirectTo=%2Fadmin%2Ftestimonials");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${PROXY_URL}/admin/testimonials`);
  const session = (await context.cookies()).find((c) => c.name === "__session");
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });

  const name = `Proxy ${info.project.name} ${Date.now()}`;
  await page.getByRole("link", { name: "Add New Testimonial" }).click();
  const editor = page.getByRole("dialog", { name: "Add New Testimonial" });
  await editor.getByLabel("Name").fill(name);
  await editor.getByLabel("Quote").fill("Quoted on Monday, roofed by Friday.");
  await editor.getByRole("button", { name: "Save" }).click();
  const saved = "Testimonial added successfully";
  await expect(
    jsEnabled(info) ? page.locator(".Toastify").getByText(saved) : page.getByRole("status").filter({ hasText: saved }),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();

  const home = await page.request.get("/");
  expect(home.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
});

/** A contact form POST through nginx from a chosen loopback address, with a made-up X-Forwarded-For. */
function postContact(from: string, spoofed: string): Promise<number> {
  const body = new URLSearchParams({
    name: "Spoofer",
    email: "spoof@example.com",
    message: "Testing who you think I am.",
  }).toString();
  return new Promise((resolve, reject) => {
    const request = https.request(
      `${PROXY_URL}/contact`,
      {
        method: "POST",
        localAddress: from,
        rejectUnauthorized: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          "X-Forwarded-For": spoofed,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("@js the client address is the one nginx saw, never the visitor's own X-Forwarded-For", async () => {
  // Each request claims to come from somewhere new; if the app believed that, the limit
  // would never be reached.
  for (let i = 1; i <= PROXY_CONTACT_LIMIT; i++) expect(await postContact("127.0.0.5", `203.0.113.${i}`)).toBe(200);
  expect(await postContact("127.0.0.5", "203.0.113.99")).toBe(429);
  // Another address behind the same proxy is its own visitor.
  expect(await postContact("127.0.0.6", "203.0.113.1")).toBe(200);
});

test("@js a backup file bigger than any picture form goes through nginx to the restore page only", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${PROXY_URL}/admin`);
  // 60 MB: past the 51 MB nginx lets through elsewhere.
  const big = { name: "backup.tar.gz", mimeType: "application/gzip", buffer: Buffer.alloc(60 * 1024 * 1024, 7) };
  const restore = await page.request.post("/admin/backups/restore", {
    multipart: { intent: "restore-backup", from: "upload", currentPassword: "not the password", backupFile: big },
  });
  // The app's own answer: it read the whole file, then refused the password.
  expect(restore.status()).toBe(400);
  expect(await restore.text()).toContain("That is not your current password");
  const elsewhere = await page.request.post("/admin/testimonials", { multipart: { intent: "save", photo: big } });
  expect(elsewhere.status()).toBe(413);
});

test("@js a quote request with three big phone photos reaches the form, past nginx", async ({ page }) => {
  // 27 MB in all, each under the form's 10 MB: nginx's old 21 MB cap answered its own 413
  // page here. Not pictures at all, so the form itself refuses them, in its words.
  const photo = (n: number) => ({
    name: `big-roof-${n}.jpg`,
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(9 * 1024 * 1024, n),
  });
  const three = await page.request.fetch("/contact", {
    method: "POST",
    multipart: (() => {
      const form = new FormData();
      form.append("name", "Big Photos");
      form.append("email", "big-photos@example.com");
      form.append("message", "Three photos from my phone.");
      for (const n of [1, 2, 3])
        form.append("photos", new Blob([photo(n).buffer], { type: "image/jpeg" }), photo(n).name);
      return form;
    })(),
  });
  expect(three.status()).not.toBe(413);
  expect(await three.text()).toContain("big-roof-1.jpg");
});
