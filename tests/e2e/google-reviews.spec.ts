import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// The owner's Google review page: set once on Contact & Business (only a Google link is
// taken), and offered on the thank-you page after a homeowner reviews the job on our form.

const GOOGLE = "https://g.page/r/CdEfGh123/review";

/** A completed job with a review link, written into the site's database: the link's token. */
function reviewLinkFor(dbPath: string, name: string): string {
  const token = randomBytes(32).toString("base64url");
  const db = new Database(dbPath);
  try {
    const lead = db
      .prepare(
        "insert into leads (name, email, message, city, status, completed_at) values (?, 'pat@example.com', 'New roof', 'Derby', 'won', ?)",
      )
      .run(name, Date.now());
    db.prepare("insert into review_requests (lead_id, token_hash, expires_at) values (?, ?, ?)").run(
      lead.lastInsertRowid,
      createHash("sha256").update(token).digest("base64url"),
      Date.now() + 86_400_000,
    );
  } finally {
    db.close();
  }
  return token;
}

test("the owner's Google review link is offered after a review on our form", async ({
  page,
  browser,
  ownSite,
}, info) => {
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/contact`);
  const details = page.getByRole("region", { name: "Business details" });
  const link = details.getByLabel("Google review link");
  const save = details.getByRole("button", { name: "Save Business Details" });
  const saved = jsEnabled(info)
    ? page.locator(".Toastify").getByText("Business details saved successfully")
    : page.getByRole("status").filter({ hasText: "Business details saved successfully" });

  // Another site's review page is refused, in the owner's words, and nothing is saved.
  await link.fill("https://www.yelp.com/writeareview/biz/prairie-ridge");
  await save.click();
  await expect(details.getByText("Please use the link Google gives you under “Ask for reviews”")).toBeVisible();
  await link.fill(GOOGLE);
  await details.getByLabel("Our own review form first; its thank-you page then offers Google too").check();
  await save.click();
  await expect(saved).toBeVisible();
  await expect(details.getByLabel("Google review link")).toHaveValue(GOOGLE);

  // The homeowner reviews the job on our form, then is offered Google.
  const token = reviewLinkFor(ownSite.dbPath, "Pat Quinn");
  const homeowner = await browser.newContext({ javaScriptEnabled: jsEnabled(info), viewport: page.viewportSize() });
  const visitor = await homeowner.newPage();
  await visitor.goto(`${ownSite.baseURL}/review/${token}`);
  await visitor.locator(`label[for="review-rating-4"]`).click();
  await visitor.getByLabel("Your review *").fill("On time, tidy, and the new roof looks great.");
  await visitor.getByRole("button", { name: "Send my review" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you for your review!" })).toBeVisible();
  await expect(visitor.getByText("Would you share it on Google too?")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Share it on Google" })).toHaveAttribute("href", GOOGLE);
  await homeowner.close();
});
