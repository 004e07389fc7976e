import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled } from "./helpers";
import { seedProposal, seedReviewLink } from "./links";

// What a homeowner sees answer their tap, on a phone with
// scripts on and off.

test("after accepting a proposal the confirmation is in view, and with scripts focused", async ({ page }, info) => {
  const name = `Dana Kowalski ${info.project.name} ${Date.now()}`;
  await page.goto(seedProposal(name));
  const form = page.getByRole("form", { name: "Accept the proposal" });
  await form.getByLabel("Your full name").fill(name);
  await form.getByLabel("I have read the proposal and agree to its price and terms.").check();
  // Tapped where the form is: at the foot of the page.
  await form.getByRole("button", { name: "Accept proposal" }).click();
  const accepted = page.getByRole("status", { name: "Accepted" });
  await expect(accepted).toContainText(`Accepted by ${name}`);
  const heading = accepted.getByRole("heading", { name: "Accepted — thank you!" });
  await expect(heading).toBeInViewport();
  if (jsEnabled(info)) await expect(heading).toBeFocused();
});

/** The color each star of the rating shows, 1 to 5. */
async function starColors(page: Page) {
  const colors: string[] = [];
  for (let n = 1; n <= 5; n++)
    colors.push(await page.locator(`label[for="review-rating-${n}"]`).evaluate((el) => getComputedStyle(el).color));
  return colors;
}

test("choosing a rating lights every star up to the chosen one", async ({ page }, info) => {
  await page.goto(seedReviewLink(`Lee Park ${info.project.name}`));
  const [grey] = await starColors(page);
  for (const chosen of [3, 5, 1]) {
    await page.locator(`label[for="review-rating-${chosen}"]`).click();
    await expect(page.getByRole("radio", { name: `${chosen} star${chosen === 1 ? "" : "s"}` })).toBeChecked();
    // Away from the stars: a hover tints the star under the pointer.
    await page.mouse.move(0, 0);
    const colors = await starColors(page);
    const lit = colors.slice(0, chosen);
    expect(new Set(lit).size, `stars 1-${chosen} share one color`).toBe(1);
    expect(lit[0], `stars 1-${chosen} are lit`).not.toBe(grey);
    expect(colors.slice(chosen), "the stars after the chosen one stay grey").toEqual(Array(5 - chosen).fill(grey));
  }
});
