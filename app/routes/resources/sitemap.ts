import { areaPath, PUBLIC_PAGES, servicePath } from "~/content/site";
import { AREAS, SERVICES } from "~/lib/landing-pages";
import { projectPath } from "~/lib/portfolio";
import { siteOrigin } from "~/server/origin.server";
import { listPublicProjectCards } from "~/services/project-cards.server";

const PAGE_PATHS = [
  ...PUBLIC_PAGES.map((p) => p.path),
  ...SERVICES.map((s) => servicePath(s.slug)),
  ...AREAS.map((a) => areaPath(a.slug)),
];

export function loader() {
  const origin = siteOrigin();
  // Each project's page too: search engines find the work, and the page cache warms it.
  const paths = [...PAGE_PATHS, ...listPublicProjectCards().map((p) => projectPath(p.id))];
  const urls = paths.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
