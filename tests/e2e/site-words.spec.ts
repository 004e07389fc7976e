import type { Page, TestInfo } from "@playwright/test";
import { jsEnabled } from "./helpers";
import { expect, test } from "./own-site";

// The owner fills in his trust facts, a headline and his team; visitors find
// them where they decide (About, a service page, the footer, the home page's hero) and
// search engines in the JSON-LD, at once through the page cache. Emptied, nothing shows.

const ROOFING = "/services/residential-roofing-wichita";
const REPAIRS = "/services/roof-repairs-wichita";
const FACTS = [
  "Kansas roofing contractor registration #RC-20417",
  "Insured by Acuity Insurance",
  "10-year workmanship warranty",
  "In business since 1998",
  "GAF Certified Contractor",
];

/** The page as an anonymous visitor gets it (through the page cache), and its JSON-LD. */
async function visit(baseURL: string, path: string) {
  const res = await fetch(`${baseURL}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const script = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  // The words a reader sees: scripts, styles, the markup (and React's text separators) taken out.
  const text = html
    .replace(/<(script|style)\b[^>]*>.*?<\/\1>/gs, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
  return { html, text, jsonLd: JSON.parse(script![1]) as Record<string, unknown> };
}

const notice = (page: Page, info: TestInfo, text: string) =>
  jsEnabled(info) ? page.locator(".Toastify").getByText(text) : page.getByRole("status").filter({ hasText: text });

/** Scripts on: a save must not reload the page (a mark left on window survives). */
async function markPage(page: Page, info: TestInfo) {
  if (jsEnabled(info)) await page.evaluate(() => Object.assign(window, { keptAcrossSave: true }));
}
async function expectNoReload(page: Page, info: TestInfo) {
  if (jsEnabled(info))
    expect(await page.evaluate(() => (window as unknown as { keptAcrossSave?: boolean }).keptAcrossSave)).toBe(true);
}

test("trust facts, a headline and the team reach the pages and the structured data at once; emptied, nothing shows", async ({
  page,
  ownSite,
}, info) => {
  test.setTimeout(90_000);
  const base = ownSite.baseURL;

  // Before: nothing entered, nothing shown (and these pages are now in the page cache).
  for (const path of ["/", "/about", ROOFING]) {
    const { html, jsonLd } = await visit(base, path);
    expect(html, path).not.toContain('data-testid="trust-band"');
    expect(html, path).not.toContain('data-testid="footer-trust"');
    expect(html, path).not.toMatch(/Licensed:|License #|Insured/);
    expect(jsonLd.foundingDate, path).toBeUndefined();
    expect(jsonLd.hasCredential, path).toBeUndefined();
  }
  expect((await visit(base, "/about")).html).not.toContain('data-testid="trust-facts"');

  await ownSite.signIn(page);
  await page.goto(`${base}/admin/site/words`);
  const trust = page.getByRole("form", { name: "Trust facts" });

  // A refused field says why, beside it, and saves nothing.
  await trust.getByLabel("Year founded").fill("1700");
  await trust.getByRole("button", { name: "Save Trust Facts" }).click();
  await expect(
    page.getByRole("form", { name: "Trust facts" }).getByText(/Please enter a year between 1850 and \d{4}, like 1998/),
  ).toBeVisible();

  await trust.getByLabel("License or registration").fill("Kansas roofing contractor registration");
  await trust.getByLabel("Number", { exact: true }).fill("RC-20417");
  await trust.getByRole("combobox", { name: "Insured", exact: true }).selectOption("yes");
  await trust.getByLabel("Insurance company").fill("Acuity Insurance");
  await trust.getByLabel("Workmanship warranty (years)").fill("10");
  await trust.getByLabel("Year founded").fill("1998");
  await trust
    .getByLabel("Manufacturer certifications and memberships")
    .fill("GAF Certified Contractor\nBBB Accredited Business");
  await markPage(page, info);
  if (jsEnabled(info)) {
    // Held on its way until the button has said it is saving.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/admin\/site\/words/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await trust.getByRole("button", { name: "Save Trust Facts" }).click();
    await expect(trust.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
  } else {
    await trust.getByRole("button", { name: "Save Trust Facts" }).click();
  }
  await expect(notice(page, info, "Trust facts saved")).toBeVisible();
  await expectNoReload(page, info);
  await page.unrouteAll();

  // A service page's headline, picked from the list of pages.
  await page
    .getByRole("navigation", { name: "Pages" })
    .getByRole("link", { name: "Residential Roofing (service)" })
    .click();
  const words = page.locator("form").filter({ has: page.getByRole("button", { name: "Save Headline" }) });
  await expect(words.getByText("Residential Roofing (service)")).toBeVisible();
  await words.getByLabel("Headline").fill("Roofs that outlast Kansas hail");
  await words.getByRole("button", { name: "Save Headline" }).click();
  await expect(notice(page, info, "Headline of the Residential Roofing (service) saved")).toBeVisible();
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Home page" }).click();
  await expect(words.getByText("Home page", { exact: true })).toBeVisible();
  await words.getByLabel("Headline").fill("Wellington's roofers since 1998");
  await words.getByRole("button", { name: "Save Headline" }).click();
  await expect(notice(page, info, "Headline of the Home page saved")).toBeVisible();

  // The story and one person with a photo from the library; "Add a person" works either way.
  const about = page.getByRole("form", { name: "About page: your story and team" });
  await about
    .getByLabel("Your story")
    .fill("Dale Whitaker started the business in 1998 with one truck.\n\nHe still gives every estimate himself.");
  await about.getByRole("button", { name: "Add a person" }).click();
  const person = about.getByTestId("team-member").first();
  await person.getByLabel("Name", { exact: true }).fill("Dale Whitaker");
  await person.getByLabel("Role", { exact: true }).fill("Owner");
  // The photo, from the library picker (closed until asked for); the first choice is "No photo".
  await person.getByText("Choose from the image library").click();
  const photos = person.getByTestId("image-picker").getByRole("radio");
  await expect(photos.first()).toBeChecked();
  await photos.nth(1).check();
  await about.getByRole("button", { name: "Save Story and Team" }).click();
  await expect(notice(page, info, "Story and team saved")).toBeVisible();

  // The visitor's view, at once (the cached pages were emptied by the saves).
  const aboutPage = await visit(base, "/about");
  for (const fact of FACTS) expect(aboutPage.text).toContain(fact);
  expect(aboutPage.jsonLd).toMatchObject({
    foundingDate: "1998",
    employee: [{ "@type": "Person", name: "Dale Whitaker", jobTitle: "Owner" }],
  });
  expect((aboutPage.jsonLd.employee as { image?: string }[])[0].image).toMatch(new RegExp(`^${base}/uploads/`));
  expect(aboutPage.jsonLd.hasCredential).toContainEqual({
    "@type": "EducationalOccupationalCredential",
    credentialCategory: "license",
    name: "Kansas roofing contractor registration",
    identifier: "RC-20417",
  });
  expect(aboutPage.jsonLd.hasCredential).toContainEqual(
    expect.objectContaining({ credentialCategory: "certification", name: "BBB Accredited Business" }),
  );

  const home = await visit(base, "/");
  expect(home.jsonLd).toMatchObject({ foundingDate: "1998" });
  expect(home.jsonLd.hasCredential).toHaveLength(3);

  const roofing = await visit(base, ROOFING);
  expect((roofing.jsonLd.makesOffer as { warranty: unknown }).warranty).toEqual({
    "@type": "WarrantyPromise",
    durationOfWarranty: { "@type": "QuantitativeValue", value: 10, unitCode: "ANN" },
  });
  expect(roofing.jsonLd.foundingDate).toBe("1998");
  // The repair page's promise is the owner's number, as the proposal's terms will write it.
  expect((await visit(base, REPAIRS)).text).toContain("Repairs come with a 10-year written workmanship warranty.");

  // In the browser, at this width: the home hero's band beside the call to action, About's
  // facts and team, the service page's headline and band, the footer.
  await page.context().clearCookies();
  await page.goto(`${base}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wellington's roofers since 1998");
  const homeBand = page.locator("#home").getByTestId("trust-band");
  await expect(homeBand).toBeVisible();
  for (const fact of FACTS.slice(0, 4)) await expect(homeBand).toContainText(fact);
  await page.goto(`${base}/about`);
  await expect(page.getByTestId("trust-facts")).toContainText("Insured by Acuity Insurance");
  await expect(page.getByText("He still gives every estimate himself.")).toBeVisible();
  const team = page.getByTestId("team");
  await expect(team.getByRole("heading", { name: "Dale Whitaker" })).toBeVisible();
  await expect(team.getByRole("img", { name: "Dale Whitaker" })).toBeVisible();
  const footer = page.getByTestId("footer-trust");
  await footer.scrollIntoViewIfNeeded();
  for (const fact of FACTS) await expect(footer).toContainText(fact);

  await page.goto(`${base}${ROOFING}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roofs that outlast Kansas hail");
  const band = page.getByTestId("trust-band");
  await expect(band).toBeVisible();
  await expect(band).toContainText("10-year workmanship warranty");
  await expect(band).toContainText("In business since 1998");

  // Emptied: no band, no card, no footer lines, no facts in the structured data.
  await ownSite.signIn(page);
  await page.goto(`${base}/admin/site/words`);
  for (const label of [
    "License or registration",
    "Number",
    "Insurance company",
    "Workmanship warranty (years)",
    "Year founded",
    "Manufacturer certifications and memberships",
  ]) {
    await trust.getByLabel(label, { exact: label === "Number" }).fill("");
  }
  await trust.getByRole("combobox", { name: "Insured", exact: true }).selectOption("");
  await trust.getByRole("button", { name: "Save Trust Facts" }).click();
  await expect(notice(page, info, "Trust facts saved")).toBeVisible();
  for (const path of ["/", "/about", ROOFING, REPAIRS]) {
    const { html, text, jsonLd } = await visit(base, path);
    // No number from the owner: no page promises a workmanship warranty the terms would not give.
    expect(text, path).not.toMatch(/workmanship warranty|\{warrantyYears\}/i);
    for (const fact of FACTS) expect(text, path).not.toContain(fact);
    expect(html, path).not.toContain('data-testid="trust-band"');
    expect(html, path).not.toContain('data-testid="trust-facts"');
    expect(html, path).not.toContain('data-testid="footer-trust"');
    expect(jsonLd.foundingDate, path).toBeUndefined();
    expect(jsonLd.hasCredential, path).toBeUndefined();
  }
});
