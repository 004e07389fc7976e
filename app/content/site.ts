/** The public site map: the header, footer, sitemap and route tests all read these lists. */

export type NavLink = { name: string; href: string };

export const SERVICES = [
  { slug: "residential-framing-wichita", name: "Residential Framing", title: "Residential Framing in Wichita, KS" },
  { slug: "residential-roofing-wichita", name: "Residential Roofing", title: "Residential Roofing in Wichita, KS" },
  { slug: "roof-repairs-wichita", name: "Roof Repairs", title: "Roof Repairs in Wichita, KS" },
  { slug: "gutter-services-wichita", name: "Gutter Services", title: "Gutter Services in Wichita, KS" },
  { slug: "bright-green-roof-treatment-wichita", name: "Bright Green Treatment", title: "Bright Green Roof Treatment in Wichita, KS" },
  { slug: "structural-repairs-wichita", name: "Structural Repairs", title: "Structural Repairs in Wichita, KS" },
  { slug: "new-construction-framing-wichita", name: "New Construction", title: "New Construction Framing in Wichita, KS" },
] as const;
export type ServiceSlug = (typeof SERVICES)[number]["slug"];

export const AREAS = [
  { slug: "wichita", name: "Wichita" },
  { slug: "wellington", name: "Wellington" },
  { slug: "derby", name: "Derby" },
  { slug: "andover", name: "Andover" },
  { slug: "mulvane", name: "Mulvane" },
  { slug: "haysville", name: "Haysville" },
  { slug: "park-city", name: "Park City" },
  { slug: "newton", name: "Newton" },
  { slug: "el-dorado", name: "El Dorado" },
  { slug: "augusta", name: "Augusta" },
  { slug: "winfield", name: "Winfield" },
] as const;
export type AreaSlug = (typeof AREAS)[number]["slug"];

export const servicePath = (slug: ServiceSlug) => `/services/${slug}`;
export const areaPath = (slug: AreaSlug) => `/${slug}-framing-roofing-services`;

export const SERVICE_LINKS: NavLink[] = SERVICES.map((s) => ({ name: s.name, href: servicePath(s.slug) }));
export const AREA_LINKS: NavLink[] = AREAS.map((a) => ({ name: a.name, href: areaPath(a.slug) }));

export type NavEntry = NavLink & { dropdown?: NavLink[] };

/** Header order is the spec's: Service Areas has no page of its own (href ""). */
export const MAIN_NAV: NavEntry[] = [
  { name: "Home", href: "/" },
  { name: "About", href: "/about" },
  { name: "Services", href: "/#services", dropdown: SERVICE_LINKS },
  { name: "Bright Green", href: "/#bright-green" },
  { name: "Portfolio", href: "/portfolio" },
  { name: "Service Areas", href: "", dropdown: AREA_LINKS },
  { name: "Testimonials", href: "/testimonials" },
  { name: "Contact", href: "/contact" },
];

export const QUICK_LINKS: NavLink[] = [
  { name: "Home", href: "/#home" },
  { name: "About", href: "/#about" },
  { name: "Services", href: "/#services" },
  { name: "Bright Green", href: "/#bright-green" },
  { name: "Portfolio", href: "/#portfolio" },
  { name: "Testimonials", href: "/#testimonials" },
  { name: "Contact", href: "/#contact" },
];

export const PUBLIC_PAGES = [
  { path: "/", title: "Framing, Roofing & Gutters in Wichita and Wellington, KS" },
  { path: "/about", title: "About Us" },
  { path: "/portfolio", title: "Our Work" },
  { path: "/testimonials", title: "What Our Customers Say" },
  { path: "/contact", title: "Contact Us" },
] as const;
