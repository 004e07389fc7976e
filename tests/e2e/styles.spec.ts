import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { isPhone } from "./helpers";
import { areaPath, servicePath } from "../../app/content/site";
import { classesIn, FIRST_SCREEN_END } from "../../app/lib/critical-css";
import { AREAS, SERVICES } from "../../app/lib/landing-pages";

// Public pages inline app/public.css, built from the files public pages are made of; the
// admin links app/app.css, built from everything (decision 0060). A class a public page uses that only
// the full stylesheet styles would be a silently broken look: this finds it.
const styleOf = (html: string) => /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
/** The class as Tailwind writes it in a (minified) selector: a leading digit as a code point. */
const selector = (name: string) => {
  const escaped = name.slice(1).replace(/[^a-zA-Z0-9_-]/g, "\\$&");
  if (!/^\d/.test(name)) return "." + name[0].replace(/[^a-zA-Z_-]/, "\\$&") + escaped;
  return `.\\3${name[0]}${/^[0-9a-fA-F]/.test(escaped) ? " " : ""}${escaped}`;
};

/** Whether a stylesheet has a rule for the class (`.Toastify` is not `.Toastify__toast`). */
const styles = (css: string, name: string) =>
  new RegExp(`${selector(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w\\\\-])`).test(css);

test("every class a public page uses is styled by the stylesheet it inlines @desktop @js", async ({ request }) => {
  const admin = await (await request.get("/admin/login")).text();
  const adminSheet = /<link rel="stylesheet" href="([^"]+)" data-precedence/.exec(admin)?.[1] ?? "";
  const full = await (await request.get(adminSheet)).text();
  expect(full.length).toBeGreaterThan(10_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]).pathname)
    .concat("/no-such-page");
  expect(paths.length).toBeGreaterThan(20);
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const inlined = styleOf(html);
    expect(inlined.length, path).toBeLessThan(full.length);
    const link = new RegExp(`<link rel="stylesheet" href="([^"]+)" ${FIRST_SCREEN_END}`).exec(html);
    const firstScreen = link ? html.slice(0, link.index) : html;
    const unstyled = [...classesIn(firstScreen)].filter((name) => styles(full, name) && !styles(inlined, name));
    expect(unstyled, `${path} uses classes its stylesheet lacks`).toEqual([]);
    if (link) {
      const linked = await (await request.get(link[1])).text();
      const rest = [...classesIn(html.slice(link.index))].filter((name) => styles(full, name) && !styles(linked, name));
      expect(rest, `${path} uses classes the stylesheet it links lacks`).toEqual([]);
      // Only a long page does this; the rest of its first screen came with it.
      expect(html.slice(0, link.index)).toContain("<h1");
    }
  }
});

test("the home page is styled to its end without scripts, its first screen from the page itself @phone @nojs", async ({
  page,
}) => {
  const sheets: string[] = [];
  page.on("request", (r) => r.resourceType() === "stylesheet" && sheets.push(new URL(r.url()).pathname));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The footer and the contact section come after the linked stylesheet: dark footer, sand section.
  await expect(page.locator("footer")).toHaveCSS("background-color", "rgb(28, 36, 48)");
  await expect(page.locator("#contact")).toHaveCSS("background-color", "rgb(247, 244, 238)");
  expect(sheets).toEqual([expect.stringMatching(/^\/assets\/public-[\w-]+\.css$/)]);
});

test("once scripts start, the home page keeps the one stylesheet link it came with, so it is not restyled @phone @js", async ({
  page,
}) => {
  await page.goto("/");
  // The fixture has waited for the scripts; a second copy in <head> would restyle every element.
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
  await expect(page.locator(`body link[${FIRST_SCREEN_END}]`)).toHaveCount(1);
  await expect(page.locator("footer")).toHaveCSS("background-color", "rgb(28, 36, 48)");
});

test("leaving the home page for another page keeps the whole stylesheet @desktop @js", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Testimonials" }).click();
  await expect(page).toHaveURL(/\/testimonials$/);
  await expect(page.locator(`link[${FIRST_SCREEN_END}]`)).toHaveCount(0);
  // The home page inlined only its first screen's CSS: the footer is styled by the stylesheet in <head>.
  await expect(page.locator("footer")).toHaveCSS("background-color", "rgb(28, 36, 48)");
  await expect(page.locator("main h1")).toHaveCSS("font-weight", "700");
});

test("every icon a public page shows is drawn by the cached sprite it points into @desktop @js", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const uses = [...html.matchAll(/<use href="([^"#]+)#([\w-]+)"/g)];
  expect(uses.length).toBeGreaterThan(30);
  const files = new Set(uses.map((u) => u[1]));
  expect([...files]).toEqual([expect.stringMatching(/^\/assets\/icon-sprite-[\w-]+\.svg$/)]);
  const sprite = await request.get([...files][0]);
  expect(sprite.headers()["content-type"]).toContain("image/svg+xml");
  expect(sprite.headers()["cache-control"]).toContain("immutable");
  const svg = await sprite.text();
  const missing = [...new Set(uses.map((u) => u[2]))].filter((name) => !svg.includes(`<symbol id="${name}"`));
  expect(missing).toEqual([]);
});

test("nothing on a public page moves or changes its look when its whole stylesheet arrives at the first touch @js", async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  // What scripts render at start-up (the carousels' buttons) is styled by the inlined CSS
  // too: once, unstyled buttons jumped aside under the visitor's first tap, and it was lost.
  // The inlined CSS (lib/critical-css.ts) is cut from the built stylesheet by a parser of
  // our own: this is the test that a Tailwind upgrade cannot break it unseen.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const seen = new Set<string>();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]).pathname)
    .concat("/no-such-page")
    // On a phone, one page of each layout: the 7 service and 11 town pages are one route
    // module with other words, as are the projects' pages; every page at desktop width.
    .filter((path) => {
      if (!isPhone(info)) return true;
      const first = !seen.has(layoutOf(path));
      seen.add(layoutOf(path));
      return first;
    });
  let restyled = 0;
  for (const path of paths) {
    await page.goto(path);
    // The home page links the whole file in its body (FirstScreenEnd) and is styled by it already.
    if (!(await page.locator('link[rel="prefetch"][as="style"]').count())) continue;
    // What scripts show once they have measured the page (a carousel's buttons) is shown.
    await page.evaluate(() => new Promise((shown) => requestAnimationFrame(() => requestAnimationFrame(shown))));
    const before = await layout(page);
    await page.keyboard.press("Shift");
    await page.waitForFunction(() =>
      [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/public-")),
    );
    expect(await layout(page), `${path} moved or changed its look when restyled`).toEqual(before);
    restyled++;
  }
  expect(restyled).toBeGreaterThan(isPhone(info) ? 5 : 20);
});

const SERVICE_PATHS = new Set(SERVICES.map((s) => servicePath(s.slug)));
const AREA_PATHS = new Set(AREAS.map((a) => areaPath(a.slug)));
/** Which route module draws a public page. */
const layoutOf = (path: string) =>
  SERVICE_PATHS.has(path) ? "service" : AREA_PATHS.has(path) ? "area" : path.replace(/^\/portfolio\/\d+$/, "project");

/**
 * Where each element of the page sits and how big it is, and how it looks (colors, type,
 * borders, shadow): a rule the inlined CSS left out shows as a difference. Not transforms,
 * so a scroll-in animation's (which moves nothing around it) does not count.
 */
function layout(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll("*")].flatMap((el) => {
      // Scripts are not laid out, and the router takes some out once it has run them.
      if (!(el instanceof HTMLElement) || el instanceof HTMLScriptElement) return [];
      let [x, y] = [0, 0];
      for (let e: Element | null = el; e instanceof HTMLElement; e = e.offsetParent)
        [x, y] = [x + e.offsetLeft, y + e.offsetTop];
      const name = `${el.tagName.toLowerCase()}.${el.className} ${el.getAttribute("aria-label") ?? ""}`.trim();
      const css = getComputedStyle(el);
      const look = [
        css.color,
        css.backgroundColor,
        css.backgroundImage,
        css.font,
        css.borderColor,
        css.borderWidth,
        css.borderRadius,
        css.boxShadow,
        css.opacity,
        css.visibility,
      ].join(" ");
      return [`${name} @${x},${y} ${el.offsetWidth}x${el.offsetHeight} ${look}`];
    }),
  );
}
