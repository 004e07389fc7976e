/**
 * The service and area pages, listed once. app/routes.ts makes a route of each (path and
 * id from here); the header, footer, sitemap, quote form and the pages' copy read the same
 * list, so a slug is written in one place. Plain data without imports: routes.ts is
 * evaluated by the React Router Vite plugin at build time (decision 0042).
 */

export const SERVICES = [
  {
    slug: "residential-framing-wichita",
    id: "service-residential-framing",
    name: "Residential Framing",
    title: "Residential Framing in Wichita, KS",
  },
  {
    slug: "residential-roofing-wichita",
    id: "service-residential-roofing",
    name: "Residential Roofing",
    title: "Residential Roofing in Wichita, KS",
  },
  {
    slug: "roof-repairs-wichita",
    id: "service-roof-repairs",
    name: "Roof Repairs",
    title: "Roof Repairs in Wichita, KS",
  },
  {
    slug: "gutter-services-wichita",
    id: "service-gutter-services",
    name: "Gutter Services",
    title: "Gutter Services in Wichita, KS",
  },
  {
    slug: "bright-green-roof-treatment-wichita",
    id: "service-bright-green",
    name: "Bright Green Treatment",
    title: "Bright Green Roof Treatment in Wichita, KS",
  },
  {
    slug: "structural-repairs-wichita",
    id: "service-structural-repairs",
    name: "Structural Repairs",
    title: "Structural Repairs in Wichita, KS",
  },
  {
    slug: "new-construction-framing-wichita",
    id: "service-new-construction",
    name: "New Construction",
    title: "New Construction Framing in Wichita, KS",
  },
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

// The route paths as app/routes.ts declares them (no leading slash). Links go through
// servicePath/areaPath (content/site.ts), which hand these to href().
export const serviceRoutePath = <S extends ServiceSlug>(slug: S) => `services/${slug}` as const;
export const areaRoutePath = <A extends AreaSlug>(slug: A) => `${slug}-framing-roofing-services` as const;
export const areaRouteId = (slug: AreaSlug) => `area-${slug}`;
