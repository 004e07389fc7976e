import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The whole site map. Service and area pages share one module each; their ids tell
// them apart and their loaders read the copy for their own path.
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("portfolio", "routes/portfolio.tsx"),
    route("portfolio/:id", "routes/portfolio-project.tsx"),
    route("testimonials", "routes/testimonials.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("proposal/:token", "routes/proposal.tsx"),
    route("review/:token", "routes/review.tsx"),

    route("services/residential-framing-wichita", "routes/landing-page.tsx", { id: "service-residential-framing" }),
    route("services/residential-roofing-wichita", "routes/landing-page.tsx", { id: "service-residential-roofing" }),
    route("services/roof-repairs-wichita", "routes/landing-page.tsx", { id: "service-roof-repairs" }),
    route("services/gutter-services-wichita", "routes/landing-page.tsx", { id: "service-gutter-services" }),
    route("services/bright-green-roof-treatment-wichita", "routes/landing-page.tsx", { id: "service-bright-green" }),
    route("services/structural-repairs-wichita", "routes/landing-page.tsx", { id: "service-structural-repairs" }),
    route("services/new-construction-framing-wichita", "routes/landing-page.tsx", { id: "service-new-construction" }),

    route("wichita-framing-roofing-services", "routes/landing-page.tsx", { id: "area-wichita" }),
    route("wellington-framing-roofing-services", "routes/landing-page.tsx", { id: "area-wellington" }),
    route("derby-framing-roofing-services", "routes/landing-page.tsx", { id: "area-derby" }),
    route("andover-framing-roofing-services", "routes/landing-page.tsx", { id: "area-andover" }),
    route("mulvane-framing-roofing-services", "routes/landing-page.tsx", { id: "area-mulvane" }),
    route("haysville-framing-roofing-services", "routes/landing-page.tsx", { id: "area-haysville" }),
    route("park-city-framing-roofing-services", "routes/landing-page.tsx", { id: "area-park-city" }),
    route("newton-framing-roofing-services", "routes/landing-page.tsx", { id: "area-newton" }),
    route("el-dorado-framing-roofing-services", "routes/landing-page.tsx", { id: "area-el-dorado" }),
    route("augusta-framing-roofing-services", "routes/landing-page.tsx", { id: "area-augusta" }),
    route("winfield-framing-roofing-services", "routes/landing-page.tsx", { id: "area-winfield" }),

    route("*", "routes/not-found.tsx"),
  ]),

  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/projects.tsx", { id: "admin-projects" }),
    route("admin/projects/:category", "routes/admin/projects.tsx", { id: "admin-projects-category" }),
    route("admin/images", "routes/admin/images.tsx"),
    route("admin/contact", "routes/admin/contact.tsx"),
    route("admin/testimonials", "routes/admin/testimonials.tsx"),
    route("admin/roof-measurement", "routes/admin/roof-measurement.tsx"),
    route("admin/pricing", "routes/admin/pricing.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/messages/new", "routes/admin/new-lead.tsx"),
    route("admin/messages/pipeline", "routes/admin/pipeline.tsx"),
    route("admin/messages/:id", "routes/admin/message.tsx"),
  ]),

  route("contact/send", "routes/resources/contact-send.ts"),
  route("admin/images/upload", "routes/resources/image-upload.ts"),
  route("admin/messages/export.csv", "routes/resources/messages-csv.ts"),
  route("admin/roof-measurement/:id/measurements.csv", "routes/resources/roof-csv.ts"),
  route("admin/messages/:id/proposals/:pid.pdf", "routes/resources/admin-proposal-pdf.ts"),
  route("proposal/:token/proposal.pdf", "routes/resources/proposal-pdf.ts"),
  route("admin/roof-measurement/:id/report.pdf", "routes/resources/roof-report.ts"),
  route("admin/roof-measurement/images/:name", "routes/resources/private-image.ts", { id: "roof-image" }),
  route("admin/messages/photos/:name", "routes/resources/private-image.ts", { id: "contact-photo" }),
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
] satisfies RouteConfig;
