import { href } from "react-router";
import { APP_ICON_SIZES, appIcon } from "~/lib/static-files";
import { getBusinessFacts } from "~/models/settings.server";

/**
 * The admin as an app on a phone's home screen (decision 0099): it opens on My day, the
 * crew's page, and stays inside the admin. Public: a browser asks for it without cookies.
 * The colors are the admin header's and page's (styles/theme.css: ink and sand).
 */
export function loader() {
  const { company } = getBusinessFacts();
  const manifest = {
    id: href("/admin/my-day"),
    name: `${company}: My day`,
    short_name: "My day",
    description: `The day's jobs, photos and roof measurements for the ${company} team.`,
    start_url: href("/admin/my-day"),
    scope: href("/admin"),
    display: "standalone",
    orientation: "portrait",
    background_color: "#f7f4ee",
    theme_color: "#1c2430",
    icons: APP_ICON_SIZES.map((size) => ({
      src: appIcon(size),
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose: "any",
    })),
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
