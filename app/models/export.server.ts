import { asc, eq, getTableColumns, gt } from "drizzle-orm";
import { alias, type SQLiteColumn, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import {
  claimFiles,
  claimSupplements,
  estimates,
  images,
  insuranceClaims,
  invoices,
  leadNotes,
  leadPhotos,
  leads,
  payments,
  projects,
  proposals,
  refunds,
  roofCustomers,
  settings,
  testimonials,
  users,
  visits,
} from "~/db/schema";
import { formatInvoiceNumber, owedCents } from "~/lib/invoice";
import { wallClock } from "~/lib/business-time";
import { dollars, estimateLinesText, invoiceLinesText, type ExportFileName } from "~/lib/export-files";
import { getDb } from "~/server/db.server";
import { historyText } from "~/lib/lead-history";
import { historyQuery } from "./lead-history.server";
import { jobValueCents } from "~/lib/job-value";
import { jobValueColumns, jobValueJoin } from "./job-value.server";

/**
 * The rows of "Export everything" (lib/export-files.ts names and explains the columns, in
 * this order). Read in batches by id, so a file of any length is written with flat memory.
 */

type Cells = readonly unknown[];
const BATCH = 500;

/**
 * Rows a batch at a time on an increasing key: each batch is its own short query, so no
 * statement stays open between them (one would refuse the site's writes meanwhile).
 */
function* inBatches<T>(read: (after: number) => T[], keyOf: (row: T) => number): Generator<T> {
  let after = -1;
  for (;;) {
    const rows = read(after);
    yield* rows;
    if (rows.length < BATCH) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** A select's next batch after the row `after`, in order of its table's `id`. */
const batchAfter = <Q extends SQLiteSelect>(query: Q, id: SQLiteColumn, after: number) =>
  query.where(gt(id, after)).orderBy(asc(id)).limit(BATCH);

/** An account's name as lists print it: its name, else its email; null for nobody. */
const person = (name: string | null, email: string | null) => (name?.trim() ? name : email) ?? null;
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const flag = (value: boolean) => (value ? 1 : 0);

const PUBLIC = "uploads";
const PRIVATE = "private-uploads";

/** The account a row names (who was assigned, wrote, sent, approved), joined as `who`. */
const who = alias(users, "who");
const ACCOUNT = { whoName: who.name, whoEmail: who.email };

function* leadRows(): Generator<Cells> {
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({ l: getTableColumns(leads), ...ACCOUNT, ...jobValueColumns })
        .from(leads)
        .leftJoin(who, eq(who.id, leads.assigneeId))
        .leftJoin(...jobValueJoin)
        .$dynamic(),
      leads.id,
      after,
    ).all();
  for (const { l, whoName, whoEmail, acceptedCents, changeOrderCents, estimateCents } of inBatches(
    read,
    (r) => r.l.id,
  )) {
    const assigned = l.assigneeId ? person(whoName, whoEmail) : null;
    yield [
      l.id,
      l.createdAt,
      l.name,
      l.email,
      l.phone,
      l.service,
      l.street,
      l.city,
      l.zip,
      l.message,
      l.preferredContact,
      l.source,
      l.status,
      l.lostReason,
      l.followUpOn,
      assigned,
      l.readAt,
      l.archivedAt,
      l.completedAt,
      dollars(jobValueCents({ acceptedCents, changeOrderCents, estimateCents })),
      l.textConsentAt,
    ];
  }
}

function* historyRows(): Generator<Cells> {
  const read = (after: number) => batchAfter(historyQuery(), leadNotes.id, after).all();
  for (const n of inBatches(read, (r) => r.id)) {
    yield [
      n.leadId,
      n.createdAt,
      n.author,
      n.statusFrom,
      n.statusTo,
      // The export is the owner's: every entry in the owner's words, and what it was about.
      historyText(n, "owner"),
      n.kind,
      dollars(n.amountCents),
      n.invoiceNumber === null ? null : formatInvoiceNumber(n.invoiceNumber),
    ];
  }
}

function* photoRows(): Generator<Cells> {
  const read = (after: number) => batchAfter(getDb().select().from(leadPhotos).$dynamic(), leadPhotos.id, after).all();
  for (const p of inBatches(read, (r) => r.id))
    yield [p.leadId, `${PRIVATE}/${p.storedName}`, p.originalName, p.createdAt];
}

function* roofCustomerRows(): Generator<Cells> {
  const top = alias(images, "top");
  const side = alias(images, "side");
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({
          c: getTableColumns(roofCustomers),
          top: top.storedName,
          side: side.storedName,
        })
        .from(roofCustomers)
        .leftJoin(top, eq(top.id, roofCustomers.topImageId))
        .leftJoin(side, eq(side.id, roofCustomers.sideImageId))
        .$dynamic(),
      roofCustomers.id,
      after,
    ).all();
  for (const { c, top: t, side: s } of inBatches(read, (r) => r.c.id)) {
    yield [
      c.id,
      c.leadId,
      c.customerName,
      c.street,
      c.city,
      c.state,
      c.zipCode,
      c.area,
      c.length,
      c.width,
      c.pitch,
      t ? `${PRIVATE}/${t}` : null,
      s ? `${PRIVATE}/${s}` : null,
      json(c.drawing),
      c.createdAt,
      c.updatedAt,
    ];
  }
}

function* estimateRows(): Generator<Cells> {
  const read = (after: number) => batchAfter(getDb().select().from(estimates).$dynamic(), estimates.id, after).all();
  for (const e of inBatches(read, (r) => r.id)) {
    yield [
      e.id,
      e.leadId,
      e.tier,
      e.wastePercent,
      e.tearOffLayers,
      e.taxRateBasisPoints / 100,
      dollars(e.subtotalCents),
      dollars(e.taxCents),
      dollars(e.totalCents),
      estimateLinesText(e.lines),
      e.leftOutReason,
      e.lockedAt,
      e.supersededAt,
      e.createdAt,
      e.updatedAt,
    ];
  }
}

function* proposalRows(): Generator<Cells> {
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({ p: getTableColumns(proposals), ...ACCOUNT })
        .from(proposals)
        .leftJoin(who, eq(who.id, proposals.sentBy))
        .$dynamic(),
      proposals.id,
      after,
    ).all();
  for (const { p, whoName, whoEmail } of inBatches(read, (r) => r.p.id)) {
    yield [
      p.id,
      p.leadId,
      dollars(p.totalCents),
      p.createdAt,
      p.sentBy ? person(whoName, whoEmail) : null,
      p.expiresAt,
      p.acceptedAt,
      p.acceptedName,
      p.chosenOption,
      p.chosenAddOns && json(p.chosenAddOns),
      p.withdrawnAt,
      json(p.content),
    ];
  }
}

function* visitRows(): Generator<Cells> {
  const booker = alias(users, "booker");
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({ v: getTableColumns(visits), ...ACCOUNT, bookerName: booker.name, bookerEmail: booker.email })
        .from(visits)
        .leftJoin(who, eq(who.id, visits.assigneeId))
        .leftJoin(booker, eq(booker.id, visits.createdBy))
        .$dynamic(),
      visits.id,
      after,
    ).all();
  for (const { v, whoName, whoEmail, bookerName, bookerEmail } of inBatches(read, (r) => r.v.id)) {
    const local = wallClock(v.startsAt);
    yield [
      v.id,
      v.leadId,
      v.kind,
      v.startsAt,
      `${local.day} ${local.time}`,
      v.durationMinutes,
      v.assigneeId ? person(whoName, whoEmail) : null,
      v.note,
      v.cancelledAt,
      v.createdBy ? person(bookerName, bookerEmail) : null,
      v.createdAt,
    ];
  }
}

function* invoiceRows(): Generator<Cells> {
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({ i: getTableColumns(invoices), ...ACCOUNT })
        .from(invoices)
        .leftJoin(who, eq(who.id, invoices.createdBy))
        .$dynamic(),
      invoices.id,
      after,
    ).all();
  for (const { i, whoName, whoEmail } of inBatches(read, (r) => r.i.id)) {
    yield [
      i.id,
      i.leadId,
      i.proposalId,
      i.number === null ? null : formatInvoiceNumber(i.number),
      i.kind,
      i.state,
      i.payer,
      dollars(i.subtotalCents),
      dollars(i.taxCents),
      dollars(i.totalCents),
      dollars(i.paidCents),
      dollars(owedCents(i)),
      i.dueOn,
      invoiceLinesText(i.lines),
      i.note,
      i.sentAt,
      i.voidedAt,
      i.voidReason,
      i.createdBy ? person(whoName, whoEmail) : null,
      i.createdAt,
      i.updatedAt,
    ];
  }
}

function* paymentRows(): Generator<Cells> {
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({ p: getTableColumns(payments), leadId: invoices.leadId, ...ACCOUNT })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .leftJoin(who, eq(who.id, payments.recordedBy))
        .$dynamic(),
      payments.id,
      after,
    ).all();
  for (const { p, leadId, whoName, whoEmail } of inBatches(read, (r) => r.p.id)) {
    yield [
      p.id,
      p.invoiceId,
      leadId,
      p.method,
      dollars(p.amountCents),
      p.checkNumber,
      p.receivedOn,
      p.note,
      p.stripeSessionId,
      p.stripePaymentIntent,
      p.recordedBy ? person(whoName, whoEmail) : null,
      p.createdAt,
    ];
  }
}

function* refundRows(): Generator<Cells> {
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({ r: getTableColumns(refunds), invoiceId: payments.invoiceId, leadId: invoices.leadId, ...ACCOUNT })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .leftJoin(who, eq(who.id, refunds.recordedBy))
        .$dynamic(),
      refunds.id,
      after,
    ).all();
  for (const { r, invoiceId, leadId, whoName, whoEmail } of inBatches(read, (row) => row.r.id)) {
    yield [
      r.id,
      r.paymentId,
      invoiceId,
      leadId,
      dollars(r.amountCents),
      r.refundedOn,
      r.reason,
      r.recordedBy ? person(whoName, whoEmail) : null,
      r.createdAt,
    ];
  }
}

function* claimRows(): Generator<Cells> {
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({ c: getTableColumns(insuranceClaims), ...ACCOUNT })
        .from(insuranceClaims)
        .leftJoin(who, eq(who.id, insuranceClaims.createdBy))
        .$dynamic(),
      insuranceClaims.id,
      after,
    ).all();
  for (const { c, whoName, whoEmail } of inBatches(read, (r) => r.c.id)) {
    yield [
      c.id,
      c.leadId,
      c.carrier,
      c.claimNumber,
      c.lossOn,
      c.adjusterName,
      c.adjusterPhone,
      c.adjusterEmail,
      dollars(c.deductibleCents),
      dollars(c.approvedCents),
      dollars(c.depreciationCents),
      c.createdBy ? person(whoName, whoEmail) : null,
      c.createdAt,
      c.updatedAt,
    ];
  }
}

function* supplementRows(): Generator<Cells> {
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({
          s: getTableColumns(claimSupplements),
          leadId: insuranceClaims.leadId,
          invoiceNumber: invoices.number,
          ...ACCOUNT,
        })
        .from(claimSupplements)
        .innerJoin(insuranceClaims, eq(insuranceClaims.id, claimSupplements.claimId))
        .leftJoin(invoices, eq(invoices.id, claimSupplements.invoiceId))
        .leftJoin(who, eq(who.id, claimSupplements.createdBy))
        .$dynamic(),
      claimSupplements.id,
      after,
    ).all();
  for (const { s, leadId, invoiceNumber, whoName, whoEmail } of inBatches(read, (r) => r.s.id)) {
    yield [
      s.id,
      s.claimId,
      leadId,
      s.description,
      dollars(s.requestedCents),
      s.state,
      dollars(s.approvedCents),
      s.submittedOn,
      s.decidedOn,
      s.invoiceId === null ? null : formatInvoiceNumber(invoiceNumber),
      s.createdBy ? person(whoName, whoEmail) : null,
      s.createdAt,
    ];
  }
}

function* claimFileRows(): Generator<Cells> {
  const read = (after: number) => batchAfter(getDb().select().from(claimFiles).$dynamic(), claimFiles.id, after).all();
  for (const f of inBatches(read, (r) => r.id))
    yield [f.leadId, f.kind, `${PRIVATE}/${f.storedName}`, f.originalName, f.createdAt];
}

function* projectRows(): Generator<Cells> {
  const before = alias(images, "before");
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({
          p: getTableColumns(projects),
          picture: images.storedName,
          beforePicture: before.storedName,
          ...ACCOUNT,
        })
        .from(projects)
        .leftJoin(images, eq(images.id, projects.imageId))
        .leftJoin(before, eq(before.id, projects.beforeImageId))
        .leftJoin(who, eq(who.id, projects.publishedBy))
        .$dynamic(),
      projects.id,
      after,
    ).all();
  for (const { p, picture, beforePicture, whoName, whoEmail } of inBatches(read, (r) => r.p.id)) {
    yield [
      p.id,
      p.title,
      p.category,
      p.service,
      p.town,
      p.description,
      picture ? `${PUBLIC}/${picture}` : null,
      beforePicture ? `${PUBLIC}/${beforePicture}` : null,
      p.videoUrl,
      p.altText,
      flag(p.featured),
      flag(p.published),
      p.publishedBy ? person(whoName, whoEmail) : null,
      p.publishedAt,
      p.leadId,
      p.createdAt,
      p.updatedAt,
    ];
  }
}

function* testimonialRows(): Generator<Cells> {
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({ t: getTableColumns(testimonials), ...ACCOUNT })
        .from(testimonials)
        .leftJoin(who, eq(who.id, testimonials.approvedBy))
        .$dynamic(),
      testimonials.id,
      after,
    ).all();
  for (const { t, whoName, whoEmail } of inBatches(read, (r) => r.t.id)) {
    yield [
      t.id,
      t.name,
      t.location,
      t.quote,
      t.rating,
      t.status,
      t.approvedBy ? person(whoName, whoEmail) : null,
      t.approvedAt,
      t.leadId,
      t.createdAt,
    ];
  }
}

function* pictureRows(): Generator<Cells> {
  const read = (after: number) => batchAfter(getDb().select().from(images).$dynamic(), images.id, after).all();
  for (const i of inBatches(read, (r) => r.id)) {
    yield [
      i.id,
      `${i.purpose === "roof" ? PRIVATE : PUBLIC}/${i.storedName}`,
      i.originalName,
      i.alt,
      i.width,
      i.height,
      i.purpose,
      i.createdAt,
    ];
  }
}

function* teamRows(): Generator<Cells> {
  const read = (after: number) =>
    batchAfter(
      getDb()
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          createdAt: users.createdAt,
          lastSignInAt: users.lastSignInAt,
          removedAt: users.removedAt,
        })
        .from(users)
        .$dynamic(),
      users.id,
      after,
    ).all();
  for (const u of inBatches(read, (r) => r.id))
    yield [u.id, u.name, u.email, u.role, u.createdAt, u.lastSignInAt, u.removedAt];
}

// What never leaves: the session secret, and the maps key (a key the owner pays for).
const SECRET_GROUPS = new Set(["secrets"]);
const withoutSecrets = (key: string, value: unknown) =>
  key === "maps" && value && typeof value === "object" ? { ...value, apiKey: null } : value;

function* settingRows(): Generator<Cells> {
  const rows = getDb()
    .select({
      key: settings.key,
      value: settings.value,
      updatedAt: settings.updatedAt,
      whoName: users.name,
      whoEmail: users.email,
      by: settings.updatedBy,
    })
    .from(settings)
    .leftJoin(users, eq(users.id, settings.updatedBy))
    .orderBy(asc(settings.key))
    .all();
  for (const s of rows) {
    if (SECRET_GROUPS.has(s.key)) continue;
    yield [s.key, json(withoutSecrets(s.key, s.value)), s.updatedAt, s.by ? person(s.whoName, s.whoEmail) : null];
  }
}

export const EXPORT_ROWS: Record<ExportFileName, () => Generator<Cells>> = {
  "leads.csv": leadRows,
  "lead_history.csv": historyRows,
  "lead_photos.csv": photoRows,
  "roof_customers.csv": roofCustomerRows,
  "estimates.csv": estimateRows,
  "proposals.csv": proposalRows,
  "visits.csv": visitRows,
  "invoices.csv": invoiceRows,
  "payments.csv": paymentRows,
  "refunds.csv": refundRows,
  "claims.csv": claimRows,
  "claim_supplements.csv": supplementRows,
  "claim_files.csv": claimFileRows,
  "projects.csv": projectRows,
  "testimonials.csv": testimonialRows,
  "pictures.csv": pictureRows,
  "team.csv": teamRows,
  "settings.csv": settingRows,
};
