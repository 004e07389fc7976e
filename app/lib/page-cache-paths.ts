import { href } from "react-router";
import { isAdminPath } from "~/lib/admin-sections";
import { CALENDAR_FEED_PREFIX } from "~/lib/calendar-feed";
import { SERVICES } from "~/lib/landing-pages";
import { PORTFOLIO_TABS } from "~/lib/portfolio";
import { ASSETS_PREFIX, UPLOADS_PREFIX } from "~/lib/static-files";

/**
 * What the page cache (server/page-cache.server.ts) is told about this site's routes: the
 * cache itself knows none, so a route that moves is renamed here through href(), checked
 * against app/routes.ts by the types.
 */
export type PageCachePaths = {
  /** A path never answered from memory. */
  skipped: (path: string) => boolean;
  /** Paths with an extension that React Router renders (any other is a file for the static handler). */
  renderedFiles: readonly string[];
  /** Query parameters that change a public page, with the values they take. */
  allowedQuery: Readonly<Record<string, RegExp>>;
  /** What warm() renders first: the sitemap it reads the pages from, then these. */
  sitemap: string;
  warmFirst: readonly string[];
};

const oneOf = (values: readonly string[]) => new RegExp(`^(?:${values.join("|")})$`);
const PORTFOLIO_TAB = oneOf(PORTFOLIO_TABS.map((t) => t.value));

// A homeowner's proposal, review or job page link is one person's, and changes when accepted,
// answered or paid: rendered afresh every time. (An empty token gives the prefix of every token's page.)
// A calendar feed is one person's visits, and a feed turned off must stop answering at once.
const SKIPPED_PREFIXES = [
  CALENDAR_FEED_PREFIX,
  `${UPLOADS_PREFIX}/`,
  `${ASSETS_PREFIX}/`,
  href("/proposal/:token", { token: "" }),
  href("/review/:token", { token: "" }),
  href("/job/:token", { token: "" }),
];
// Resolved once: skipped() runs for every request the raw server sees.
const HEALTHZ = href("/healthz");

export const PAGE_CACHE_PATHS: PageCachePaths = {
  skipped: (path) => path === HEALTHZ || isAdminPath(path) || SKIPPED_PREFIXES.some((p) => path.startsWith(p)),
  renderedFiles: [href("/sitemap.xml"), href("/robots.txt")],
  // The portfolio tab (`portfolio` on the home page, `category` on the portfolio page), the
  // service a "Request Service" button chooses in the quote form (`service` on the home
  // page), and the route ids React Router's client navigation sends with .data requests.
  allowedQuery: {
    portfolio: PORTFOLIO_TAB,
    category: PORTFOLIO_TAB,
    service: oneOf(SERVICES.map((s) => s.slug)),
    _routes: /^[\w/.,-]{1,200}$/,
  },
  sitemap: href("/sitemap.xml"),
  warmFirst: [href("/robots.txt")],
};
