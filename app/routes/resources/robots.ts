import { siteOrigin } from "~/lib/origin.server";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Disallow: /admin", "", `Sitemap: ${siteOrigin(request)}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
