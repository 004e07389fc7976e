/**
 * Whether a path is the admin's (its pages, their `.data`, its resources): the one rule
 * for what is never cached, never gets the public stylesheet and always gets no-store.
 */
export function isAdminPath(pathname: string): boolean {
  return /^\/admin(?:\/|$|\.data)/.test(pathname);
}

/**
 * The spec's six tabs of the admin's Projects screen; each is a route of its own. `tab` is
 * the name the section had in the old `/admin?tab=…` links.
 */
export const ADMIN_SECTION_TABS = [
  { tab: "all", to: "/admin", label: "All Projects" },
  { tab: "framing", to: "/admin/projects/framing", label: "Framing" },
  { tab: "roofing", to: "/admin/projects/roofing", label: "Roofing" },
  { tab: "bright-green", to: "/admin/projects/bright-green", label: "Bright Green" },
  { tab: "images", to: "/admin/images", label: "Images" },
  { tab: "contact", to: "/admin/contact", label: "Contact" },
] as const;

/**
 * Where an old `/admin?tab=…&edit=…` link now lives (bookmarks, the owner's habits), with
 * its other parameters kept; null when the URL has no `tab`.
 */
export function redirectForOldTab(url: URL): string | null {
  const tab = url.searchParams.get("tab");
  if (tab === null) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("tab");
  const query = rest.toString();
  const to = ADMIN_SECTION_TABS.find((t) => t.tab === tab)?.to ?? "/admin";
  return `${to}${query ? `?${query}` : ""}`;
}
