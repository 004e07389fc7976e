import { eq, inArray, sql } from "drizzle-orm";
import { invoices, leads, payments, refunds } from "~/db/schema";
import { kansasDayOf } from "~/lib/business-time";
import {
  billingMonths,
  firstDayRead,
  lastDayBefore,
  owedReadOn,
  type InvoiceLabels,
  type MoneyMove,
  type MoneyRows,
  type SentInvoice,
} from "~/lib/money-report";
import { periodInstants, yearEarlier, type ReportPeriod } from "~/lib/report-period";
import { getDb, inReadSnapshot, packedColumns, type Columns } from "~/server/db.server";
import { isOpenInvoice, isSentInvoice } from "./open-invoice.server";

/**
 * The rows the Money report (lib/money-report.ts) works its figures from, for a period and
 * the same days a year earlier: what was billed in each month (summed here), every payment
 * and refund dated from the first day it reads, and every invoice (sent, not void) that was
 * sent by its last day and either is still open or is paid by now but was sent by a day the
 * report reads what is owed on and had money move on it after that day, with what was paid
 * on it before the first day. Any other invoice owes nothing on every day the report reads
 * (paid now, it owed on a day only if money moved on it after), so it is left out: years of
 * paid jobs, and the jobs paid within the month they were billed in, cost the page nothing.
 */
export function moneyReportRows(period: ReportPeriod, today: string): MoneyRows {
  // The payments and the invoices they are paid on, as of one moment.
  return inReadSnapshot(() => readRows(period, today));
}

function readRows(period: ReportPeriod, today: string): MoneyRows {
  const since = firstDayRead(period, today);
  const { end } = periodInstants(period);
  const moves = ({ invoiceId, on, amountCents }: Columns<MoneyMove>): MoneyMove[] =>
    invoiceId.map((id, i) => ({ invoiceId: id, on: on[i]!, amountCents: amountCents[i]! }));
  const paid = moves(
    packedColumns<MoneyMove>(
      { invoiceId: payments.invoiceId, on: payments.receivedOn, amountCents: payments.amountCents },
      sql`from ${payments} where ${payments.receivedOn} >= ${since}`,
    ),
  );
  const refunded = moves(
    packedColumns<MoneyMove>(
      { invoiceId: payments.invoiceId, on: refunds.refundedOn, amountCents: refunds.amountCents },
      sql`from ${refunds} inner join ${payments} on ${payments.id} = ${refunds.paymentId} where ${refunds.refundedOn} >= ${since}`,
    ),
  );
  // Each invoice's money moved from `since` on (net) and the day it last moved.
  const lastMove = new Map<number, string>();
  const netSince = new Map<number, number>();
  for (const [moves, sign] of [
    [paid, 1],
    [refunded, -1],
  ] as const)
    for (const m of moves) {
      if (!(lastMove.get(m.invoiceId)! >= m.on)) lastMove.set(m.invoiceId, m.on);
      netSince.set(m.invoiceId, (netSince.get(m.invoiceId) ?? 0) + sign * m.amountCents);
    }
  // A paid invoice owes on a day read only if it was sent by then and money moved on it after:
  // each moved invoice with the last day read before its last move (none: it cannot owe), as an
  // instant a few hours past that Kansas day's end (UTC midnight + 36 h; Kansas ends it at 29 or
  // 30 h): one sent in those hours is read and owes nothing that day, no figure changes.
  const days = owedReadOn(period, today);
  const instants = new Map<string, number>();
  const sentBefore = new Map<number, number>();
  for (const [id, last] of lastMove) {
    const day = lastDayBefore(days, last);
    if (!day) continue;
    let at = instants.get(day);
    if (at === undefined) instants.set(day, (at = Date.parse(`${day}T00:00:00Z`) + 36 * 60 * 60 * 1000));
    sentBefore.set(id, at);
  }
  const columns = {
    id: invoices.id,
    leadId: invoices.leadId,
    totalCents: invoices.totalCents,
    sentAt: invoices.sentAt,
    dueOn: invoices.dueOn,
    paidCents: invoices.paidCents,
  };
  // Sent (not void: a void invoice counts in no figure but what was paid and given back) by
  // the period's end, and either still open (invoices_open_idx) or paid by now but able to owe
  // on a day read (above), each looked up by its id (a cross join keeps json_each outside) and
  // its day compared here, where a lookup costs nothing (in the JSON, SQLite would parse it
  // out again for every row): each found by its own index, not by a pass over every invoice
  // ever sent.
  type Sent = {
    id: number;
    leadId: number;
    totalCents: number;
    sentAt: number;
    dueOn: string | null;
    paidCents: number;
  };
  const open = packedColumns<Sent>(
    columns,
    // Named: SQLite would rather read the range of invoices_sent_idx, nearly every invoice.
    sql`from ${invoices} indexed by invoices_open_idx where ${isOpenInvoice} and ${invoices.sentAt} < ${end.getTime()}`,
  );
  const paidNow = packedColumns<Sent>(
    columns,
    sql`from json_each(${JSON.stringify([...sentBefore.keys()])}) j cross join ${invoices}
      where ${invoices.id} = j.value and ${isSentInvoice} and not ${isOpenInvoice} and ${invoices.sentAt} < ${end.getTime()}`,
  );
  const sent: SentInvoice[] = [];
  for (const [read, owes] of [
    [open, () => true],
    [paidNow, (id: number, sentAt: number) => sentAt < sentBefore.get(id)!],
  ] as const) {
    const { id, leadId, totalCents, sentAt, dueOn, paidCents } = read;
    for (let i = 0; i < id.length; i++)
      if (owes(id[i]!, sentAt[i]!))
        sent.push({
          id: id[i]!,
          leadId: leadId[i]!,
          totalCents: totalCents[i]!,
          dueOn: dueOn[i],
          // What was paid before `since`: what is paid now (kept with each payment and refund, in
          // their transaction) less what moved since, read above; no pass over older payments.
          paidBeforeCents: paidCents[i]! - (netSince.get(id[i]!) ?? 0),
          sentOn: kansasDayOf(sentAt[i]!),
        });
  }
  return {
    billed: [billedIn(period), billedIn(yearEarlier(period))],
    invoices: sent,
    payments: paid,
    refunds: refunded,
  };
}

/**
 * Billed in each month of the period: the totals of the invoices sent (not void) in its days,
 * each month one range of invoices_sent_idx.
 */
function billedIn(period: Pick<ReportPeriod, "from" | "to">): number[] {
  const bounds = JSON.stringify(
    billingMonths(period).map((days) => {
      const { start, end } = periodInstants(days);
      return [start.getTime(), end.getTime()];
    }),
  );
  return getDb()
    .values<[number]>(
      sql`select (select coalesce(sum(${invoices.totalCents}), 0) from ${invoices} where ${isSentInvoice} and ${invoices.sentAt} >= json_extract(b.value, '$[0]') and ${invoices.sentAt} < json_extract(b.value, '$[1]')) from json_each(${bounds}) b order by b.key`,
    )
    .map(([cents]) => cents);
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
