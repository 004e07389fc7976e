import { AREAS, areaPath, PUBLIC_PAGES, SERVICES, servicePath } from "~/content/site";
import { siteOrigin } from "~/server/origin.server";

export const SITEMAP_PATHS = [
  ...PUBLIC_PAGES.map((p) => p.path),
  ...SERVICES.map((s) => servicePath(s.slug)),
  ...AREAS.map((a) => areaPath(a.slug)),
];

export function loader() {
  const origin = siteOrigin();
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
