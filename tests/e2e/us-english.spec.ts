import type { Page } from "@playwright/test";
import { britishSpellings } from "../british-spellings";
import { expect, test } from "./fixtures";
import { seedProposal, seedReviewLink } from "./links";
import { mailsTo } from "./quote";

// The business is in Kansas, so every word a visitor or homeowner reads
// is US English: every page of the sitemap, the pages only a homeowner's link opens, the
// quote form's answers and the mail that answers a visitor.

/** Everything on the page a person reads or hears: text, title, description, alt text, labels, placeholders. */
async function wordsOn(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      document.title,
      document.body.innerText,
      ...[...document.querySelectorAll("meta[name=description], meta[property^='og:']")].map(
        (m) => m.getAttribute("content") ?? "",
      ),
      ...[...document.querySelectorAll("[alt], [aria-label], [placeholder], [title]")].flatMap((el) =>
        ["alt", "aria-label", "placeholder", "title"].map((a) => el.getAttribute(a) ?? ""),
      ),
      ...[...document.querySelectorAll("script[type='application/ld+json']")].map((s) => s.textContent ?? ""),
    ].join("\n"),
  );
}

test("every page a visitor or homeowner sees is in US English @desktop @nojs", async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(paths.length).toBeGreaterThan(20);
  const found: Record<string, string[]> = {};
  const check = async (path: string) => {
    const words = britishSpellings(await wordsOn(page));
    if (words.length) found[path] = words;
  };
  for (const path of [...paths, "/no-such-page"]) {
    await page.goto(path);
    await check(path);
  }
  // The pages only a homeowner's link opens, and the quote form's answers.
  await page.goto(seedProposal(`Ana Reyes ${info.project.name}`));
  await check("/proposal/…");
  await page.goto(seedReviewLink(`Ana Reyes ${info.project.name}`));
  await check("/review/…");
  await page.goto("/contact");
  await page.getByRole("form", { name: "Contact form" }).getByRole("button", { name: "Send Message" }).click();
  await check("/contact (refused)");
  const email = `us-english-${Date.now()}@example.com`;
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Ana Reyes");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByLabel("City").fill("Topeka");
  await form.getByLabel("Message").fill("A new roof, please.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your message has been sent!" })).toBeVisible();
  await check("/contact (sent)");
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  const autoreply = (await mailsTo(email)).find((m) => m.reply_to !== email)!;
  const mailWords = britishSpellings(`${autoreply.subject}\n${autoreply.text}`);
  if (mailWords.length) found["the autoresponder mail"] = mailWords;
  expect(found).toEqual({});
});
