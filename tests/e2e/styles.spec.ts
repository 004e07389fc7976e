import { expect, test } from "./fixtures";
import { classesIn } from "../../app/lib/critical-css";

// Public pages inline app/public.css, built from the files public pages are made of; the
// admin inlines app/app.css, built from everything. A class a public page uses that only
// the full stylesheet styles would be a silently broken look: this finds it.
const styleOf = (html: string) => /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
/** The class as Tailwind writes it in a (minified) selector: a leading digit as a code point. */
const selector = (name: string) => {
  const escaped = name.slice(1).replace(/[^a-zA-Z0-9_-]/g, "\\$&");
  if (!/^\d/.test(name)) return "." + name[0].replace(/[^a-zA-Z_-]/, "\\$&") + escaped;
  return `.\\3${name[0]}${/^[0-9a-fA-F]/.test(escaped) ? " " : ""}${escaped}`;
};

test("every class a public page uses is styled by the stylesheet it inlines @desktop @js", async ({ request }) => {
  const full = styleOf(await (await request.get("/admin/login")).text());
  expect(full.length).toBeGreaterThan(10_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).concat("/no-such-page");
  expect(paths.length).toBeGreaterThan(20);
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const inlined = styleOf(html);
    expect(inlined.length, path).toBeLessThan(full.length);
    const unstyled = [...classesIn(html)].filter((name) => full.includes(selector(name)) && !inlined.includes(selector(name)));
    expect(unstyled, `${path} uses classes its stylesheet lacks`).toEqual([]);
  }
});
