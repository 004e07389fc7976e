import { and, asc, eq, gt, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { invoices, leads, payments, proposals, refunds } from "~/db/schema";
import type { MoneyMove, QboCustomer, QboInvoice } from "~/lib/quickbooks";
import { getDb } from "~/server/db.server";
import { isSentInvoice } from "./open-invoice.server";

/**
 * What the accountant's files read (decision 0103), for a period: instants for when an
 * invoice was sent or voided, Kansas days (YYYY-MM-DD, both ends included) for money
 * received and refunded. Reads only. Long periods are read in batches on an increasing
 * key, so a file of years is written with flat memory, as "Export everything" is.
 */

export type PeriodBounds = { start: Date; end: Date; from: string; to: string };

const BATCH = 500;

/** Rows a batch at a time: `read(after)` gives the next batch after the last row's key. */
function* inBatches<T, K>(read: (after: K | null) => T[], keyOf: (row: T) => K): Generator<T> {
  let after: K | null = null;
  for (;;) {
    const rows = read(after);
    yield* rows;
    if (rows.length < BATCH) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** An invoice the accountant's files count: sent in the period and not voided (drafts were never sent). */
const countedSentIn = (p: PeriodBounds) =>
  and(gte(invoices.sentAt, p.start), lt(invoices.sentAt, p.end), isSentInvoice);

// The tax rate the accepted proposal froze (lib/proposal.ts ProposalContent), for an invoice that charges tax.
const proposalTaxRate = sql<number | null>`json_extract(${proposals.content}, '$.taxRateBasisPoints')`;

/** The period's counted invoices with their lines and homeowner, by number. */
export function countedInvoices(p: PeriodBounds): Generator<QboInvoice> {
  const read = (after: number | null) =>
    getDb()
      .select({
        number: invoices.number,
        kind: invoices.kind,
        sentAt: invoices.sentAt,
        dueOn: invoices.dueOn,
        note: invoices.note,
        lines: invoices.lines,
        taxCents: invoices.taxCents,
        taxRateBasisPoints: proposalTaxRate,
        leadId: leads.id,
        leadName: leads.name,
      })
      .from(invoices)
      .innerJoin(leads, eq(leads.id, invoices.leadId))
      .leftJoin(proposals, eq(proposals.id, invoices.proposalId))
      .where(and(countedSentIn(p), after === null ? undefined : gt(invoices.number, after)))
      .orderBy(asc(invoices.number))
      .limit(BATCH)
      .all()
      .map(({ leadId, leadName, ...i }) => ({
        ...i,
        number: i.number!,
        sentAt: i.sentAt!,
        taxRateBasisPoints: typeof i.taxRateBasisPoints === "number" ? i.taxRateBasisPoints : null,
        lead: { id: leadId, name: leadName },
      }));
  return inBatches(read, (i) => i.number);
}

/** The counted invoices' totals, for the sales summary: the same invoices as the invoices file. */
export const countedInvoiceTotals = (p: PeriodBounds) =>
  getDb()
    .select({ sentAt: invoices.sentAt, totalCents: invoices.totalCents, taxCents: invoices.taxCents })
    .from(invoices)
    .where(countedSentIn(p))
    .all()
    .map((i) => ({ ...i, sentAt: i.sentAt! }));

/** Voided invoices sent or voided in the period: left out of the files, listed on the page. */
export const voidedInvoices = (p: PeriodBounds) =>
  getDb()
    .select({
      number: invoices.number,
      totalCents: invoices.totalCents,
      sentAt: invoices.sentAt,
      voidedAt: invoices.voidedAt,
      voidReason: invoices.voidReason,
      leadId: leads.id,
      leadName: leads.name,
    })
    .from(invoices)
    .innerJoin(leads, eq(leads.id, invoices.leadId))
    .where(
      and(
        eq(invoices.state, "void"),
        or(
          and(gte(invoices.sentAt, p.start), lt(invoices.sentAt, p.end)),
          and(gte(invoices.voidedAt, p.start), lt(invoices.voidedAt, p.end)),
        ),
      ),
    )
    .orderBy(asc(invoices.number))
    .all();

const receivedIn = (p: PeriodBounds) => and(gte(payments.receivedOn, p.from), lte(payments.receivedOn, p.to));
const refundedIn = (p: PeriodBounds) => and(gte(refunds.refundedOn, p.from), lte(refunds.refundedOn, p.to));

/** After (day, id) in the order day then id: the keyset of the money files. */
const afterDayAndId = (day: SQLiteColumn, id: SQLiteColumn, after: { day: string; id: number } | null) =>
  after === null ? undefined : or(gt(day, after.day), and(eq(day, after.day), gt(id, after.id)));

/** Payments received in the period, by day then number. */
export function paymentsReceived(p: PeriodBounds): Generator<MoneyMove> {
  const read = (after: { day: string; id: number } | null) =>
    getDb()
      .select({
        id: payments.id,
        day: payments.receivedOn,
        amountCents: payments.amountCents,
        method: payments.method,
        checkNumber: payments.checkNumber,
        invoiceNumber: invoices.number,
        leadId: leads.id,
        leadName: leads.name,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .innerJoin(leads, eq(leads.id, invoices.leadId))
      .where(and(receivedIn(p), afterDayAndId(payments.receivedOn, payments.id, after)))
      .orderBy(asc(payments.receivedOn), asc(payments.id))
      .limit(BATCH)
      .all()
      .map(({ leadId, leadName, ...m }): MoneyMove => ({
        kind: "payment",
        ...m,
        lead: { id: leadId, name: leadName },
      }));
  return inBatches(read, (m) => ({ day: m.day, id: m.id }));
}

/** Refunds given back in the period, by day then number. */
export function refundsGiven(p: PeriodBounds): Generator<MoneyMove> {
  const read = (after: { day: string; id: number } | null) =>
    getDb()
      .select({
        id: refunds.id,
        day: refunds.refundedOn,
        amountCents: refunds.amountCents,
        reason: refunds.reason,
        invoiceNumber: invoices.number,
        leadId: leads.id,
        leadName: leads.name,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .innerJoin(leads, eq(leads.id, invoices.leadId))
      .where(and(refundedIn(p), afterDayAndId(refunds.refundedOn, refunds.id, after)))
      .orderBy(asc(refunds.refundedOn), asc(refunds.id))
      .limit(BATCH)
      .all()
      .map(({ leadId, leadName, ...m }): MoneyMove => ({ kind: "refund", ...m, lead: { id: leadId, name: leadName } }));
  return inBatches(read, (m) => ({ day: m.day, id: m.id }));
}

/** Money received and refunded per month ("YYYY-MM") of the period, in cents. */
export function moneyByMonth(p: PeriodBounds): { received: Map<string, number>; refunded: Map<string, number> } {
  const month = (day: SQLiteColumn) => sql<string>`substr(${day}, 1, 7)`;
  const received = getDb()
    .select({ month: month(payments.receivedOn), cents: sql<number>`sum(${payments.amountCents})` })
    .from(payments)
    .where(receivedIn(p))
    .groupBy(month(payments.receivedOn))
    .all();
  const refunded = getDb()
    .select({ month: month(refunds.refundedOn), cents: sql<number>`sum(${refunds.amountCents})` })
    .from(refunds)
    .where(refundedIn(p))
    .groupBy(month(refunds.refundedOn))
    .all();
  return {
    received: new Map(received.map((r) => [r.month, r.cents])),
    refunded: new Map(refunded.map((r) => [r.month, r.cents])),
  };
}

/**
 * The homeowners of the period: those with a counted invoice, a payment received or a
 * refund given in it, by lead number.
 */
export function periodCustomers(p: PeriodBounds): Generator<QboCustomer> {
  const invoiced = getDb().select({ id: invoices.leadId }).from(invoices).where(countedSentIn(p));
  const paid = getDb()
    .select({ id: invoices.leadId })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(receivedIn(p));
  const refunded = getDb()
    .select({ id: invoices.leadId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(refundedIn(p));
  const read = (after: number | null) =>
    getDb()
      .select({
        id: leads.id,
        name: leads.name,
        email: leads.email,
        phone: leads.phone,
        street: leads.street,
        city: leads.city,
        zip: leads.zip,
      })
      .from(leads)
      .where(
        and(
          or(inArray(leads.id, invoiced), inArray(leads.id, paid), inArray(leads.id, refunded)),
          after === null ? undefined : gt(leads.id, after),
        ),
      )
      .orderBy(asc(leads.id))
      .limit(BATCH)
      .all();
  return inBatches(read, (c) => c.id);
}
