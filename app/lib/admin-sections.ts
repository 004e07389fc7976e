import { href } from "react-router";

// Resolved once: isAdminPath runs on every request (page cache, headers).
const ADMIN = href("/admin");
const ADMIN_PREFIXES = [`${ADMIN}/`, `${ADMIN}.data`];

/**
 * Whether a path is the admin's (its pages, their `.data`, its resources): the one rule
 * for what is never cached, never gets the public stylesheet and always gets no-store.
 */
export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN || ADMIN_PREFIXES.some((p) => pathname.startsWith(p));
}

/**
 * The Projects screen's category tabs, each a route of its own. `tab` is the name the
 * section had in the old `/admin?tab=…` links.
 */
export const PROJECT_TABS = [
  { tab: "all", to: href("/admin/projects"), label: "All Projects" },
  { tab: "framing", to: href("/admin/projects/:category", { category: "framing" }), label: "Framing" },
  { tab: "roofing", to: href("/admin/projects/:category", { category: "roofing" }), label: "Roofing" },
  { tab: "bright-green", to: href("/admin/projects/:category", { category: "bright-green" }), label: "Bright Green" },
] as const;

/**
 * The admin's sections, as its header lists them. The spec had Images and Contact as two
 * more tabs under Projects, where the owner did not look for them; they are sections of
 * their own now (decision 0017).
 */
export const ADMIN_SECTIONS = [
  { to: href("/admin"), label: "Today" },
  { to: href("/admin/my-day"), label: "My day" },
  { to: href("/admin/leads"), label: "Leads" },
  { to: href("/admin/schedule"), label: "Schedule" },
  { to: href("/admin/reports"), label: "Reports" },
  { to: href("/admin/projects"), label: "Projects" },
  { to: href("/admin/images"), label: "Images" },
  { to: href("/admin/testimonials"), label: "Testimonials" },
  { to: href("/admin/site/pictures"), label: "Pictures & Video" },
  { to: href("/admin/site/words"), label: "Words & Facts" },
  { to: href("/admin/contact"), label: "Contact & Business" },
  { to: href("/admin/roof-measurement"), label: "Roof Tool" },
  { to: href("/admin/pricing"), label: "Pricing" },
  { to: href("/admin/team"), label: "Team" },
  { to: href("/admin/backups"), label: "Backups" },
] as const;

/**
 * The report pages, as the tab bar above each lists them (components/admin/report-nav.tsx).
 * The header hides a page a role may not open (lib/access.ts).
 */
export const REPORT_PAGES = [
  { to: href("/admin/reports"), label: "Leads & sales" },
  { to: href("/admin/reports/money"), label: "Money" },
  { to: href("/admin/reports/accountant"), label: "For the accountant" },
] as const;

/** Whether a path is in the header section that starts at `to` (Today is the dashboard alone). */
export function inSection(to: string, pathname: string): boolean {
  if (to === ADMIN) return pathname === to;
  return pathname === to || pathname.startsWith(`${to}/`);
}

// Where the old `?tab=` names now live.
const OLD_TABS: Record<string, string> = {
  ...Object.fromEntries(PROJECT_TABS.map((t) => [t.tab, t.to])),
  images: href("/admin/images"),
  contact: href("/admin/contact"),
};

// Parameters that, without a tab, meant the Projects screen when it lived at /admin.
const OLD_PROJECT_PARAMS = ["edit", "delete"];

/**
 * Where an old `/admin?tab=…&edit=…` or `/admin?edit=N` link now lives (bookmarks, mails
 * already sent, the owner's habits), with its other parameters kept; null when the URL is
 * none of those (the dashboard itself).
 */
export function redirectForOldTab(url: URL): string | null {
  const tab = url.searchParams.get("tab");
  if (tab === null && !OLD_PROJECT_PARAMS.some((p) => url.searchParams.has(p))) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("tab");
  const query = rest.toString();
  const to = tab !== null && Object.hasOwn(OLD_TABS, tab) ? OLD_TABS[tab] : href("/admin/projects");
  return `${to}${query ? `?${query}` : ""}`;
}
