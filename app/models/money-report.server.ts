import { and, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { invoices, leads, payments, refunds } from "~/db/schema";
import { kansasDayOf } from "~/lib/business-time";
import { firstDayRead, type InvoiceLabels, type MoneyRows } from "~/lib/money-report";
import { periodInstants, type ReportPeriod } from "~/lib/report-period";
import { getDb } from "~/server/db.server";

/**
 * The rows the Money report (lib/money-report.ts) works its figures from, for a period and
 * the same days a year earlier: every payment and refund dated from the first day it reads,
 * and every invoice (sent, not void) that was sent by its last day and either was sent since
 * that first day, is still open, or had money move on it since, with what was paid on it
 * before. An invoice paid in full before then with nothing moving on it since owes nothing on
 * any day the report reads and is left out: years of paid jobs cost the page nothing.
 */
export function moneyReportRows(period: ReportPeriod, today: string): MoneyRows {
  const db = getDb();
  const since = firstDayRead(period, today);
  const { start } = periodInstants({ from: since, to: since });
  const { end } = periodInstants(period);
  const refundsWithInvoice = (dated: ReturnType<typeof gte>) =>
    db
      .select({ invoiceId: payments.invoiceId, on: refunds.refundedOn, amountCents: refunds.amountCents })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(dated);
  const paid = db
    .select({ invoiceId: payments.invoiceId, on: payments.receivedOn, amountCents: payments.amountCents })
    .from(payments)
    .where(gte(payments.receivedOn, since))
    .all();
  const refunded = refundsWithInvoice(gte(refunds.refundedOn, since)).all();
  // Net paid before `since`, from the payments and refunds of the invoice (payments_invoice_idx).
  // (The invoice's id named with its table: a select of one table leaves it bare, as "p.id" is.)
  const invoiceId = sql.raw(`"invoices"."id"`);
  const paidBefore = sql<number>`(select coalesce(sum(p.amount_cents), 0) from ${payments} p where p.invoice_id = ${invoiceId} and p.received_on < ${since})
    - (select coalesce(sum(r.amount_cents), 0) from ${refunds} r join ${payments} p on p.id = r.payment_id where p.invoice_id = ${invoiceId} and r.refunded_on < ${since})`;
  const moved = [...new Set([...paid, ...refunded].map((m) => m.invoiceId))];
  const sent = db
    .select({
      id: invoices.id,
      leadId: invoices.leadId,
      totalCents: invoices.totalCents,
      // The instant as stored (ms): thousands of rows need no Date each.
      sentAt: sql<number>`${invoices.sentAt}`,
      dueOn: invoices.dueOn,
      paidBeforeCents: paidBefore,
    })
    .from(invoices)
    .where(
      and(
        // Sent, not void: a void invoice counts in no figure but what was paid and given back.
        inArray(invoices.state, ["sent", "partly_paid", "paid"]),
        isNotNull(invoices.sentAt),
        lt(invoices.sentAt, end),
        // Sent since then (invoices_sent_idx), still open (invoices_open_idx), or money moved on it
        // since: each found by its own index, not by a pass over every invoice ever sent.
        inArray(
          invoices.id,
          unionAll(
            db
              .select({ id: invoices.id })
              .from(invoices)
              .where(and(gte(invoices.sentAt, start), lt(invoices.sentAt, end))),
            db
              .select({ id: invoices.id })
              .from(invoices)
              // As a literal, as invoices_open_idx is defined.
              .where(sql`${invoices.state} in ('sent', 'partly_paid')`),
            db.select({ id: sql<number>`value` }).from(sql`json_each(${JSON.stringify(moved)})`),
          ),
        ),
      ),
    )
    .all();
  return {
    invoices: sent.map(({ sentAt, ...inv }) => ({ ...inv, sentOn: kansasDayOf(sentAt) })),
    payments: paid,
    refunds: refunded,
  };
}

/** The job's name and the invoice's number of the invoices a page lists. */
export function invoiceLabels(ids: readonly number[]): InvoiceLabels {
  if (!ids.length) return new Map();
  const rows = getDb()
    .select({ id: invoices.id, name: leads.name, number: invoices.number })
    .from(invoices)
    .innerJoin(leads, eq(leads.id, invoices.leadId))
    .where(inArray(invoices.id, [...ids]))
    .all();
  return new Map(rows.map(({ id, ...label }) => [id, label]));
}
