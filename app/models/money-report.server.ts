import { and, eq, gte, inArray, isNotNull, lt, ne, or } from "drizzle-orm";
import { invoices, leads, payments, refunds } from "~/db/schema";
import { kansasDay } from "~/lib/business-time";
import type { MoneyRows } from "~/lib/money-report";
import { periodInstants, yearEarlier, type ReportPeriod } from "~/lib/report-period";
import { getDb } from "~/server/db.server";

/**
 * The rows the Money report (lib/money-report.ts) works its figures from, for a period and
 * the same days a year earlier: every invoice that can owe something on one of those days or
 * was sent in them, every payment and refund of those invoices, and every payment and refund
 * dated in them. An invoice paid in full before the comparison starts, with nothing moving on
 * it since, owes nothing on any of those days and is left out: years of paid jobs cost nothing.
 */
export function moneyReportRows(period: ReportPeriod): MoneyRows {
  const db = getDb();
  const from = yearEarlier(period).from;
  const { start } = periodInstants({ from, to: period.to });
  const { end } = periodInstants(period);
  const paidSince = db.select({ id: payments.invoiceId }).from(payments).where(gte(payments.receivedOn, from));
  const refundedSince = db
    .select({ id: payments.invoiceId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(gte(refunds.refundedOn, from));
  // Sent, not void: a void invoice counts in no figure but what was paid and given back.
  const counted = and(
    inArray(invoices.state, ["sent", "partly_paid", "paid"]),
    isNotNull(invoices.sentAt),
    lt(invoices.sentAt, end),
    or(
      gte(invoices.sentAt, start),
      ne(invoices.state, "paid"),
      inArray(invoices.id, paidSince),
      inArray(invoices.id, refundedSince),
    ),
  );
  const counting = db.select({ id: invoices.id }).from(invoices).where(counted);
  const sent = db
    .select({
      id: invoices.id,
      leadId: invoices.leadId,
      name: leads.name,
      number: invoices.number,
      totalCents: invoices.totalCents,
      sentAt: invoices.sentAt,
      dueOn: invoices.dueOn,
    })
    .from(invoices)
    .innerJoin(leads, eq(leads.id, invoices.leadId))
    .where(counted)
    .all();
  const paid = db
    .select({ invoiceId: payments.invoiceId, on: payments.receivedOn, amountCents: payments.amountCents })
    .from(payments)
    .where(or(gte(payments.receivedOn, from), inArray(payments.invoiceId, counting)))
    .all();
  const refunded = db
    .select({ invoiceId: payments.invoiceId, on: refunds.refundedOn, amountCents: refunds.amountCents })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(or(gte(refunds.refundedOn, from), inArray(payments.invoiceId, counting)))
    .all();
  return {
    invoices: sent.map(({ sentAt, ...inv }) => ({ ...inv, sentOn: kansasDay(sentAt!) })),
    payments: paid,
    refunds: refunded,
  };
}
