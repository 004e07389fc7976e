import { expect, test } from "./fixtures";
import { AREA_LINKS, SERVICE_LINKS } from "../../app/content/site";
import { COMPANY, isPhone, jsEnabled, openNavGroup } from "./helpers";

// Tags pick the projects a test runs in (playwright.config.ts): @desktop, @phone, @js.

const HEADER_ORDER = [
  "Home",
  "About",
  "Services",
  "Bright Green",
  "Portfolio",
  "Service Areas",
  "Testimonials",
  "Contact",
];

test("the header lists the spec's links in order, with the logo home and Get a Quote @every", async ({
  page,
}, info) => {
  await page.goto("/about");
  if (isPhone(info)) {
    await page.getByLabel("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.locator(":scope > ul > li > a, :scope > ul > li > details > summary")).toHaveText(HEADER_ORDER);
  } else {
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.locator(":scope > ul > li > :first-child")).toHaveText(HEADER_ORDER);
  }
  await expect(page.getByRole("link", { name: "Get a Quote" })).toHaveAttribute("href", "/#contact");
  await page.locator("header").getByRole("link", { name: COMPANY, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  if (!isPhone(info)) {
    // On the home page only Home is the current page, not its Bright Green section.
    const current = page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]');
    await expect(current).toHaveText(["Home"]);
  }
});

for (const [group, links] of [
  ["Services", SERVICE_LINKS],
  ["Service Areas", AREA_LINKS],
] as const) {
  // Every link is shown with its page's address, and one is followed: the menu works the
  // same for each, and routes.spec opens every one of those addresses (a page each, four
  // projects, was 100 s of the browser stage).
  test(`every ${group} page is reachable from the header @every`, async ({ page }, info) => {
    await page.goto("/");
    const menu = await openNavGroup(page, info, group);
    for (const link of links) {
      const shown = menu.getByRole("link", { name: link.name, exact: true });
      await expect(shown).toBeVisible();
      await expect(shown).toHaveAttribute("href", link.href);
    }
    const last = links[links.length - 1];
    await menu.getByRole("link", { name: last.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${last.href}$`));
    await expect(page.locator("h1")).toBeVisible();
  });
}

test("desktop dropdowns also open from the keyboard @desktop", async ({ page }) => {
  await page.goto("/");
  const areas = page.getByRole("list", { name: "Service Areas menu" });
  await expect(areas).toBeHidden();
  await page.getByRole("button", { name: "Service Areas" }).focus();
  await expect(areas).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(areas.getByRole("link", { name: "Wichita" })).toBeFocused();
});

test("the phone menu opens and closes without scripts, and after a choice with them @phone", async ({ page }, info) => {
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await page.getByLabel("Menu", { exact: true }).click();
  await expect(menu).toBeVisible();
  await page.getByLabel("Menu", { exact: true }).click();
  await expect(menu).toBeHidden();
  await page.getByLabel("Menu", { exact: true }).click();
  await menu.getByRole("link", { name: "Portfolio" }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  // Without scripts the choice loads a new page, whose menu starts closed.
  await expect(menu).toBeHidden();
  if (jsEnabled(info)) {
    // With scripts the page is not reloaded: closing is our doing. Hash links too.
    await page.getByLabel("Menu", { exact: true }).click();
    await menu.getByText("Services", { exact: true }).click();
    await menu.getByRole("link", { name: "All Services" }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(menu).toBeHidden();
  }
});

// Without scripts the header keeps its resting, readable style.
test("the header turns solid with a shadow after 20px of scroll @js", async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("the footer has this year's copyright, quick links and legal links", async ({ page }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer.getByTestId("footer-year")).toHaveText(String(new Date().getFullYear()));
  await expect(footer).toContainText(COMPANY);
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  for (const anchor of ["home", "about", "services", "bright-green", "portfolio", "testimonials", "contact"]) {
    await expect(footer.locator(`a[href="/#${anchor}"]`)).toHaveCount(1);
  }
  await expect(footer.getByRole("link", { name: "(620) 555-0142" })).toHaveAttribute("href", "tel:+16205550142");
});

test("business facts come from the settings and feed the structured data", async ({ page }) => {
  await page.goto("/");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "RoofingContractor",
    name: COMPANY,
    telephone: "(620) 555-0142",
    address: { streetAddress: "100 N Washington Ave", addressLocality: "Wellington", postalCode: "67152" },
  });
  expect(jsonLd.openingHoursSpecification[1]).toMatchObject({
    dayOfWeek: ["Saturday"],
    opens: "08:00",
    closes: "14:00",
  });
});

test("moving between pages starts each at the top and Back returns to where the visitor was @desktop @js", async ({
  page,
}) => {
  await page.goto("/");
  await page.evaluate(() => window.scrollTo({ top: 3000, behavior: "instant" }));
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBe(3000);
  // Dispatched: Playwright's own click first scrolls the sticky header's link "into view".
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).dispatchEvent("click");
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  // A new visit to the page in the same tab is a fresh start, not the earlier visit's place.
  await page.goto("/");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
