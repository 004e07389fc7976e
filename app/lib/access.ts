import { href } from "react-router";
import { ROLE_LABELS, ROLES, type Role } from "./roles";
import { AREAS, areaRouteId, SERVICES } from "./landing-pages";
// Types only: each route's post table is keyed by the intents its forms' own modules
// define, so the table can neither miss a form nor name one that is not there (and this
// module, which the browser loads, pulls in none of their schemas).
import type { ACCOUNT_INTENTS } from "./account-forms";
import type { BACKUP_INTENTS } from "./backup-plan";
import type { RESTORE_INTENT } from "./backup-restore";
import type { OFFSITE_INTENTS } from "./offsite";
import type { SAVE_CONTACT_PAGE_INTENT } from "./contact-page";
import type { GO_LIVE_INTENTS } from "./go-live";
import type { CLAIM_INTENTS } from "./insurance-claim";
import type { INVOICE_INTENTS, PAYMENT_INTENTS } from "./invoice";
import type { NEW_JOB_PAGE_LINK_INTENT, REVOKE_JOB_PAGE_LINKS_INTENT } from "./job-page";
import type { ADD_PHOTOS_INTENT, JobPhotoRowIntent } from "./job-photos";
import type { LeadIntent } from "./lead-forms";
import type { LEAD_LIST_INTENTS } from "./lead-paging";
import type { SEND_TEXT_INTENT } from "./lead-texts";
import type { MAPS_SETTINGS_INTENTS } from "./maps-settings-form";
import type { PROJECT_INTENTS } from "./project-form";
import type { ROOF_CUSTOMER_INTENTS } from "./roof-customer-form";
import type { SiteMediaIntent } from "./site-media";
import type { WORDS_INTENTS } from "./site-words";
import type { TEAM_INTENTS } from "./team-forms";
import type { TESTIMONIAL_INTENTS } from "./testimonial-form";
import type { TWO_STEP_INTENTS } from "./two-step-forms";
import type { IMAGE_LIBRARY_INTENTS } from "./upload-rules";
import type { ADD_VISIT_INTENT, CANCEL_VISIT_INTENT, MOVE_VISIT_INTENT, VISIT_LENGTHS_INTENT } from "./visit-form";

// Who may do what (decision 0048): one entry per route id of app/routes.ts. A
// route reached without a session is "public" (the site) or "anonymous" (signing in,
// resetting a password, accepting an invitation); an admin route names the roles that may
// load it (GET) and post to it, per intent where its forms differ. services/access.server.ts
// enforces it; tests/integration/role-matrix.test.ts walks every route against it.

export type Roles = readonly Role[];

/** The key of a form that names no intent (the page's one save). */
export const NO_INTENT = "";

export type AdminAccess = {
  kind: "admin";
  /** Who may load the page (or fetch the file). */
  get: Roles;
  /** Who may post, per intent (NO_INTENT for a form without one); absent: the route takes no posts. */
  post?: Readonly<Record<string, Roles>>;
  /** A resource route: answers a plain 401/403, not a page. */
  resource?: true;
};
export type Access = { kind: "public" } | { kind: "anonymous" } | AdminAccess;

const ALL: Roles = ROLES;
const OWNER: Roles = ["owner"];
const OFFICE: Roles = ["owner", "office"];

/** The values of an intents object (`{ invite: "invite", … }`). */
export type IntentOf<T> = T[keyof T];

/** Whether a posted value is one of an intents object's values: narrows it for an action's `switch`. */
export function isIntentOf<T extends Readonly<Record<string, string>>>(
  intents: T,
  value: unknown,
): value is IntentOf<T> {
  return typeof value === "string" && Object.values(intents).includes(value);
}
/** A post table that names exactly the intents `I`: one entry each, no other. */
type PostsFor<I extends string> = Readonly<Record<I, Roles>>;

const PUBLIC = { kind: "public" } as const;
const ANONYMOUS = { kind: "anonymous" } as const;

// The lead page's forms (lib/lead-forms.ts): money and the customer's mail are the office's;
// the crew may move a lead along, measure the roof and finish the job.
const LEAD_POSTS = {
  lead: ALL,
  measure: ALL,
  complete: ALL,
  // Owner and office give a lead to anyone; the crew only takes a free one or gives back
  // their own (lib/lead-assignment.ts mayAssign, checked against the row: decision 0053).
  assign: ALL,
  "make-estimate": OFFICE,
  "save-estimate": OFFICE,
  "leave-out-materials": OFFICE,
  "send-proposal": OFFICE,
  "email-proposal": OFFICE,
  reopen: OFFICE,
  "ask-review": OFFICE,
  "add-to-portfolio": OFFICE,
} as const satisfies PostsFor<LeadIntent>;

// The Projects screen: the office writes drafts, the owner puts them on the site (and
// edits or removes what is there: services/access.server.ts checks the row for a save).
const PROJECT_POSTS = {
  "save-project": OFFICE,
  publish: OWNER,
  unpublish: OWNER,
  "delete-project": OWNER,
} as const satisfies PostsFor<IntentOf<typeof PROJECT_INTENTS>>;

const ADMIN_ACCESS = {
  "routes/admin/layout": { kind: "admin", get: ALL },
  "routes/admin/dashboard": { kind: "admin", get: ALL },
  "admin-projects": { kind: "admin", get: OFFICE, post: PROJECT_POSTS },
  "admin-projects-category": { kind: "admin", get: OFFICE, post: PROJECT_POSTS },
  // The picture library feeds the public site; the crew's photos are the leads' own.
  "routes/admin/image-library": {
    kind: "admin",
    get: OFFICE,
    post: {
      "upload-image": OFFICE,
      "save-alt": OFFICE,
      "delete-image": OWNER,
    } satisfies PostsFor<IntentOf<typeof IMAGE_LIBRARY_INTENTS>>,
  },
  "routes/admin/contact": {
    kind: "admin",
    get: OWNER,
    post: { "save-contact-page": OWNER } satisfies PostsFor<typeof SAVE_CONTACT_PAGE_INTENT>,
  },
  // A review is the office's to tidy while pending; approving (publishing) and deleting are the owner's.
  "routes/admin/testimonial-list": {
    kind: "admin",
    get: OFFICE,
    post: { [NO_INTENT]: OFFICE, approve: OWNER, delete: OWNER } satisfies PostsFor<
      typeof NO_INTENT | IntentOf<typeof TESTIMONIAL_INTENTS>
    >,
  },
  // The crew measures on site the roofs of the leads they may see (decision 0098): tracing,
  // saving the measurements, the side view's photo, the PDF and CSV (no money in any of
  // them), and a roof started here (its new lead is theirs). Deleting a customer throws
  // away the office's work; the maps key is the owner's bill.
  "routes/admin/roof-measurement": {
    kind: "admin",
    get: ALL,
    post: {
      [NO_INTENT]: ALL,
      calculate: ALL,
      save: ALL,
      "delete-customer": OFFICE,
      "save-maps-key": OWNER,
      "clear-maps-key": OWNER,
      "save-publisher-tag": OWNER,
    } satisfies PostsFor<
      typeof NO_INTENT | IntentOf<typeof ROOF_CUSTOMER_INTENTS> | IntentOf<typeof MAPS_SETTINGS_INTENTS>
    >,
  },
  "routes/admin/pricing": { kind: "admin", get: OWNER, post: { [NO_INTENT]: OWNER } },
  "routes/admin/site-pictures": {
    kind: "admin",
    get: OWNER,
    post: { "save-picture": OWNER, "save-video": OWNER, reset: OWNER } satisfies PostsFor<SiteMediaIntent>,
  },
  "routes/admin/site-words": {
    kind: "admin",
    get: OWNER,
    post: {
      "save-page-words": OWNER,
      "save-about": OWNER,
      "save-trust-facts": OWNER,
    } satisfies PostsFor<IntentOf<typeof WORDS_INTENTS>>,
  },
  "routes/admin/go-live": {
    kind: "admin",
    get: OWNER,
    post: {
      "remove-demo": OWNER,
      "confirm-item": OWNER,
      "unconfirm-item": OWNER,
    } satisfies PostsFor<IntentOf<typeof GO_LIVE_INTENTS>>,
  },
  // Everyone's own account: name, password, email, devices, two-step, their calendar feed.
  "routes/admin/account": {
    kind: "admin",
    get: ALL,
    post: {
      "change-name": ALL,
      "change-password": ALL,
      "change-email": ALL,
      "sign-out-device": ALL,
      "sign-out-others": ALL,
      "new-calendar-feed": ALL,
      "turn-off-calendar-feed": ALL,
    } satisfies PostsFor<IntentOf<typeof ACCOUNT_INTENTS>>,
  },
  "routes/admin/two-step": {
    kind: "admin",
    get: ALL,
    post: { enable: ALL, disable: ALL, "new-codes": ALL } satisfies PostsFor<IntentOf<typeof TWO_STEP_INTENTS>>,
  },
  // Backups hold every customer record and setting: the owner's alone.
  "routes/admin/backups": {
    kind: "admin",
    get: OWNER,
    post: {
      "backup-now": OWNER,
      "save-backup-hour": OWNER,
      "save-offsite": OWNER,
      "check-offsite": OWNER,
      "turn-offsite-off": OWNER,
    } satisfies PostsFor<IntentOf<typeof BACKUP_INTENTS> | IntentOf<typeof OFFSITE_INTENTS>>,
  },
  "routes/admin/backup-restore": {
    kind: "admin",
    get: OWNER,
    post: { "restore-backup": OWNER } satisfies PostsFor<typeof RESTORE_INTENT>,
  },
  "routes/admin/team": {
    kind: "admin",
    get: OWNER,
    post: {
      invite: OWNER,
      "resend-invitation": OWNER,
      "withdraw-invitation": OWNER,
      "change-role": OWNER,
      "remove-member": OWNER,
      "send-password-reset": OWNER,
      "turn-off-two-step": OWNER,
    } satisfies PostsFor<IntentOf<typeof TEAM_INTENTS>>,
  },
  // The crew reaches only their own leads and the open ones nobody has (decision 0053).
  "routes/admin/lead-list": {
    kind: "admin",
    get: ALL,
    post: {
      read: ALL,
      unread: ALL,
      archive: OFFICE,
      unarchive: OFFICE,
      resend: OFFICE,
    } satisfies PostsFor<IntentOf<typeof LEAD_LIST_INTENTS>>,
  },
  "routes/admin/new-lead": { kind: "admin", get: ALL, post: { [NO_INTENT]: ALL } },
  "routes/admin/pipeline": { kind: "admin", get: ALL },
  // The owner's numbers: the office reads the leads' counts and times, without the money.
  "routes/admin/reports": { kind: "admin", get: OFFICE },
  // Billed, collected, owed and receivables by age: dollars only (seesBusinessNumbers).
  "routes/admin/reports-money": { kind: "admin", get: OWNER },
  "routes/admin/lead": { kind: "admin", get: ALL, post: LEAD_POSTS },
  "routes/admin/not-found": { kind: "admin", get: ALL },
  // Everyone sees the schedule (the crew's own day first); booking and moving are
  // the office's. Invoices and payments are money: never the crew's (decision 0048).
  // How long each kind of visit usually takes is the owner's setting.
  // Everyone's own visits: the crew's phone page first of all.
  "routes/admin/my-day": { kind: "admin", get: ALL },
  // "On my way" from a visit's card: anyone may post; the service lets through the visit's
  // own person and the owner or office (checked against the row, like a crew member's lead).
  "routes/admin/visit-on-my-way": { kind: "admin", get: ALL, post: { [NO_INTENT]: ALL } },
  "routes/admin/schedule": {
    kind: "admin",
    get: ALL,
    post: { "visit-lengths": OWNER } satisfies PostsFor<typeof VISIT_LENGTHS_INTENT>,
  },
  "routes/admin/lead-visits": {
    kind: "admin",
    get: ALL,
    post: { "add-visit": OFFICE, "move-visit": OFFICE, "cancel-visit": OFFICE } satisfies PostsFor<
      typeof ADD_VISIT_INTENT | typeof MOVE_VISIT_INTENT | typeof CANCEL_VISIT_INTENT
    >,
  },
  // Everyone who may see the lead adds photos of the job; what the homeowner sees is the
  // office's to choose. Deleting is the office's, or the photo of whoever took it (checked
  // against the row, like a crew member's own lead).
  // A note alone, from a phone's queue: everyone who may see the lead writes notes.
  "routes/admin/lead-job-notes": { kind: "admin", get: ALL, post: { [NO_INTENT]: ALL } },
  "routes/admin/lead-job-photos": {
    kind: "admin",
    get: ALL,
    post: {
      [NO_INTENT]: ALL,
      "share-photo": OFFICE,
      "unshare-photo": OFFICE,
      "delete-photo": ALL,
    } satisfies PostsFor<typeof ADD_PHOTOS_INTENT | JobPhotoRowIntent>,
  },
  // A lead's texts: everyone who may see the lead reads the conversation (the crew on site
  // needs what the homeowner said), but a text speaks for the company to the homeowner, as a
  // mail does: owner and office write them. ("On my way" is the crew's, from the visit card.)
  "routes/admin/lead-texts": {
    kind: "admin",
    get: ALL,
    post: { "send-text": OFFICE } satisfies PostsFor<typeof SEND_TEXT_INTENT>,
  },
  // A lead's insurance claim (decision 0109): everyone who may see the lead reads the carrier,
  // the claim and the adjuster (the crew meets him on the roof), never its money; the claim,
  // its supplements and its files are the office's to write.
  "routes/admin/lead-claim": {
    kind: "admin",
    get: ALL,
    post: {
      "save-claim": OFFICE,
      "remove-claim": OFFICE,
      "add-supplement": OFFICE,
      "decide-supplement": OFFICE,
      "add-claim-file": OFFICE,
      "delete-claim-file": OFFICE,
    } satisfies PostsFor<IntentOf<typeof CLAIM_INTENTS>>,
  },
  "routes/admin/lead-invoices": {
    kind: "admin",
    get: OFFICE,
    post: {
      "create-invoice": OFFICE,
      "create-claim-bill": OFFICE,
      "save-invoice": OFFICE,
      "send-invoice": OFFICE,
      "delete-draft": OFFICE,
      "void-invoice": OWNER,
      "pause-reminders": OFFICE,
    } satisfies PostsFor<(typeof INVOICE_INTENTS)[number]>,
  },
  "routes/admin/lead-payments": {
    kind: "admin",
    get: OFFICE,
    // A refund is money leaving the business, like a void: the owner's, so the one who took
    // the money is not also the one who says it went back (decision 0105).
    post: { "record-payment": OFFICE, "refund-payment": OWNER } satisfies PostsFor<(typeof PAYMENT_INTENTS)[number]>,
  },
  "routes/admin/lead-job-page-link": {
    kind: "admin",
    get: OFFICE,
    post: { "new-job-page-link": OFFICE, "revoke-job-page-links": OFFICE } satisfies PostsFor<
      typeof NEW_JOB_PAGE_LINK_INTENT | typeof REVOKE_JOB_PAGE_LINKS_INTENT
    >,
  },

  // The books: the accountant's files and the sales summary are the owner's.
  "routes/admin/accountant-export": { kind: "admin", get: OWNER },
  "routes/resources/accountant-file": { kind: "admin", get: OWNER, resource: true },

  "routes/resources/image-upload": { kind: "admin", get: OFFICE, post: { [NO_INTENT]: OFFICE }, resource: true },
  "routes/resources/backup-download": { kind: "admin", get: OWNER, resource: true },
  "routes/resources/export-zip": { kind: "admin", get: OWNER, resource: true },
  "routes/resources/leads-csv": { kind: "admin", get: OFFICE, resource: true },
  "routes/resources/roof-csv": { kind: "admin", get: ALL, resource: true },
  "routes/resources/admin-proposal-pdf": { kind: "admin", get: OFFICE, resource: true },
  "routes/resources/admin-invoice-pdf": { kind: "admin", get: OFFICE, resource: true },
  // An insurance claim's completion certificate for the carrier: the claim's paper, office and owner.
  "routes/resources/completion-certificate": { kind: "admin", get: OFFICE, resource: true },
  "routes/resources/roof-report": { kind: "admin", get: ALL, resource: true },
  "roof-image": { kind: "admin", get: ALL, resource: true },
  "lead-photo": { kind: "admin", get: ALL, resource: true },
  // A claim's file: the crew opens the scope and the photos of the leads they may see, not other documents.
  "routes/resources/claim-file": { kind: "admin", get: ALL, resource: true },
} as const satisfies Record<string, AdminAccess>;

export type AdminRouteId = keyof typeof ADMIN_ACCESS;

/** Every route of app/routes.ts, by id. */
export const ACCESS: Readonly<Record<string, Access>> = {
  "routes/public-layout": PUBLIC,
  "routes/home": PUBLIC,
  "routes/about": PUBLIC,
  "routes/portfolio": PUBLIC,
  "routes/portfolio-project": PUBLIC,
  "routes/testimonial-list": PUBLIC,
  "routes/contact": PUBLIC,
  "routes/privacy": PUBLIC,
  "routes/terms": PUBLIC,
  "routes/proposal": PUBLIC,
  "routes/review": PUBLIC,
  "routes/job": PUBLIC,
  "routes/resources/job-proposal-pdf": PUBLIC,
  "routes/resources/job-invoice-pdf": PUBLIC,
  "routes/resources/job-invoice-pay": PUBLIC,
  // A photo the office shared, by the job page's token.
  "routes/resources/job-page-photo": PUBLIC,
  "routes/resources/stripe-webhook": PUBLIC,
  "routes/resources/twilio-sms": PUBLIC,
  "routes/resources/twilio-status": PUBLIC,
  // A person's visits for their phone's calendar: no session, the private token is the key.
  "routes/resources/calendar-feed": PUBLIC,
  ...Object.fromEntries(SERVICES.map((s) => [s.id, PUBLIC])),
  ...Object.fromEntries(AREAS.map((a) => [areaRouteId(a.slug), PUBLIC])),
  "routes/not-found": PUBLIC,
  "routes/resources/contact-send": PUBLIC,
  "routes/resources/project-description": PUBLIC,
  "routes/resources/proposal-pdf": PUBLIC,
  "routes/resources/healthz": PUBLIC,
  "routes/resources/sitemap": PUBLIC,
  "routes/resources/robots": PUBLIC,
  // Asked for by the browser without cookies; it names no one and nothing private.
  "routes/resources/web-manifest": PUBLIC,
  // Old lead addresses: a redirect before any sign-in check; the new address checks.
  "routes/admin/moved-leads": PUBLIC,

  "routes/admin/login": ANONYMOUS,
  "routes/admin/logout": ANONYMOUS,
  "routes/admin/login-code": ANONYMOUS,
  "routes/admin/forgot-password": ANONYMOUS,
  "routes/admin/reset-password": ANONYMOUS,
  "routes/admin/invitation": ANONYMOUS,
  ...ADMIN_ACCESS,
};

/** The admin entry of a route id (typed, so a module cannot name a route that is not there). */
export function adminAccess(routeId: AdminRouteId): AdminAccess {
  return ADMIN_ACCESS[routeId];
}

/**
 * The roles that may make this request of an admin route: the GET list for a load; for a
 * post, its intent's (a form without one is NO_INTENT). An intent the route does not list
 * needs the route's GET roles: the route itself then refuses it as a bad request.
 * `intent` undefined asks who may post at all (any of its intents).
 */
export function rolesFor(access: AdminAccess, method: string, intent?: string | null): Roles {
  if (method === "GET" || method === "HEAD") return access.get;
  const posts = access.post ?? {};
  if (intent === undefined) return ROLES.filter((r) => Object.values(posts).some((roles) => roles.includes(r)));
  // The intent is whatever was posted: only the table's own keys count, so a name such as
  // "__proto__" or "constructor" never reaches Object.prototype.
  const key = intent ?? NO_INTENT;
  return Object.hasOwn(posts, key) ? posts[key] : access.get;
}

/** What a forbidden page says: who the page is for, in plain words. */
export function forbiddenText(roles: Roles): { title: string; message: string } {
  const names = roles.map((r) => ROLE_LABELS[r].toLowerCase());
  const who =
    names.length === 1 ? `the ${names[0]}` : `the ${names.slice(0, -1).join(", ")} or the ${names[names.length - 1]}`;
  return {
    title: `This is for ${who}`,
    message: `Your account cannot open this page or make this change: it is for ${who}. Ask the owner to do it, or to change your role on the Team screen.`,
  };
}

/** A 403's data as requireRole throws it: `{ forbidden: true, roles }`. */
export function isForbidden(value: unknown): value is { forbidden: true; roles: Roles } {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { forbidden?: unknown; roles?: unknown };
  return (
    v.forbidden === true && Array.isArray(v.roles) && v.roles.every((r) => (ROLES as readonly unknown[]).includes(r))
  );
}

/** Whether a role may load a route. */
export function mayLoad(role: Role, routeId: AdminRouteId): boolean {
  return ADMIN_ACCESS[routeId].get.includes(role);
}

/** The intents a route's post table names (its forms'), or never for a route that takes no posts. */
export type PostIntent<R extends AdminRouteId> = (typeof ADMIN_ACCESS)[R] extends { post: infer P }
  ? keyof P & string
  : never;

/** Whether a role may post this intent to a route (the page hides the forms it may not). */
export function mayPost<R extends AdminRouteId>(role: Role, routeId: R, intent: PostIntent<R>): boolean {
  return rolesFor(ADMIN_ACCESS[routeId], "POST", intent).includes(role);
}

// The admin header's sections (lib/admin-sections.ts), by the route each opens.
const SECTION_ROUTES: Readonly<Record<string, AdminRouteId>> = {
  [href("/admin")]: "routes/admin/dashboard",
  [href("/admin/leads")]: "routes/admin/lead-list",
  [href("/admin/leads/pipeline")]: "routes/admin/pipeline",
  [href("/admin/reports")]: "routes/admin/reports",
  [href("/admin/reports/accountant")]: "routes/admin/accountant-export",
  [href("/admin/reports/money")]: "routes/admin/reports-money",
  [href("/admin/projects")]: "admin-projects",
  [href("/admin/images")]: "routes/admin/image-library",
  [href("/admin/testimonials")]: "routes/admin/testimonial-list",
  [href("/admin/site/pictures")]: "routes/admin/site-pictures",
  [href("/admin/site/words")]: "routes/admin/site-words",
  [href("/admin/contact")]: "routes/admin/contact",
  [href("/admin/roof-measurement")]: "routes/admin/roof-measurement",
  [href("/admin/pricing")]: "routes/admin/pricing",
  [href("/admin/go-live")]: "routes/admin/go-live",
  [href("/admin/team")]: "routes/admin/team",
  [href("/admin/backups")]: "routes/admin/backups",
  [href("/admin/account")]: "routes/admin/account",
};

/** Whether a role may open a header section's page (`to`, as lib/admin-sections.ts lists it): the header hides the rest. */
export function mayOpen(role: Role, to: string): boolean {
  const routeId = SECTION_ROUTES[to];
  return routeId === undefined || mayLoad(role, routeId);
}

/** Whether a role may see money: prices, estimates, proposal amounts, the pipeline's totals. */
export const seesMoney = (role: Role) => role !== "crew";

/**
 * Whether a role may see how the business does in dollars: the reports' revenue, job values and
 * receivables, and the accountant's files. The owner's alone; the office reads the reports' counts.
 */
export const seesBusinessNumbers = (role: Role) => role === "owner";
