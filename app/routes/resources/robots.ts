import { href } from "react-router";
import { siteOrigin } from "~/server/origin.server";

export function loader() {
  const body = [
    "User-agent: *",
    `Disallow: ${href("/admin")}`,
    "",
    `Sitemap: ${siteOrigin()}${href("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
