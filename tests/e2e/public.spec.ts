import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { areaPath, PUBLIC_PAGES, servicePath } from "../../app/content/site";
import { AREAS, SERVICES } from "../../app/lib/landing-pages";
import { COMPANY, isPhone, jsEnabled } from "./helpers";

// Tags pick the projects a test runs in (playwright.config.ts): @desktop, @phone, @js, @nojs.

const ALL_PUBLIC_PATHS = [
  ...PUBLIC_PAGES.map((p) => p.path),
  ...SERVICES.map((s) => servicePath(s.slug)),
  ...AREAS.map((a) => areaPath(a.slug)),
  "/privacy",
  "/terms",
];

async function jsonLd(page: Page) {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
}

test.describe("portfolio", () => {
  test("tabs filter the gallery, with or without scripts", async ({ page }) => {
    await page.goto("/portfolio");
    const gallery = page.locator("main");
    for (const title of ["Framing Projects", "Roofing Projects", "Bright Green Roof Treatment Projects"]) {
      await expect(gallery.getByRole("heading", { name: title })).toBeVisible();
    }
    await page.getByRole("link", { name: "Roofing", exact: true }).click();
    await expect(page).toHaveURL(/\/portfolio\?category=roofing$/);
    await expect(page.getByRole("link", { name: "Roofing", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(gallery.getByRole("heading", { name: "Roofing Projects" })).toBeVisible();
    await expect(gallery.getByRole("heading", { name: "Framing Projects" })).toHaveCount(0);
    await page.getByRole("link", { name: "All Projects" }).click();
    await expect(gallery.getByRole("heading", { name: "Framing Projects" })).toBeVisible();
  });

  test("the home page's tabs stay in the portfolio section", async ({ page }) => {
    await page.goto("/#portfolio");
    await page.locator("#portfolio").getByRole("link", { name: "Bright Green", exact: true }).click();
    await expect(page).toHaveURL(/\/\?portfolio=bright-green#portfolio$/);
    await expect(
      page.locator("#portfolio").getByRole("heading", { name: "Bright Green Roof Treatment Projects" }),
    ).toBeVisible();
    await expect(page.locator("#portfolio").getByRole("heading", { name: "Roofing Projects" })).toHaveCount(0);
  });

  test("a tile opens a large dialog with the picture, and Escape closes it @js", async ({ page }) => {
    await page.goto("/portfolio?category=framing");
    await page.getByRole("link", { name: "Family Room Addition, Wellington" }).click();
    const dialog = page.getByRole("dialog", { name: "Family Room Addition, Wellington" });
    await expect(dialog).toBeVisible();
    const img = dialog.getByRole("img", { name: /room addition/i });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog.getByRole("status", { name: "Loading" })).toHaveCount(0);
    // The list carries no descriptions: the dialog asks for the one it shows.
    await expect(dialog).toContainText("A 16 x 20 ft room addition tied into the existing roofline");
    // The next project never shows this one's words, and stepping back brings them again.
    const next = page.getByRole("dialog");
    await page.keyboard.press("ArrowRight");
    await expect(next).not.toHaveAccessibleName("Family Room Addition, Wellington");
    await expect(next.getByRole("link", { name: "Open the project page" })).toBeVisible();
    await expect(next).not.toContainText("A 16 x 20 ft room addition");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog).toContainText("A 16 x 20 ft room addition tied into the existing roofline");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/category=framing$/);
  });

  test("the dialog links to the project's own page @js", async ({ page }) => {
    await page.goto("/");
    await page.locator("#portfolio").getByRole("link", { name: "Family Room Addition, Wellington" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Open the project page" }).click();
    await expect(page).toHaveURL(/\/portfolio\/\d+$/);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Family Room Addition, Wellington" })).toBeVisible();
  });

  test("a video tile plays in the dialog only when chosen @js", async ({ page }) => {
    await page.route(/youtube/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<p>video</p>" }),
    );
    await page.goto("/portfolio?category=bright-green");
    await expect(page.locator("iframe")).toHaveCount(0);
    await page.getByRole("link", { name: /Video: Watch: How the Bright Green Treatment Is Applied/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator("iframe")).toHaveAttribute("src", /youtube-nocookie\.com\/embed\/M7lc1UVf-VE/);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the dialog steps through the projects shown, with buttons and arrow keys @js", async ({ page }) => {
    await page.goto("/portfolio?category=framing");
    const titles = await page.getByRole("list", { name: "Framing Projects" }).getByRole("link").allInnerTexts();
    expect(titles.length).toBeGreaterThanOrEqual(3);
    await page.getByRole("link", { name: titles[0] }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAccessibleName(titles[0]);
    await expect(dialog).toContainText(`1 of ${titles.length}`);
    await expect(dialog.getByRole("button", { name: "Previous project" })).toBeDisabled();
    await page.keyboard.press("ArrowRight");
    await expect(dialog).toHaveAccessibleName(titles[1]);
    await dialog.getByRole("button", { name: "Next project" }).click();
    await expect(dialog).toHaveAccessibleName(titles[2]);
    await expect(dialog).toContainText(`3 of ${titles.length}`);
    await page.keyboard.press("ArrowLeft");
    await expect(dialog).toHaveAccessibleName(titles[1]);
    await dialog.getByRole("button", { name: "Previous project" }).click();
    await expect(dialog).toHaveAccessibleName(titles[0]);
    await expect(page).toHaveURL(/\/portfolio\?category=framing$/);
  });

  test("without scripts a tile opens the project's own page, which leads on to the next @nojs", async ({ page }) => {
    await page.goto("/portfolio?category=framing");
    const titles = await page.getByRole("list", { name: "Framing Projects" }).getByRole("link").allInnerTexts();
    const at = titles.indexOf("Family Room Addition, Wellington");
    expect(at).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Family Room Addition, Wellington" }).click();
    await expect(page).toHaveURL(/\/portfolio\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Family Room Addition, Wellington");
    await expect(page).toHaveTitle(/^Family Room Addition, Wellington \| /);
    await expect(page.getByText("A 16 x 20 ft room addition tied into the existing roofline")).toBeVisible();
    const img = page.getByRole("img", { name: /room addition framed in fresh lumber/i });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: new RegExp(`Previous project ${titles[at - 1]}`) })).toBeVisible();
    await page.getByRole("link", { name: new RegExp(`Next project ${titles[at + 1]}`) }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[at + 1]);
    await page.getByRole("link", { name: "Framing Projects" }).click();
    await expect(page).toHaveURL(/\/portfolio\?category=framing$/);
  });

  test("service, area and about pages show matching work and a customer's words", async ({ page }) => {
    await page.goto("/services/roof-repairs-wichita");
    let work = page.getByRole("region", { name: "Our roof repairs work" });
    await expect(work.getByRole("link", { name: "Hail Damage Repair, Haysville" })).toBeVisible();
    await expect(work.getByRole("link", { name: /Family Room/ })).toHaveCount(0);
    await expect(work.getByText(/two days after the hail storm/)).toBeVisible();
    await expect(work.getByRole("link", { name: "See more of our work" })).toHaveAttribute(
      "href",
      "/portfolio?category=roofing",
    );

    await page.goto("/derby-framing-roofing-services");
    work = page.getByRole("region", { name: "Our work in Derby" });
    await expect(work.getByRole("link", { name: "Two-Story Custom Home Framing, Derby" })).toBeVisible();
    await expect(work.getByText("Derby, KS")).toBeVisible();
    await work.getByRole("link", { name: "Two-Story Custom Home Framing, Derby" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-Story Custom Home Framing, Derby");

    await page.goto("/about");
    work = page.getByRole("region", { name: "Some of our work" });
    await expect(work.getByRole("link", { name: "Two-Story Custom Home Framing, Derby" })).toBeVisible();
    await expect(work.getByRole("img", { name: /out of 5 stars/ })).toBeVisible();

    // Nothing unrelated stands in where no project or customer matches.
    await page.goto("/services/structural-repairs-wichita");
    await expect(page.getByRole("heading", { name: "Our structural repairs work" })).toHaveCount(0);
  });

  test("an unknown project is the site's not-found page, with its menus", async ({ page }) => {
    for (const path of ["/portfolio/99999", "/portfolio/abc", "/portfolio/01"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
      await expect(page.getByRole("banner").getByRole("link", { name: "Get a Quote" })).toBeVisible();
    }
  });

  test("carousel buttons scroll 300px @js", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/portfolio");
    const track = page.getByRole("list", { name: "Framing Projects" });
    expect(await track.evaluate((el) => el.scrollLeft)).toBe(0);
    await page.getByRole("button", { name: "Scroll Framing Projects right" }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThanOrEqual(280);
    await page.getByRole("button", { name: "Scroll Framing Projects left" }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
  });

  test("a carousel offers scroll buttons only while some of its tiles are out of sight @desktop @js", async ({
    page,
  }) => {
    await page.goto("/portfolio");
    // The demo's three Bright Green projects all show on a wide screen: nothing to scroll.
    const track = page.getByRole("list", { name: "Bright Green Roof Treatment Projects" });
    await expect(track.getByRole("listitem")).toHaveCount(3);
    await track.scrollIntoViewIfNeeded();
    await expect(track.getByRole("listitem").last()).toBeInViewport({ ratio: 1 });
    const right = page.getByRole("button", { name: "Scroll Bright Green Roof Treatment Projects right" });
    await expect(right).toBeHidden();
    await expect(page.getByRole("button", { name: "Scroll Bright Green Roof Treatment Projects left" })).toBeHidden();
    // A narrower window hides the last ones, and the buttons come.
    await page.setViewportSize({ width: 500, height: 900 });
    await expect(right).toBeVisible();
    await right.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThanOrEqual(280);
    // Wide again, they go again.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(right).toBeHidden();
  });

  test("without scripts the carousel scrolls natively and shows no dead buttons @nojs", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/portfolio");
    await expect(page.getByRole("button", { name: /Scroll .* right/ })).toHaveCount(0);
    const track = page.getByRole("list", { name: "Framing Projects" });
    expect(await track.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const tile = track.getByRole("link").first();
    await expect(tile).toHaveCSS("width", "288px");
    await expect(tile).toHaveCSS("height", "224px");
  });
});

test.describe("home page", () => {
  test("sections come in the spec's order, with working calls to action", async ({ page }) => {
    await page.goto("/");
    const ids = await page.locator("main > section").evaluateAll((els) => els.map((e) => e.id));
    expect(ids).toEqual(["home", "about", "services", "bright-green", "portfolio", "testimonials", "contact"]);
    const hero = page.locator("#home");
    await expect(hero.getByRole("link", { name: "Get a Free Quote" })).toHaveAttribute("href", "#contact");
    await expect(hero.getByRole("link", { name: "Explore Our Services" })).toHaveAttribute("href", "#services");
    await expect(hero.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "#about");
    await expect(page.getByRole("link", { name: "View All Service Areas" })).toHaveAttribute(
      "href",
      "/wichita-framing-roofing-services#service-areas",
    );
    await expect(page.locator("#bright-green").getByRole("link", { name: "Schedule a Consultation" })).toHaveAttribute(
      "href",
      "#contact",
    );
  });

  test("the three service cards carry the spec's features and links", async ({ page }) => {
    await page.goto("/");
    const services = page.locator("#services");
    for (const [title, feature, href] of [
      ["Residential Framing", "Garage and shed framing", "/services/residential-framing-wichita"],
      ["Residential Roofing", "Storm damage repair", "/services/residential-roofing-wichita"],
      ["Gutter Services", "Gutter guards", "/services/gutter-services-wichita"],
    ]) {
      const card = services.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      await expect(card.getByText(feature)).toBeVisible();
      await expect(card.getByRole("link", { name: /Learn more/ })).toHaveAttribute("href", href);
      await expect(card.getByRole("link", { name: /Request Service/ })).toHaveAttribute(
        "href",
        `/?service=${href.split("/").pop()}#contact`,
      );
      await expect(card.getByRole("img")).toHaveAttribute("alt", /.{20,}/);
    }
  });

  test("the Bright Green video loads nothing from YouTube until played", async ({ page }, info) => {
    const external: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(info.project.use.baseURL!)) external.push(r.url());
    });
    await page.route(/youtube/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<p>video</p>" }),
    );
    await page.goto("/#bright-green");
    const facade = page.getByTestId("video-facade");
    await expect(facade).toHaveAttribute("href", "https://www.youtube.com/watch?v=M7lc1UVf-VE");
    for (const benefit of [
      "Extends Roof Life",
      "Restores Color",
      "Weather Resistant",
      "Reduces Oxidation",
      "Prevents Damage",
      "Reapplicable",
    ]) {
      await expect(page.locator("#bright-green").getByText(benefit, { exact: true })).toBeVisible();
    }
    expect(external).toEqual([]);
    if (jsEnabled(info)) {
      await facade.click();
      await expect(page.locator("#bright-green iframe")).toHaveAttribute(
        "src",
        /youtube-nocookie\.com\/embed\/M7lc1UVf-VE\?autoplay=1/,
      );
    }
  });

  test("testimonials show stars, quote, initial, name and location", async ({ page }) => {
    // The home page shows the newest six (other tests add reviews to this site); every card the same way.
    await page.goto("/#testimonials");
    const cards = page.locator("#testimonials li");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(6);
    await expect(cards.first().getByLabel(/^[1-5] out of 5 stars$/)).toBeVisible();
    await expect(cards.first().locator("blockquote")).toHaveCSS("font-style", "italic");
    // Every review, and a known one in full, on the Testimonials page.
    await page.goto("/testimonials");
    const card = page.locator("main li").filter({ hasText: "Karen M." });
    await expect(card.getByLabel("5 out of 5 stars")).toBeVisible();
    await expect(card.locator("blockquote")).toHaveCSS("font-style", "italic");
    await expect(card.getByText("Wellington, KS")).toBeVisible();
    await expect(card.getByText("K", { exact: true })).toBeVisible();
  });

  test("the contact card offers tap-to-call and tap-to-mail", async ({ page }) => {
    await page.goto("/#contact");
    const card = page.locator("#contact address");
    await expect(card).toContainText("Owner: Dale Whitaker");
    await expect(card).toContainText("Lead contractor: Cody Whitaker");
    await expect(card.getByRole("link", { name: "(620) 555-0142" })).toHaveAttribute("href", "tel:+16205550142");
    await expect(card.getByRole("link", { name: "hello@example.com" })).toHaveAttribute(
      "href",
      "mailto:hello@example.com",
    );
    await expect(card).toContainText("Saturday: 8am – 2pm");
  });
});

test.describe("contact form", () => {
  test("a blank required field gets the spec's message and the input is kept", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("   ");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("kim@example.com");
    await form.getByLabel("Message").fill("Need a roof estimate");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Error: Please fill in all required fields: Name");
    await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("kim@example.com");
    await expect(form.getByLabel("Message")).toHaveValue("Need a roof estimate");
  });

  test("a complete message is accepted", async ({ page }, info) => {
    await page.goto("/#contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("Kim Hoang");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("kim@example.com");
    await form.getByLabel("Phone").fill("316-555-0100");
    await form.getByLabel("Message").fill(`Hail damage on the north slope (${info.project.name})`);
    await form.getByRole("button", { name: "Send Message" }).click();
    const done = page
      .getByRole("status")
      .filter({ hasText: "Your message has been sent! We'll get back to you soon." });
    await expect(done).toBeVisible();
    if (jsEnabled(info)) {
      await expect(page).toHaveURL(/\/#contact$/);
      await expect(form.getByLabel("Name")).toHaveValue("");
    }
  });
});

test.describe("search and sharing", () => {
  test("each page has a canonical URL, social tags and Wichita geo tags", async ({ page, baseURL }) => {
    for (const path of ["/", "/services/roof-repairs-wichita", "/derby-framing-roofing-services"]) {
      await page.goto(path);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(`\\| ${COMPANY}$`));
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      await expect(page.locator('meta[name="geo.placename"]')).toHaveAttribute("content", "Wichita");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{60,}/);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /.+/);
    }
  });

  test("structured data fits each page type", async ({ page }) => {
    const base = { "@type": "RoofingContractor", name: COMPANY, telephone: "(620) 555-0142" };
    await page.goto("/services/gutter-services-wichita");
    const service = await jsonLd(page);
    expect(service).toMatchObject({ ...base, areaServed: "Wichita, KS", address: { addressLocality: "Wellington" } });
    expect(service.makesOffer.itemOffered.serviceType).toBe("Gutter Installation and Repair");
    expect(service.email).toBeUndefined();

    await page.goto("/derby-framing-roofing-services");
    const town = await jsonLd(page);
    expect(town).toMatchObject({
      ...base,
      email: "hello@example.com",
      areaServed: { "@type": "GeoCircle", geoRadius: 25000, geoMidpoint: { latitude: 37.5456, longitude: -97.2689 } },
    });

    await page.goto("/wichita-framing-roofing-services");
    const hub = await jsonLd(page);
    expect(hub).toMatchObject({
      ...base,
      email: "hello@example.com",
      priceRange: "$$",
      areaServed: { geoRadius: 50000 },
    });
    expect(hub.openingHoursSpecification).toEqual([
      expect.objectContaining({
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "07:00",
        closes: "18:00",
      }),
      expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "08:00", closes: "14:00" }),
    ]);
  });

  test("the sitemap lists every public page and robots.txt points to it @once", async ({ request, baseURL }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(baseURL!, ""));
    for (const path of ALL_PUBLIC_PATHS.filter((p) => p !== "/privacy" && p !== "/terms")) expect(locs).toContain(path);
    // Each project's own page too: the nine demo projects, and any other spec published.
    expect(locs.filter((loc) => /^\/portfolio\/\d+$/.test(loc)).length).toBeGreaterThanOrEqual(9);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("the Wichita hub links six services and lists its twelve neighborhoods", async ({ page }) => {
    await page.goto("/wichita-framing-roofing-services");
    await expect(page.getByRole("link", { name: /^Learn More about/ })).toHaveCount(6);
    for (const n of ["Downtown Wichita", "College Hill", "Delano", "Linwood"]) {
      await expect(page.getByText(n, { exact: true })).toBeVisible();
    }
  });

  test('"View All Service Areas" answers "do you serve my town?": every town, each a link', async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "View All Service Areas" }).click();
    await expect(page).toHaveURL(/\/wichita-framing-roofing-services#service-areas$/);
    const towns = page.getByRole("list", { name: "Towns we serve" });
    await expect(towns).toBeInViewport();
    const others = AREAS.filter((a) => a.slug !== "wichita");
    await expect(towns.getByRole("link")).toHaveCount(others.length);
    for (const town of others)
      await expect(towns.getByRole("link", { name: town.name, exact: true })).toHaveAttribute(
        "href",
        areaPath(town.slug),
      );
    await towns.getByRole("link", { name: "Derby", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Derby");
  });

  test("the footer lists every service area on every page", async ({ page }) => {
    for (const path of ["/", "/contact", "/services/roof-repairs-wichita"]) {
      await page.goto(path);
      const list = page.getByRole("contentinfo").getByRole("list", { name: "Service Areas" });
      await expect(list.getByRole("link")).toHaveCount(AREAS.length);
      await expect(list.getByRole("link", { name: "Wellington", exact: true })).toHaveAttribute(
        "href",
        areaPath("wellington"),
      );
    }
  });
});

test.describe("every public page", () => {
  /** Watches for anything the page loads from another site. */
  function requestsElsewhere(page: Page, baseURL: string) {
    const external: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(baseURL) && !r.url().startsWith("data:")) external.push(r.url());
    });
    return external;
  }

  /** Ids two elements share. Axe no longer checks them; a second element with a section's id breaks the links that jump to it ("Get a Quote" → #contact) and the labels and descriptions that point by id. */
  async function sharedIds(page: Page) {
    const ids = await page.locator("[id]").evaluateAll((els) => els.map((e) => e.id));
    return ids.filter((id, i) => ids.indexOf(id) !== i);
  }

  // Each walk through the pages checks all it can at once: a page load costs the 2-core
  // machine the same whichever is looked at. With scripts the axe walk below checks these
  // too; without them, what the plain HTML asks for. A walk waits for the load event (and,
  // with scripts, for them to start: fixtures.ts), not for the network to rest: that added
  // half a second a page, and pictures below the fold wait for a scroll either way.
  test("loads nothing from other sites, and no two elements share an id @phone @nojs", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const external = requestsElsewhere(page, baseURL!);
    for (const path of ALL_PUBLIC_PATHS) {
      await page.goto(path);
      expect(await sharedIds(page), path).toEqual([]);
    }
    // Whatever the last page asks for after its load event counts too.
    await page.waitForLoadState("networkidle");
    expect(external).toEqual([]);
  });

  // Every page at desktop width; at phone width one page of each layout (the 7 service and
  // 11 town pages are one route module with other words), which is where a narrow screen
  // could differ: the menu, the stacking. One walk a width: a test a page spent about a
  // second more on each in setting up its browser page.
  const onePerLayout = [
    ...PUBLIC_PAGES.map((p) => p.path),
    servicePath(SERVICES[0].slug),
    areaPath(AREAS[0].slug),
    "/privacy",
  ];
  test("no public page has accessibility violations (axe), loads from other sites or repeats an id @js", async ({
    page,
    baseURL,
  }, info) => {
    test.setTimeout(180_000);
    const external = requestsElsewhere(page, baseURL!);
    const problems: string[] = [];
    for (const path of isPhone(info) ? onePerLayout : ALL_PUBLIC_PATHS) {
      // Reduced motion (playwright.config.ts) shows every section at once, so axe measures
      // contrast at full opacity.
      await page.goto(path);
      // Axe's default mode runs each frame apart and joins the results in a second page it
      // opens: 2-3 s a page here, against under 1 s for one run in the page itself (legacy
      // mode), which is all a page without frames needs. Details for violations only.
      expect(page.frames(), `${path} has a frame: use AxeBuilder's default mode`).toHaveLength(1);
      const results = await new AxeBuilder({ page })
        .setLegacyMode(true)
        .options({ resultTypes: ["violations"] })
        .analyze();
      problems.push(...results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`));
      problems.push(...(await sharedIds(page)).map((id) => `${path}: two elements with id "${id}"`));
    }
    expect(problems).toEqual([]);
    await page.waitForLoadState("networkidle");
    expect(external).toEqual([]);
  });
});

test.describe("scroll-in animation", () => {
  test("sections fade in as they come into view @js", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const target = page.locator("#testimonials [data-reveal]").first();
    await expect(target).toHaveCSS("opacity", "0");
    await target.scrollIntoViewIfNeeded();
    await expect(target).toHaveCSS("opacity", "1");
  });

  test("what is on the first screen is never hidden, even once scripts run @desktop @js", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const onFirstScreen = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("[data-reveal]")]
        .filter((el) => el.getBoundingClientRect().top < innerHeight)
        .map((el) => getComputedStyle(el).opacity),
    );
    expect(onFirstScreen.length).toBeGreaterThan(0);
    expect(onFirstScreen.every((opacity) => opacity === "1")).toBe(true);
  });

  test("everything is visible without scripts @nojs", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("#testimonials [data-reveal]").first()).toHaveCSS("opacity", "1");
  });

  test("nothing is hidden for visitors who ask for reduced motion @js", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.locator("#testimonials [data-reveal]").first()).toHaveCSS("opacity", "1");
  });
});
