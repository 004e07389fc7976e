import { href } from "react-router";
import {
  AREAS,
  areaRoutePath,
  SERVICES,
  serviceRoutePath,
  type AreaSlug,
  type ServiceSlug,
} from "../lib/landing-pages";

/** The public site map: the header, footer, sitemap and route tests all read these lists. */

export type NavLink = { name: string; href: string };

/** A service or area page's URL, checked by href() against the routes that list generates. */
export const servicePath = (slug: ServiceSlug) => href(`/${serviceRoutePath(slug)}`);
export const areaPath = (slug: AreaSlug) => href(`/${areaRoutePath(slug)}`);

export const SERVICE_LINKS: NavLink[] = SERVICES.map((s) => ({ name: s.name, href: servicePath(s.slug) }));
export const AREA_LINKS: NavLink[] = AREAS.map((a) => ({ name: a.name, href: areaPath(a.slug) }));

export type NavEntry = NavLink & { dropdown?: NavLink[] };

/** Header order is the spec's: Service Areas has no page of its own (href ""). */
export const MAIN_NAV: NavEntry[] = [
  { name: "Home", href: href("/") },
  { name: "About", href: href("/about") },
  { name: "Services", href: `${href("/")}#services`, dropdown: SERVICE_LINKS },
  { name: "Bright Green", href: `${href("/")}#bright-green` },
  { name: "Portfolio", href: href("/portfolio") },
  { name: "Service Areas", href: "", dropdown: AREA_LINKS },
  { name: "Testimonials", href: href("/testimonials") },
  { name: "Contact", href: href("/contact") },
];

export const QUICK_LINKS: NavLink[] = [
  { name: "Home", href: `${href("/")}#home` },
  { name: "About", href: `${href("/")}#about` },
  { name: "Services", href: `${href("/")}#services` },
  { name: "Bright Green", href: `${href("/")}#bright-green` },
  { name: "Portfolio", href: `${href("/")}#portfolio` },
  { name: "Testimonials", href: `${href("/")}#testimonials` },
  { name: "Contact", href: `${href("/")}#contact` },
];

export const PUBLIC_PAGES = [
  { path: href("/"), title: "Framing, Roofing & Gutters in Wichita and Wellington, KS" },
  { path: href("/about"), title: "About Us" },
  { path: href("/portfolio"), title: "Our Work" },
  { path: href("/testimonials"), title: "What Our Customers Say" },
  { path: href("/contact"), title: "Contact Us" },
] as const;
