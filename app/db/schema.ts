import { sql, type SQLWrapper } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LEAD_SOURCES, LEAD_STATUSES, WAITS_FOR_CONTACT } from "../lib/lead-status";
import { MAIL_STATES } from "../lib/mail-retry";
import { CHANNELS, DELIVERY_STATUSES, OUTBOX_KINDS } from "../lib/outbox";
import { ROLES } from "../lib/roles";
import { MEDIA_TYPES, PROJECT_CATEGORIES } from "../lib/project-categories";
import { SHINGLE_TIERS, type EstimateLine } from "../lib/estimate";
import type { TakeoffKey } from "../lib/takeoff";
import { VISIT_KINDS } from "../lib/visit-kinds";
import { JOB_PHOTO_TAGS } from "../lib/job-photo-tags";
import { INVOICE_KINDS, INVOICE_PAYERS, INVOICE_STATES, PAYMENT_METHODS, type InvoiceLine } from "../lib/invoice-kinds";
import { CLAIM_FILE_KINDS, SUPPLEMENT_STATES } from "../lib/claim-kinds";
import { HISTORY_KINDS } from "../lib/history-kinds";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export type { MailState } from "../lib/mail-retry";
export type { MediaType, ProjectCategory } from "../lib/project-categories";

/**
 * A person who signs in: the owner, someone in the office, or crew (lib/roles.ts).
 * A removed person keeps the row, so histories still name them, but cannot sign in.
 */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull().default(""),
    role: text("role", { enum: ROLES }).notNull().default("owner"),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
    // Two-step sign-in: the authenticator app's shared secret, and when it was turned on.
    totpSecret: text("totp_secret"),
    totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  // No CHECK on role: adding one would rebuild the table, and every session with it (decision 0048).
);

/** An invitation to join the team: one-time link valid 7 days, only its hash kept. */
export const invitations = sqliteTable(
  "invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").unique(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    // The account the invitation became, once accepted; or withdrawn by the owner.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_email_idx").on(t.email)],
);

/** A forgotten password's one-time link: 1 hour, one use, only its hash kept. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * A person's calendar feed (their own visits, for their phone's calendar): one private link
 * each, only its token's hash kept. Made again, the row is replaced; turned off, deleted.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});

/** Two-step sign-in's one-time recovery codes: hashes only, each used once. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // A random id: the cookie carries nothing else.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    // What the owner sees in "where you are signed in": the browser's own words and its address.
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** The image library: every uploaded file on disk has exactly one row here. */
export const images = sqliteTable(
  "images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storedName: text("stored_name").notNull().unique(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    alt: text("alt").notNull().default(""),
    // Roof tool photos are customer records, not portfolio material: kept out of the library.
    purpose: text("purpose", { enum: ["library", "roof"] })
      .notNull()
      .default("library"),
    // Seeded demo content (decision 0043): the go-live checklist lists it and removes it, never the owner's own.
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  // The library's pages, newest first, read in order (keyset on created_at, id).
  (t) => [index("images_library_order_idx").on(t.purpose, t.createdAt, t.id)],
);

export const projects = sqliteTable(
  "projects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    category: text("category", { enum: PROJECT_CATEGORIES }).notNull(),
    description: text("description").notNull(),
    mediaType: text("media_type", { enum: MEDIA_TYPES }).notNull().default("image"),
    // For a video item this is its thumbnail.
    imageId: integer("image_id").references(() => images.id, { onDelete: "set null" }),
    // A job's "before" picture, shown beside imageId (its "after") on the project's page.
    beforeImageId: integer("before_image_id").references(() => images.id, { onDelete: "set null" }),
    videoUrl: text("video_url"),
    altText: text("alt_text").notNull().default(""),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    // A draft (a finished job added to the portfolio, not yet looked over) never shows publicly.
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
    // When it was last published ("Published by Kim on Nov 27, 2026"); null on older rows.
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    // The job it shows, and what pages it belongs on: the work (a QUOTE_SERVICES name) and the town.
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    service: text("service"),
    town: text("town"),
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("projects_category_idx").on(t.category, t.sortOrder),
    // The admin list (all, or one category), in the portfolio's order; keyset pages read them in order.
    index("projects_admin_order_idx").on(t.featured, sql`${t.sortOrder} desc`, t.createdAt, t.id),
    index("projects_admin_category_idx").on(t.category, t.featured, sql`${t.sortOrder} desc`, t.createdAt, t.id),
    // The public pages ask only about published work (queries name the term as a literal).
    index("projects_public_order_idx")
      .on(t.category, t.featured, sql`${t.sortOrder} desc`, t.createdAt, t.id)
      .where(sql`${t.published} = 1`),
    index("projects_public_service_idx")
      .on(t.service)
      .where(sql`${t.published} = 1`),
    index("projects_public_town_idx")
      .on(sql`lower(trim(${t.town}))`)
      .where(sql`${t.published} = 1`),
    check("projects_category_check", sql`${t.category} in ('framing', 'roofing', 'bright-green')`),
    check("projects_media_type_check", sql`${t.mediaType} in ('image', 'video')`),
  ],
);

export const testimonials = sqliteTable(
  "testimonials",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    location: text("location"),
    quote: text("quote").notNull(),
    rating: integer("rating").notNull().default(5),
    // A homeowner's review arrives pending and shows on the site only once the owner approves it.
    status: text("status", { enum: ["published", "pending"] })
      .notNull()
      .default("published"),
    approvedBy: integer("approved_by").references(() => users.id, { onDelete: "set null" }),
    // When the owner approved it (updated_at moves on every later edit); null on older rows.
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("testimonials_rating_check", sql`${t.rating} between 1 and 5`),
    // The admin list's order (pending first, newest first), read in order by keyset pages.
    index("testimonials_admin_order_idx").on(t.status, sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
);

/**
 * A request (WAITS_FOR_CONTACT) the team has contacted, or not yet: its sources as literals so
 * an index can hold the test. Its readers name it this way, or SQLite would not see the
 * index's condition in theirs.
 */
const request = (contacted: "is not null" | "is null") => (t: { source: SQLWrapper; firstContactAt: SQLWrapper }) =>
  sql`${t.firstContactAt} ${sql.raw(contacted)} and ${t.source} in (${sql.raw(WAITS_FOR_CONTACT.map((s) => `'${s}'`).join(", "))})`;
export const awaitsFirstContact = request("is null");
export const wasFirstContacted = request("is not null");

/**
 * A lead: a quote request from the website, a phone call written down, or a roof measured
 * for someone (decision 0019; called contact_messages until decision 0036).
 */
export const leads = sqliteTable(
  "leads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    subject: text("subject").notNull().default("Contact Form Submission"),
    // What a quote request says about the job (all optional; older rows have none).
    service: text("service"),
    street: text("street"),
    city: text("city"),
    zip: text("zip"),
    preferredContact: text("preferred_contact", { enum: ["call", "text", "email"] }),
    // The lead's progress (lib/lead-status.ts): where it stands, why it was lost, when to call back (YYYY-MM-DD, Kansas time).
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
    lostReason: text("lost_reason"),
    followUpOn: text("follow_up_on"),
    source: text("source", { enum: LEAD_SOURCES }).notNull().default("website"),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    // A won job's work is done: a review can be asked for, and it can go in the portfolio.
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    // Who on the team looks after it (office and crew see "mine").
    assigneeId: integer("assigned_to").references(() => users.id, { onDelete: "set null" }),
    // When the homeowner agreed to texts (the quote form's box, or staff who asked on the
    // phone); without it nothing is texted (lib/texts.ts). A STOP is kept per number instead.
    textConsentAt: integer("text_consent_at", { mode: "timestamp_ms" }),
    // A text came in that nobody on the team has opened the lead since: the dashboard's "new reply".
    unreadReplyAt: integer("unread_reply_at", { mode: "timestamp_ms" }),
    // Staff paused the overdue reminders for this job (a payment plan, a dispute): none goes until resumed.
    remindersPausedAt: integer("reminders_paused_at", { mode: "timestamp_ms" }),
    // The first contact (lib/lead-report.ts FIRST_CONTACT_KINDS): the earliest such history
    // entry, kept up by the one writer of history (decision 0107); null: none yet.
    firstContactAt: integer("first_contact_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("leads_created_idx").on(t.createdAt),
    // A span's leads with their source, status and first contact, from the index alone
    // (years of leads, never their messages). The reports' requests now have their own
    // indexes below (decision 0113); kept for the reads over created_at that it covers.
    // leads_created_idx keeps the (created_at, id) order the lists and exports walk.
    index("leads_report_idx").on(t.createdAt, t.source, t.status, t.archivedAt, t.firstContactAt),
    // Years of a span's leads counted per source and status, each pair one range of this index
    // (decision 0111): no sort of tens of thousands of rows to group them.
    index("leads_tally_idx").on(t.source, t.status, t.createdAt),
    // The requests still waiting for a first contact, oldest first: the reports list the
    // longest waiting of a span without reading its every request.
    index("leads_waiting_idx").on(t.createdAt).where(awaitsFirstContact(t)),
    // And those contacted, with when: speed to lead reads a span's, not its every lead.
    index("leads_contacted_idx").on(t.createdAt, t.firstContactAt).where(wasFirstContacted(t)),
    // The dashboard and the admin header's counts ask only about open leads: partial indexes
    // keep them from scanning years of archived ones (queries name these terms as literals).
    index("leads_open_status_idx")
      .on(t.status, t.followUpOn)
      .where(sql`${t.archivedAt} is null`),
    index("leads_assigned_idx").on(t.assigneeId),
    index("leads_jobs_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'won' and ${t.completedAt} is null and ${t.archivedAt} is null`),
    // The few leads with a reply nobody has read: the header's count and the dashboard's list.
    index("leads_unread_reply_idx")
      .on(t.unreadReplyAt)
      .where(sql`${t.unreadReplyAt} is not null`),
  ],
);

/**
 * The parts of each job's value (lib/job-value.ts combines them), one row per lead, kept by
 * triggers on leads, proposals, estimates and invoices (migration 0047, decision 0117): every
 * write keeps them, whatever makes it, and a report or an export reads thousands of jobs'
 * values by one lookup each, not three. Not on the lead's row, which whole-row reads hand to
 * pages the crew sees. The accepted proposal's total (standsAccepted), the change orders on the
 * invoices that count them (countsChangeOrders; 0 with none), the current estimate's total.
 */
export const jobValues = sqliteTable("job_values", {
  leadId: integer("lead_id")
    .primaryKey()
    .references(() => leads.id, { onDelete: "cascade" }),
  acceptedCents: integer("accepted_cents"),
  changeOrderCents: integer("change_order_cents").notNull().default(0),
  estimateCents: integer("estimate_cents"),
});

/**
 * A lead's photos: those sent with its quote request (no tag, no one's) and those the crew
 * and office take on the job (tagged, by a person). Private files (storage.server.ts,
 * "private"), named by the server; the row goes with its lead. A job photo sent again by a
 * phone's queue carries the same client key, so it is kept once.
 */
export const leadPhotos = sqliteTable(
  "lead_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    storedName: text("stored_name").notNull().unique(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    // Null for the homeowner's photos sent with the request; one of JOB_PHOTO_TAGS otherwise.
    tag: text("tag", { enum: JOB_PHOTO_TAGS }),
    caption: text("caption").notNull().default(""),
    takenBy: integer("taken_by").references(() => users.id, { onDelete: "set null" }),
    // When the phone took it (a photo queued without signal is sent hours later); else createdAt.
    takenAt: integer("taken_at", { mode: "timestamp_ms" }),
    // Shown on the homeowner's job page since then; null: only the team sees it.
    sharedAt: integer("shared_at", { mode: "timestamp_ms" }),
    clientKey: text("client_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_photos_lead_idx").on(t.leadId),
    uniqueIndex("lead_photos_client_key_idx").on(t.leadId, t.clientKey),
  ],
);

/**
 * A lead's history: what happened (kind), what it was about (amount, invoice, payment, visit,
 * person) and each change of status (from, to), by whom and when. Its words are made when it
 * is shown, per role (lib/lead-history.ts): the crew never reads an amount.
 */
export const leadNotes = sqliteTable(
  "lead_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    // The account that wrote it; `author` keeps the name as it was then.
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: HISTORY_KINDS }).notNull().default("note"),
    // A person's own words (a note); on an older entry of another kind, its words as written then.
    body: text("body"),
    statusFrom: text("status_from", { enum: LEAD_STATUSES }),
    statusTo: text("status_to", { enum: LEAD_STATUSES }),
    amountCents: integer("amount_cents"),
    // How many (photos added, links turned off, proposals replaced).
    count: integer("count"),
    // The kind's own words: a void reason, the name a homeowner signed with, why a payment was
    // refused, a proposal's last valid day, a deleted draft's invoice kind.
    detail: text("detail"),
    // Stripe's Checkout session an online payment came from.
    reference: text("reference"),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    visitId: integer("visit_id").references(() => visits.id, { onDelete: "set null" }),
    // When the visit was to start, as the entry said it (a later move has its own entry).
    visitStartsAt: integer("visit_starts_at", { mode: "timestamp_ms" }),
    // The person the entry is about (given the lead); null with "assigned": nobody.
    subjectId: integer("subject_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // A lead's entries in time order (its history's pages); with the kind and the author, a
    // lead's first contact is found from the index alone (migration 0040 worked each out).
    index("lead_notes_lead_idx").on(t.leadId, t.createdAt, t.kind, t.authorId),
    // The moves to Quoted, Won or Lost in a span of time: the pipeline's month and the
    // reports' periods read them by time, without a pass over every entry of every lead or
    // every other change of status (decision 0111). With the status and the lead, a span's
    // moves are read from the index alone; queries name the term with these literals
    // (models/lead.server.ts periodMove): SQLite matches a partial index's expression, and a
    // bound value in its place does not match.
    index("lead_notes_moves_idx")
      .on(t.createdAt, t.statusTo, t.leadId)
      .where(sql`${t.statusTo} in ('quoted', 'won', 'lost')`),
  ],
);

/** Typed groups of settings, one JSON value per key (see app/models/settings.server.ts). */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export const roofCustomers = sqliteTable(
  "roof_customers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerName: text("customer_name"),
    street: text("street").notNull(),
    city: text("city").notNull(),
    state: text("state"),
    zipCode: text("zip_code"),
    area: real("area"),
    length: real("length"),
    width: real("width"),
    pitch: real("pitch"),
    // Traced outlines and scale for each view: { top: {...}, side: {...} }.
    drawing: text("drawing", { mode: "json" }),
    topImageId: integer("top_image_id").references(() => images.id, { onDelete: "set null" }),
    sideImageId: integer("side_image_id").references(() => images.id, { onDelete: "set null" }),
    // The lead this roof was measured for; a lead deleted some day leaves the measurement.
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("roof_customers_created_idx").on(t.createdAt), index("roof_customers_lead_idx").on(t.leadId)],
);

/**
 * A lead's estimate: the takeoff priced with the owner's settings, then adjusted by staff.
 * One current per lead (decision 0032: an accepted one is locked, and a change makes a new
 * current one, the locked one kept as superseded); lines and totals in whole cents.
 */
export const estimates = sqliteTable(
  "estimates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    roofCustomerId: integer("roof_customer_id").references(() => roofCustomers.id, { onDelete: "set null" }),
    tier: text("tier", { enum: SHINGLE_TIERS }).notNull().default("better"),
    wastePercent: integer("waste_percent").notNull().default(10),
    tearOffLayers: integer("tear_off_layers").notNull().default(1),
    taxRateBasisPoints: integer("tax_rate_bp").notNull().default(0),
    lines: text("lines", { mode: "json" }).$type<EstimateLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    // Takeoff items the owner prices that the measurement could not count (no line lengths),
    // and staff's reason for leaving them out: a proposal waits for one or the other.
    missingMaterials: text("missing_materials", { mode: "json" }).$type<TakeoffKey[]>().notNull().default([]),
    leftOutReason: text("left_out_reason"),
    // Which of the roof's figures the estimate was made from, in words (typed or traced).
    roofBasis: text("roof_basis"),
    // A proposal made from it was accepted: it is never edited again.
    lockedAt: integer("locked_at", { mode: "timestamp_ms" }),
    // A change to a locked estimate made a new one: this one is kept as it was accepted.
    supersededAt: integer("superseded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("estimates_current_lead_idx")
      .on(t.leadId)
      .where(sql`${t.supersededAt} is null`),
    index("estimates_lead_idx").on(t.leadId),
  ],
);

/**
 * A proposal accepted and not withdrawn since: the one that stands for its job. Its index holds
 * this condition; its readers name it this way, or SQLite would not see it in theirs. The
 * trigger that keeps job_values.accepted_cents (migration 0047) spells it out the same way.
 */
export const standsAccepted = (t: { acceptedAt: SQLWrapper; withdrawnAt: SQLWrapper }) =>
  sql`${t.acceptedAt} is not null and ${t.withdrawnAt} is null`;

/**
 * A proposal sent to the homeowner: a frozen copy of the estimate and what it says
 * (content), opened without an account by its links (proposal_links). Its mails are in
 * the outbox. Accepting it records the typed name, the time and the address it came from.
 */
export const proposals = sqliteTable(
  "proposals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    content: text("content", { mode: "json" }).notNull(),
    totalCents: integer("total_cents").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    acceptedName: text("accepted_name"),
    acceptedIp: text("accepted_ip"),
    // What the homeowner chose when he accepted (decision 0108): the option's tier and the
    // add-ons' ids in the frozen content. total_cents is then that choice's total.
    chosenOption: text("chosen_option", { enum: SHINGLE_TIERS }),
    chosenAddOns: text("chosen_add_ons", { mode: "json" }).$type<string[]>(),
    // A newer proposal was sent, or another was accepted: its link answers "replaced" (decision 0032).
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
    sentBy: integer("sent_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("proposals_lead_idx").on(t.leadId, t.createdAt),
    // One accepted proposal stands per lead. A second acceptance made before this rule is
    // withdrawn by migration 0008 (its acceptance kept for the record), hence withdrawn_at here.
    uniqueIndex("proposals_accepted_lead_idx").on(t.leadId).where(standsAccepted(t)),
    // Sent and not yet answered, by the day they lapse: the dashboard's proposals waiting,
    // a range of this, not a pass over every proposal ever sent.
    index("proposals_waiting_idx")
      .on(t.expiresAt)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
  ],
);

/**
 * A review request to the homeowner of a completed job, mailed through the outbox, with a
 * link to a short form; the review it brings is a pending testimonial.
 */
export const reviewRequests = sqliteTable(
  "review_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    testimonialId: integer("testimonial_id").references(() => testimonials.id, { onDelete: "set null" }),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("review_requests_lead_idx").on(t.leadId)],
);

/**
 * The links that open a proposal (decision 0038): the one staff copied when it was made, and
 * one for each mail of it to the homeowner. One random token a link, only its hash kept; a
 * link has no state of its own, so withdrawing the proposal closes them all.
 */
export const proposalLinks = sqliteTable(
  "proposal_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    proposalId: integer("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("proposal_links_proposal_idx").on(t.proposalId)],
);

/**
 * A visit to the homeowner (an estimate visit, an inspection) or a day of work, in Kansas
 * time when shown; stored as the instant it starts. Who goes is an account; `sequence`
 * counts the moves so a calendar replaces the event the homeowner already has (.ics).
 */
export const visits = sqliteTable(
  "visits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: VISIT_KINDS }).notNull(),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    assigneeId: integer("assigned_to").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    sequence: integer("sequence").notNull().default(0),
    // The day-before reminder went (or was queued) for this start: a move clears it.
    reminderQueuedAt: integer("reminder_queued_at", { mode: "timestamp_ms" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("visits_starts_idx")
      .on(t.startsAt)
      .where(sql`${t.cancelledAt} is null`),
    index("visits_lead_idx").on(t.leadId, t.startsAt),
    index("visits_assigned_idx").on(t.assigneeId, t.startsAt),
  ],
);

/**
 * Whether an invoice's lines may hold a change order: the text a change-order line is stored
 * with (JSON.stringify writes `"changeOrder":true`, as migration 0029's json() did). A test in
 * text, so an index can hold it; each line is still read as JSON after it.
 */
const carriesChangeOrder = (lines: SQLWrapper) => sql`instr(${lines}, '"changeOrder":true') > 0`;

/**
 * An invoice that counts its change orders: not void, with a line that may be one (above).
 * invoices_change_orders_idx holds these; its readers name the condition this way, or SQLite
 * would not see the index's condition in theirs. The trigger that keeps
 * job_values.change_order_cents (migration 0047) spells it out the same way.
 */
export const countsChangeOrders = (t: { state: SQLWrapper; lines: SQLWrapper }) =>
  sql`${t.state} <> 'void' and ${carriesChangeOrder(t.lines)}`;

/**
 * An invoice for a won job: a deposit, a progress or the final bill, lines in
 * whole cents. Its number is given when it is first sent, one more than the highest, so
 * numbers run without gaps; a sent invoice is never deleted, only voided, and a lead with
 * invoices cannot be deleted (restrict). `paid_cents` is its payments less their refunds, kept
 * in the same transaction as each payment and refund (setInvoicePaid): the Money report works
 * out what was paid before a day from it (decision 0113).
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "restrict" }),
    proposalId: integer("proposal_id").references(() => proposals.id, { onDelete: "restrict" }),
    number: integer("number"),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    state: text("state", { enum: INVOICE_STATES }).notNull().default("draft"),
    // Who owes it: the homeowner, the insurance carrier, or both named on the carrier's check.
    payer: text("payer", { enum: INVOICE_PAYERS }).notNull().default("homeowner"),
    lines: text("lines", { mode: "json" }).$type<InvoiceLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    paidCents: integer("paid_cents").notNull().default(0),
    // YYYY-MM-DD, Kansas time.
    dueOn: text("due_on"),
    note: text("note"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    voidReason: text("void_reason"),
    // The overdue reminders sent for it so far (steps of the owner's schedule) and when the last went.
    remindersSent: integer("reminders_sent").notNull().default(0),
    lastRemindedAt: integer("last_reminded_at", { mode: "timestamp_ms" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx")
      .on(t.number)
      .where(sql`${t.number} is not null`),
    index("invoices_lead_idx").on(t.leadId, t.createdAt),
    index("invoices_open_idx")
      .on(t.dueOn)
      .where(sql`${t.state} in ('sent', 'partly_paid')`),
    // The Money report sums what each month billed over a range of it, not a pass over years of
    // invoices: the state and total in the index, so no invoice's row is read for the sum.
    index("invoices_sent_idx").on(t.sentAt, t.state, t.totalCents),
    // The few invoices with a change order, each job's found by one step: a job's value is read
    // for thousands of leads at once (reports, lists, exports), most billed without one.
    index("invoices_change_orders_idx").on(t.leadId).where(countsChangeOrders(t)),
    check("invoices_money_check", sql`${t.totalCents} >= 0 and ${t.paidCents} >= 0`),
  ],
);

/**
 * Money received against an invoice: cash, a check (its number), a card on site, or online
 * through Stripe Checkout (its session id unique, so a webhook delivered twice pays once).
 */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    checkNumber: text("check_number"),
    // YYYY-MM-DD, Kansas time.
    receivedOn: text("received_on").notNull(),
    note: text("note"),
    stripeSessionId: text("stripe_session_id").unique(),
    stripePaymentIntent: text("stripe_payment_intent"),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // An invoice's payments with their day and amount, from the index alone (its money panel,
    // the claim's figures, refunds).
    index("payments_invoice_idx").on(t.invoiceId, t.receivedOn, t.amountCents),
    // The Money report reads the payments of its days, not every payment ever received.
    index("payments_received_idx").on(t.receivedOn),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Money given back from a payment (a canceled job's deposit, an overcharge): recorded by staff
 * after they refund it (cash, a check, or Stripe's dashboard for an online payment). It lowers
 * its invoice's `paid_cents` in the same transaction; the payment itself stays as received.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    // YYYY-MM-DD, Kansas time.
    refundedOn: text("refunded_on").notNull(),
    reason: text("reason").notNull(),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("refunds_payment_idx").on(t.paymentId), check("refunds_amount_check", sql`${t.amountCents} > 0`)],
);

/**
 * A lead that is an insurance claim (decision 0109): the carrier, the claim, the adjuster, and
 * the money as the carrier's scope states it, in whole cents. The replacement cost the carrier
 * approved is null until the scope is in; the recoverable depreciation is held back by the
 * carrier until the work is done; the deductible is the homeowner's to pay, never waived.
 */
export const insuranceClaims = sqliteTable(
  "insurance_claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .unique()
      .references(() => leads.id, { onDelete: "cascade" }),
    carrier: text("carrier").notNull(),
    claimNumber: text("claim_number").notNull(),
    // YYYY-MM-DD: the day of the storm.
    lossOn: text("loss_on"),
    adjusterName: text("adjuster_name"),
    adjusterPhone: text("adjuster_phone"),
    adjusterEmail: text("adjuster_email"),
    deductibleCents: integer("deductible_cents").notNull().default(0),
    approvedCents: integer("approved_cents"),
    depreciationCents: integer("depreciation_cents").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "insurance_claims_money_check",
      sql`${t.deductibleCents} >= 0 and ${t.depreciationCents} >= 0 and (${t.approvedCents} is null or ${t.approvedCents} >= 0)`,
    ),
  ],
);

/**
 * An item asked of the carrier beyond its scope (a supplement): what, how much was asked, and
 * what the carrier decided. An approved one is billed to the carrier as a change order on the
 * invoice it names.
 */
export const claimSupplements = sqliteTable(
  "claim_supplements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    claimId: integer("claim_id")
      .notNull()
      .references(() => insuranceClaims.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    requestedCents: integer("requested_cents").notNull(),
    state: text("state", { enum: SUPPLEMENT_STATES }).notNull().default("submitted"),
    // What the carrier approved (it may approve less than asked); null unless approved.
    approvedCents: integer("approved_cents"),
    // YYYY-MM-DD, Kansas time.
    submittedOn: text("submitted_on").notNull(),
    decidedOn: text("decided_on"),
    // The invoice its approved amount was billed on, as a change order.
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("claim_supplements_claim_idx").on(t.claimId),
    check(
      "claim_supplements_money_check",
      sql`${t.requestedCents} > 0 and (${t.approvedCents} is null or ${t.approvedCents} >= 0)`,
    ),
  ],
);

/**
 * Files kept privately on a claim (storage.server.ts, "private"): the carrier's scope of loss
 * (PDF), photos for the adjuster, letters. Named by the server; the row goes with its lead.
 */
export const claimFiles = sqliteTable(
  "claim_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CLAIM_FILE_KINDS }).notNull(),
    storedName: text("stored_name").notNull().unique(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("claim_files_lead_idx").on(t.leadId)],
);

/** Stripe events already handled, by Stripe's id: a repeated delivery is answered and ignored. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

/**
 * The links that open a job's page for the homeowner, like proposal links: one
 * random token each (the one staff copy, one per mail), only its hash kept.
 */
export const jobPageLinks = sqliteTable(
  "job_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /**
     * The random salt the token is derived from with the server's secret (decision 0076), so
     * every mail can carry the job's one live link again; null for links made before, which
     * work until turned off but are never mailed again.
     */
    salt: text("salt"),
    createdAt: createdAt(),
    /** Set when staff turn the job's links off (a link sent to the wrong address); a revoked link opens nothing. */
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("job_links_lead_idx").on(t.leadId)],
);

/**
 * Every mail the site sends, stored before it is tried (decision 0037): its kind, what it is
 * about (a deleted lead, proposal or review request takes its mails with it), where it
 * stands, and the lease an attempt holds so no two runs send it. Only models/outbox.server.ts
 * writes it.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: OUTBOX_KINDS }).notNull(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    proposalId: integer("proposal_id").references(() => proposals.id, { onDelete: "cascade" }),
    reviewRequestId: integer("review_request_id").references(() => reviewRequests.id, { onDelete: "cascade" }),
    invitationId: integer("invitation_id").references(() => invitations.id, { onDelete: "cascade" }),
    passwordResetId: integer("password_reset_id").references(() => passwordResets.id, { onDelete: "cascade" }),
    visitId: integer("visit_id").references(() => visits.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    // A mail to an address, or a text to a phone number (E.164) about the same thing.
    channel: text("channel", { enum: CHANNELS }).notNull().default("mail"),
    // A text staff wrote themselves: its words are the lead's history entry (lead_notes.body).
    leadNoteId: integer("lead_note_id").references(() => leadNotes.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    state: text("state", { enum: MAIL_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    leasedUntil: integer("leased_until", { mode: "timestamp_ms" }),
    // The provider's id of the mail it took (Resend's), to look it up in its logs.
    providerId: text("provider_id"),
    // What the carrier made of a text after the provider took it (Twilio's status callbacks):
    // queued, sent, delivered, undelivered or failed, and the carrier's reason.
    deliveryStatus: text("delivery_status", { enum: DELIVERY_STATUSES }),
    deliveryError: text("delivery_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("outbox_due_idx").on(t.state, t.nextAttemptAt),
    index("outbox_provider_idx").on(t.providerId),
    index("outbox_lead_note_idx").on(t.leadNoteId),
    index("outbox_lead_idx").on(t.leadId),
    index("outbox_proposal_idx").on(t.proposalId),
    index("outbox_review_request_idx").on(t.reviewRequestId),
    index("outbox_invitation_idx").on(t.invitationId),
    index("outbox_password_reset_idx").on(t.passwordResetId),
    index("outbox_visit_idx").on(t.visitId),
    index("outbox_invoice_idx").on(t.invoiceId),
    index("outbox_payment_idx").on(t.paymentId),
  ],
);

/** A number that replied STOP: nothing is texted to it until it replies START (lib/texts.ts). */
export const textOptOuts = sqliteTable("text_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: integer("opted_out_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Each text that came in, by Twilio's message id: a webhook delivered twice (or replayed by
 * someone who caught one) finds its id here and changes nothing.
 */
export const inboundTexts = sqliteTable("inbound_texts", {
  messageSid: text("message_sid").primaryKey(),
  phone: text("phone").notNull(),
  leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});

export type User = typeof users.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type Image = typeof images.$inferSelect;
export type Lead = typeof leads.$inferSelect;
export type LeadPhoto = typeof leadPhotos.$inferSelect;
export type LeadNote = typeof leadNotes.$inferSelect;
export type RoofCustomer = typeof roofCustomers.$inferSelect;
export type Estimate = typeof estimates.$inferSelect;
export type Proposal = typeof proposals.$inferSelect;
export type ReviewRequest = typeof reviewRequests.$inferSelect;
export type ProposalLink = typeof proposalLinks.$inferSelect;
export type OutboxItem = typeof outbox.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type PasswordReset = typeof passwordResets.$inferSelect;
export type Visit = typeof visits.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type JobPageLink = typeof jobPageLinks.$inferSelect;

/**
 * Counters of rate-limiter-flexible's SQLite store (sign-in attempts, contact messages
 * per address): kept in the database so a restart forgets nothing and memory stays flat.
 * The columns are the library's own; the server clears expired rows (rate-limit.server.ts).
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: integer("expire"),
});
