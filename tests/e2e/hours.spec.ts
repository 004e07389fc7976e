import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// The opening hours are entered once, as days and times: the contact card,
// the footer and the structured data all read them from there and cannot disagree.

test("hours saved as days and times read the same on the card, in the footer and in the structured data", async ({
  page,
  ownSite,
}, info) => {
  await ownSite.signIn(page);
  await page.goto(`${ownSite.baseURL}/admin/contact`);
  const details = page.getByRole("region", { name: "Business details" });
  const second = details.getByRole("group", { name: "Days" }).nth(1);
  await second.getByRole("checkbox", { name: "Sun" }).check();
  await details.getByLabel("Closes").nth(1).fill("12:30");
  // With scripts, the row says what it will read before it is saved.
  if (jsEnabled(info)) await expect(details.getByText("Saturday and Sunday: 8am – 12:30pm")).toBeVisible();
  await details.getByRole("button", { name: "Save Business Details" }).click();
  if (jsEnabled(info))
    await expect(page.locator(".Toastify").getByText("Business details saved successfully")).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: "Business details saved successfully" })).toBeVisible();
  await expect(details.getByText("Saturday and Sunday: 8am – 12:30pm")).toBeVisible();

  await page.goto(`${ownSite.baseURL}/`);
  const lines = ["Monday – Friday: 7am – 6pm", "Saturday and Sunday: 8am – 12:30pm"];
  const card = page.locator("address").filter({ hasText: "Monday – Friday" }).first();
  const footer = page.getByRole("contentinfo");
  for (const line of lines) {
    await expect(card).toContainText(line);
    await expect(footer).toContainText(line);
  }
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(jsonLd.openingHoursSpecification).toEqual([
    expect.objectContaining({
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "07:00",
      closes: "18:00",
    }),
    expect.objectContaining({ dayOfWeek: ["Saturday", "Sunday"], opens: "08:00", closes: "12:30" }),
  ]);
});
