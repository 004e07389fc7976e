import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// The owner puts his own photo at the top of the home page, on a service card
// and before the Bright Green video, and points the video at his own YouTube upload;
// visitors see each at once (through the page cache), with the photo's smaller copies and
// the hero fetched first.

/** A real-sized photo (1600 px wide JPEG), like one from a phone, made here so nothing is checked in. */
async function photo(width = 1600, height = 1067): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6aa5d8"/><stop offset="1" stop-color="#dbe9f4"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <polygon points="${width * 0.15},${height * 0.55} ${width * 0.5},${height * 0.2} ${width * 0.85},${height * 0.55}" fill="#3b3f46"/>
    <rect x="${width * 0.2}" y="${height * 0.55}" width="${width * 0.6}" height="${height * 0.35}" fill="#c9b79c"/>
    <rect y="${height * 0.9}" width="100%" height="${height * 0.1}" fill="#5d8a3a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** The home page as an anonymous visitor gets it (through the page cache). */
async function homeHtml(baseURL: string) {
  const res = await fetch(`${baseURL}/`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The attributes of the <img> holding `marker`, or else the first one after it. */
function imgAfter(html: string, marker: string): Record<string, string> {
  const at = html.indexOf(marker);
  expect(at, marker).toBeGreaterThan(-1);
  const from = marker.startsWith("alt=") ? html.lastIndexOf("<img", at) : at;
  const tag = html.slice(from).match(/<img\b[^>]*>/)![0];
  return Object.fromEntries(
    Array.from(tag.matchAll(/([\w-]+)="([^"]*)"/g), (m) => [m[1].toLowerCase(), m[2].replaceAll("&amp;", "&")]),
  );
}

const notice = (page: Page, info: TestInfo, text: string) =>
  jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole("status").filter({ hasText: text });

/** A save done: back on the list (the editor closed) with its message, not an earlier one's toast. */
async function expectSaved(page: Page, info: TestInfo, text: string) {
  await expect(page).not.toHaveURL(/[?&]slot=/);
  await expect(notice(page, info, text).first()).toBeVisible();
}

/** Opens one place's editor from the list. */
async function openSlot(page: Page, label: string) {
  await page.getByRole("link", { name: `Change: ${label}` }).click();
  const dialog = page.getByRole("dialog", { name: label });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the owner's photos and video reach the home page at once", async ({ page, ownSite }, info) => {
  test.setTimeout(120_000);
  const base = ownSite.baseURL;
  const HERO_ALT = "Our crew finishing a new roof in Derby";
  const CARD_ALT = "A charcoal shingle roof we put on in Andover";

  // Before: the built-in drawings (and the home page is now in the page cache).
  const before = await homeHtml(base);
  expect(imgAfter(before, 'id="home"').src).toMatch(/^\/assets\//);

  await ownSite.signIn(page);
  await page.goto(`${base}/admin/site/pictures`);
  if (jsEnabled(info)) await page.evaluate(() => Object.assign(window, { keptAcrossSave: true }));
  const heroSlot = page.locator('[data-slot="home-hero"]');
  await expect(heroSlot.getByTestId("slot-state")).toHaveText("Built-in drawing");

  // The home hero: a 1600 px photo uploaded on the spot. Without a description it is refused, in words.
  let editor = await openSlot(page, "Home page, top picture");
  await editor
    .getByLabel("Or upload a new picture")
    .setInputFiles({ name: "derby-roof.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await editor.getByRole("button", { name: "Save picture" }).click();
  await expect(page.getByText("Describe the picture in a few words")).toBeVisible();
  editor = page.getByRole("dialog", { name: "Home page, top picture" });
  // Without scripts the refused form came back from the server: the file has to be chosen again.
  if (!jsEnabled(info))
    await editor
      .getByLabel("Or upload a new picture")
      .setInputFiles({ name: "derby-roof.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await editor.getByLabel("Describe the picture").fill(HERO_ALT);
  await editor.getByRole("button", { name: "Save picture" }).click();
  await expectSaved(page, info, "Picture saved: it shows on the site now");
  await expect(heroSlot.getByTestId("slot-state")).toHaveText("Your picture");
  if (jsEnabled(info))
    expect(await page.evaluate(() => (window as unknown as { keptAcrossSave?: boolean }).keptAcrossSave)).toBe(true);

  const hero = imgAfter(await homeHtml(base), 'id="home"');
  expect(hero.src).toMatch(/^\/uploads\/[a-f0-9]{24}\.jpg$/);
  expect(hero.alt).toBe(HERO_ALT);
  expect(hero.srcset).toContain("960w");
  expect(hero.srcset).toContain("1600w");
  expect(hero.fetchpriority).toBe("high");
  expect(hero.loading).toBeUndefined();

  // A service card: the same photo, picked from the library this time.
  editor = await openSlot(page, "Residential Roofing: card");
  await editor.getByRole("radio", { name: HERO_ALT }).check();
  await editor.getByLabel("Describe the picture").fill(CARD_ALT);
  await editor.getByRole("button", { name: "Save picture" }).click();
  await expectSaved(page, info, "Picture saved: it shows on the site now");
  const card = imgAfter(await homeHtml(base), `alt="${CARD_ALT}"`);
  expect(card.src).toMatch(/^\/uploads\/[a-f0-9]{24}\.jpg$/);
  expect(card.loading).toBe("lazy");

  // The video: an address from another site is refused in plain words, a youtu.be link is taken.
  editor = await openSlot(page, "Bright Green video");
  await editor.getByLabel("Video address (YouTube or Vimeo)").fill("https://www.facebook.com/watch?v=123");
  await editor.getByRole("button", { name: "Save video" }).click();
  await expect(page.getByText("Only YouTube and Vimeo videos can be shown here.")).toBeVisible();
  editor = page.getByRole("dialog", { name: "Bright Green video" });
  await editor.getByLabel("Video address (YouTube or Vimeo)").fill("https://youtu.be/dQw4w9WgXcQ");
  await editor.getByRole("button", { name: "Save video" }).click();
  await expectSaved(page, info, "Video saved: it shows on the site now");
  expect(await homeHtml(base)).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');

  // What a visitor sees: the photo loaded at the top, and the video from the owner's link.
  await page.context().clearCookies();
  await page.goto(`${base}/`);
  const heroImg = page.locator("#home img").first();
  await expect(heroImg).toHaveAttribute("alt", HERO_ALT);
  await expect
    .poll(() => heroImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole("img", { name: CARD_ALT })).toBeAttached();
  const facade = page.getByTestId("video-facade");
  await expect(facade).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  if (jsEnabled(info)) {
    await facade.click();
    await expect(page.locator('iframe[title="How the Bright Green roof treatment is applied"]')).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
    );
  }

  // Back to the built-in drawing: the home page follows at once.
  await ownSite.signIn(page);
  await page.goto(`${base}/admin/site/pictures?slot=home-hero`);
  await page.getByRole("button", { name: "Use the built-in drawing" }).click();
  await expectSaved(page, info, "Back to the built-in picture");
  expect(imgAfter(await homeHtml(base), 'id="home"').src).toMatch(/^\/assets\//);
});
