import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { AREAS, areaRouteId, areaRoutePath, SERVICES, serviceRoutePath } from "./lib/landing-pages";

// The whole site map. Service and area pages share one module each; their ids tell
// them apart and their loaders read the copy for their own path.
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("portfolio", "routes/portfolio.tsx"),
    route("portfolio/:id", "routes/portfolio-project.tsx"),
    route("testimonials", "routes/testimonial-list.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("proposal/:token", "routes/proposal.tsx"),
    route("review/:token", "routes/review.tsx"),
    // The homeowner's page of a job: opened by a private link, like a proposal.
    route("job/:token", "routes/job.tsx"),

    // One route per service and area page, from the one list (decision 0042).
    ...SERVICES.map((s) => route(serviceRoutePath(s.slug), "routes/service-or-area-page.tsx", { id: s.id })),
    ...AREAS.map((a) => route(areaRoutePath(a.slug), "routes/service-or-area-page.tsx", { id: areaRouteId(a.slug) })),

    route("*", "routes/not-found.tsx"),
  ]),

  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  // Reached without a session: the second step of a sign-in, a forgotten
  // password, an invitation accepted.
  route("admin/login/code", "routes/admin/login-code.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password/:token", "routes/admin/reset-password.tsx"),
  route("admin/invitation/:token", "routes/admin/invitation.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/projects", "routes/admin/project-list.tsx", { id: "admin-projects" }),
    route("admin/projects/:category", "routes/admin/project-list.tsx", { id: "admin-projects-category" }),
    route("admin/images", "routes/admin/image-library.tsx"),
    route("admin/contact", "routes/admin/contact.tsx"),
    route("admin/testimonials", "routes/admin/testimonial-list.tsx"),
    route("admin/roof-measurement", "routes/admin/roof-measurement.tsx"),
    route("admin/pricing", "routes/admin/pricing.tsx"),
    route("admin/site/pictures", "routes/admin/site-pictures.tsx"),
    route("admin/site/words", "routes/admin/site-words.tsx"),
    route("admin/go-live", "routes/admin/go-live.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    route("admin/account/two-step", "routes/admin/two-step.tsx"),
    route("admin/team", "routes/admin/team.tsx"),
    route("admin/backups", "routes/admin/backups.tsx"),
    route("admin/backups/restore", "routes/admin/backup-restore.tsx"),
    route("admin/leads", "routes/admin/lead-list.tsx"),
    route("admin/leads/new", "routes/admin/new-lead.tsx"),
    route("admin/leads/pipeline", "routes/admin/pipeline.tsx"),
    route("admin/leads/:id", "routes/admin/lead.tsx"),
    // The lead page's schedule, photos, invoices, payments and homeowner's link post here.
    route("admin/leads/:id/visits", "routes/admin/lead-visits.tsx"),
    route("admin/leads/:id/photos", "routes/admin/lead-job-photos.tsx"),
    route("admin/leads/:id/invoices", "routes/admin/lead-invoices.tsx"),
    route("admin/leads/:id/payments", "routes/admin/lead-payments.tsx"),
    route("admin/leads/:id/job-page-link", "routes/admin/lead-job-page-link.tsx"),
    // A note a phone kept without signal, sent by its queue (decision 0099).
    route("admin/leads/:id/notes", "routes/admin/lead-job-notes.tsx"),
    // Staff's texts to the homeowner, from the lead page's Texts section.
    route("admin/leads/:id/texts", "routes/admin/lead-texts.tsx"),
    // The lead's insurance claim: its details, supplements and files (decision 0109).
    route("admin/leads/:id/claim", "routes/admin/lead-claim.tsx"),
    route("admin/schedule", "routes/admin/schedule.tsx"),
    route("admin/reports", "routes/admin/reports.tsx"),
    route("admin/reports/money", "routes/admin/reports-money.tsx"),
    route("admin/my-day", "routes/admin/my-day.tsx"),
    // "On my way" from a visit's card on My day: a text to the homeowner.
    route("admin/visits/:id/on-my-way", "routes/admin/visit-on-my-way.tsx"),
    // The owner's files for the accountant (QuickBooks Online) and the sales summary.
    route("admin/reports/accountant", "routes/admin/accountant-export.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),

  route("contact/send", "routes/resources/contact-send.ts"),
  route("portfolio/:id/description", "routes/resources/project-description.ts"),
  route("admin/images/upload", "routes/resources/image-upload.ts"),
  route("admin/leads/export.csv", "routes/resources/leads-csv.ts"),
  route("admin/backups/:name.tar.gz", "routes/resources/backup-download.ts"),
  route("admin/export.zip", "routes/resources/export-zip.ts"),
  route("admin/reports/accountant/:file.csv", "routes/resources/accountant-file.ts"),
  route("admin/roof-measurement/:id/measurements.csv", "routes/resources/roof-csv.ts"),
  route("admin/leads/:id/proposals/:pid.pdf", "routes/resources/admin-proposal-pdf.ts"),
  route("proposal/:token/proposal.pdf", "routes/resources/proposal-pdf.ts"),
  route("admin/leads/:id/invoices/:iid.pdf", "routes/resources/admin-invoice-pdf.ts"),
  route("admin/leads/:id/completion-certificate.pdf", "routes/resources/completion-certificate.ts"),
  route("job/:token/proposal.pdf", "routes/resources/job-proposal-pdf.ts"),
  route("job/:token/invoices/:iid.pdf", "routes/resources/job-invoice-pdf.ts"),
  route("job/:token/invoices/:iid/pay", "routes/resources/job-invoice-pay.ts"),
  route("job/:token/photos/:name", "routes/resources/job-page-photo.ts"),
  route("stripe/webhook", "routes/resources/stripe-webhook.ts"),
  // Twilio's webhooks: texts to the business's number, and what became of the texts sent.
  route("webhooks/twilio/sms", "routes/resources/twilio-sms.ts"),
  route("webhooks/twilio/status", "routes/resources/twilio-status.ts"),
  // A person's own visits for their phone's calendar, by a private link (no session).
  route("calendar/:token.ics", "routes/resources/calendar-feed.ts"),
  route("admin/roof-measurement/:id/report.pdf", "routes/resources/roof-report.ts"),
  route("admin/roof-measurement/images/:name", "routes/resources/private-image.ts", { id: "roof-image" }),
  route("admin/leads/photos/:name", "routes/resources/private-image.ts", { id: "lead-photo" }),
  route("admin/leads/:id/claim/files/:fileId", "routes/resources/claim-file.ts"),
  // The lead pages' addresses before decision 0036, linked from mails already sent: moved for good.
  route("admin/messages/*", "routes/admin/moved-leads.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  // The admin installed on a phone (its service worker is /sw.js, a built file).
  route("app.webmanifest", "routes/resources/web-manifest.ts"),
] satisfies RouteConfig;
