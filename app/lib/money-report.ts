/**
 * The Money report's figures (decision 0105), worked out from plain rows: the invoices sent
 * (never a draft or a void one), the payments received and the refunds given back. Every
 * figure has one definition here (billed's sum is SQLite's, over billingMonths' days,
 * decision 0112), the same the lists and the export use:
 *
 * - billed in a month: the totals of the invoices sent on its days (the Kansas day of
 *   `sent_at`), void ones left out whenever they were voided (summed by SQLite over the
 *   instants of billingMonths' days);
 * - collected in a month: payments received on its days less refunds given back on them;
 * - owed at the end of a day: what each invoice sent by then still owed after the payments
 *   and refunds dated by then (`owedCents` of lib/invoice.ts, as the pipeline's "Owed on won
 *   jobs" and invoices.csv's `owed`);
 * - receivables by age: that owed, by how many days past its due day it is.
 */
import { addDays } from "./business-time";
import { formatInvoiceNumber, owedCents } from "./invoice";
import type { ChartData } from "./report-chart";
import {
  daysBetween,
  periodMonths,
  shortDayLabel,
  shortMonthLabel,
  yearEarlier,
  type ReportPeriod,
} from "./report-period";

/** An invoice sent and not void, as the report reads it. */
export type SentInvoice = {
  id: number;
  leadId: number;
  totalCents: number;
  /** The Kansas day it was first sent. */
  sentOn: string;
  dueOn: string | null;
  /** Paid on it, net of refunds, before the first day the report reads (its moves from then on are in MoneyRows). */
  paidBeforeCents: number;
};

/** A payment received (`on`: received_on) or a refund given back (`on`: refunded_on), by its invoice. */
export type MoneyMove = { invoiceId: number; on: string; amountCents: number };

/** Each invoice's payments (+) and refunds (−) by day, oldest first: read for many days in one walk. */
export type MovesByInvoice = ReadonlyMap<number, readonly { on: string; cents: number }[]>;

export function movesByInvoice(payments: readonly MoneyMove[], refunds: readonly MoneyMove[]): MovesByInvoice {
  const map = new Map<number, { on: string; cents: number }[]>();
  const add = (m: MoneyMove, sign: number) => {
    let list = map.get(m.invoiceId);
    if (!list) map.set(m.invoiceId, (list = []));
    list.push({ on: m.on, cents: sign * m.amountCents });
  };
  for (const p of payments) add(p, 1);
  for (const r of refunds) add(r, -1);
  for (const list of map.values()) list.sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));
  return map;
}

/**
 * What an invoice still owed at the end of each of `days` (given oldest first): nothing before
 * it was sent; then its total less what was paid by then, net of refunds.
 */
export function owedOnDays(invoice: SentInvoice, moves: MovesByInvoice, days: readonly string[]): number[] {
  const own = moves.get(invoice.id) ?? [];
  const owed: number[] = [];
  let paidCents = invoice.paidBeforeCents;
  let next = 0;
  for (const day of days) {
    while (next < own.length && own[next]!.on <= day) paidCents += own[next++]!.cents;
    owed.push(invoice.sentOn > day ? 0 : owedCents({ state: "sent", totalCents: invoice.totalCents, paidCents }));
  }
  return owed;
}

/** What an invoice still owed at the end of `day`. */
export const owedOn = (invoice: SentInvoice, moves: MovesByInvoice, day: string) =>
  owedOnDays(invoice, moves, [day])[0]!;

/** What all the invoices owed at the end of each of `days` (any order; null stays null). */
export function totalsOwedOn(
  invoices: readonly SentInvoice[],
  moves: MovesByInvoice,
  days: readonly (string | null)[],
): (number | null)[] {
  const sorted = [...new Set(days.filter((d): d is string => d !== null))].sort();
  // Each invoice adds what its owed changed by on each day; once it was sent and its last
  // move is past, its owed holds for every later day, so the walk stops there.
  const changes = new Array<number>(sorted.length).fill(0);
  for (const inv of invoices) {
    const own = moves.get(inv.id) ?? [];
    let paidCents = inv.paidBeforeCents;
    let next = 0;
    let before = 0;
    for (let i = 0; i < sorted.length; i++) {
      const day = sorted[i]!;
      if (inv.sentOn > day) continue;
      while (next < own.length && own[next]!.on <= day) paidCents += own[next++]!.cents;
      const owed = owedCents({ state: "sent", totalCents: inv.totalCents, paidCents });
      changes[i]! += owed - before;
      before = owed;
      if (next === own.length) break;
    }
  }
  let running = 0;
  const totals = changes.map((change) => (running += change));
  return days.map((d) => (d === null ? null : totals[sorted.indexOf(d)]!));
}

/** The days of a month that a period covers: its first and last, both included. */
function monthDays(month: string, period: Pick<ReportPeriod, "from" | "to">): { from: string; to: string } {
  const first = `${month}-01`;
  const last = addDays(`${monthAfter(month)}-01`, -1);
  return { from: first < period.from ? period.from : first, to: last > period.to ? period.to : last };
}

const monthAfter = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
};

const inDays = (day: string, days: { from: string; to: string }) => day >= days.from && day <= days.to;

/**
 * Cents summed into the months of the period by each item's day (YYYY-MM-DD): one pass over
 * the items, the months covering the period's days exactly.
 */
function byMonth<T>(
  period: Pick<ReportPeriod, "from" | "to">,
  items: readonly T[],
  dayOf: (item: T) => string,
  centsOf: (item: T) => number,
  into = periodMonths(period).map(() => 0),
): number[] {
  const index = new Map(periodMonths(period).map((m, i) => [m, i]));
  for (const item of items) {
    const day = dayOf(item);
    if (!inDays(day, period)) continue;
    const i = index.get(day.slice(0, 7));
    if (i !== undefined) into[i]! += centsOf(item);
  }
  return into;
}

/**
 * The days of each month of the period (cut to its first and last): the spans "billed in a
 * month" sums the invoices sent on, which SQLite sums (models/money-report.server.ts).
 */
export const billingMonths = (period: Pick<ReportPeriod, "from" | "to">) =>
  periodMonths(period).map((month) => monthDays(month, period));

/** Collected in each month of the period: payments received less refunds given back. */
export function collectedByMonth(
  payments: readonly MoneyMove[],
  refunds: readonly MoneyMove[],
  period: Pick<ReportPeriod, "from" | "to">,
): number[] {
  const received = byMonth(
    period,
    payments,
    (m) => m.on,
    (m) => m.amountCents,
  );
  return byMonth(
    period,
    refunds,
    (m) => m.on,
    (m) => -m.amountCents,
    received,
  );
}

/** The day a figure "at the end" of these days is read on: their last, or today while they run; null before they start. */
export function endDayOf(days: { from: string; to: string }, today: string): string | null {
  if (days.from > today) return null;
  return days.to > today ? today : days.to;
}

/** The day "owed at the end" of each month of the period is read on (this month: today; a month to come: null). */
export const monthEndDays = (period: Pick<ReportPeriod, "from" | "to">, today: string) =>
  periodMonths(period).map((month) => endDayOf(monthDays(month, period), today));

/** Owed at the end of each month of the period (this month: today; a month to come: null). */
export const owedAtMonthEnds = (
  invoices: readonly SentInvoice[],
  moves: MovesByInvoice,
  period: Pick<ReportPeriod, "from" | "to">,
  today: string,
) => totalsOwedOn(invoices, moves, monthEndDays(period, today));

/** How far past its due day what is owed is: the receivables' ages, youngest first. */
export const AGE_BUCKETS = [
  { id: "not-due", label: "Not yet due", min: -Infinity, max: 0 },
  { id: "1-30", label: "1–30 days past due", min: 1, max: 30 },
  { id: "31-60", label: "31–60 days past due", min: 31, max: 60 },
  { id: "61-90", label: "61–90 days past due", min: 61, max: 90 },
  { id: "over-90", label: "Over 90 days past due", min: 91, max: Infinity },
] as const;
export type AgeBucketId = (typeof AGE_BUCKETS)[number]["id"];

/** Days past its due day on `day` (0 or less: not yet due; no due day: not due). */
export const daysPastDue = (dueOn: string | null, day: string) => (dueOn === null ? 0 : daysBetween(dueOn, day));

export const ageBucketOf = (days: number): AgeBucketId =>
  AGE_BUCKETS.find((b) => days >= b.min && days <= b.max)?.id ?? "over-90";

/** One invoice that owes, as the receivables' lists show it (its job's name and number added once listed). */
export type Receivable = {
  invoiceId: number;
  leadId: number;
  name: string;
  invoice: string;
  owedCents: number;
  daysPastDue: number;
};

/** The job's name and the invoice's number of the invoices a page lists, by invoice id. */
export type InvoiceLabels = ReadonlyMap<number, { name: string; number: number | null }>;

/** The ids of the invoices the buckets list (what the labels are read for). */
export const listedInvoiceIds = (buckets: readonly AgeBucket[]) =>
  buckets.flatMap((b) => b.receivables.map((r) => r.invoiceId));

/** The buckets with each listed invoice's job name and number. */
export const labeled = (buckets: readonly AgeBucket[], labels: InvoiceLabels): AgeBucket[] =>
  buckets.map((b) => ({
    ...b,
    receivables: b.receivables.map((r) => {
      const label = labels.get(r.invoiceId);
      return { ...r, name: label?.name ?? "", invoice: formatInvoiceNumber(label?.number ?? null) };
    }),
  }));

/** The most invoices a bucket lists on the page (the most past due); its total counts them all. */
export const RECEIVABLES_LISTED = 20;

export type AgeBucket = {
  id: AgeBucketId;
  label: string;
  totalCents: number;
  /** How many invoices owe in it. */
  count: number;
  /** Its invoices, the most past due first (then the most owed), RECEIVABLES_LISTED at most. */
  receivables: Receivable[];
};

/** What was owed at the end of `day`, by age: every bucket, empty ones too. */
export function receivablesByAge(invoices: readonly SentInvoice[], moves: MovesByInvoice, day: string): AgeBucket[] {
  const buckets = new Map<AgeBucketId, AgeBucket>(
    AGE_BUCKETS.map((b) => [b.id, { id: b.id, label: b.label, totalCents: 0, count: 0, receivables: [] }]),
  );
  for (const inv of invoices) {
    const owed = owedOn(inv, moves, day);
    if (owed <= 0) continue;
    const days = daysPastDue(inv.dueOn, day);
    const bucket = buckets.get(ageBucketOf(days))!;
    bucket.totalCents += owed;
    bucket.count += 1;
    bucket.receivables.push({
      invoiceId: inv.id,
      leadId: inv.leadId,
      name: "",
      invoice: "",
      owedCents: owed,
      daysPastDue: Math.max(0, days),
    });
  }
  return [...buckets.values()].map((bucket) => ({
    ...bucket,
    receivables: bucket.receivables
      .sort((a, b) => b.daysPastDue - a.daysPastDue || b.owedCents - a.owedCents || a.invoiceId - b.invoiceId)
      .slice(0, RECEIVABLES_LISTED),
  }));
}

/** The day receivables are read on: the period's last day, or today when the period runs past it. */
export const receivablesDay = (period: Pick<ReportPeriod, "to">, today: string) =>
  period.to > today ? today : period.to;

/** The same day a year earlier (Feb 29 → Feb 28), as the period's comparison reads it. */
export const dayAYearEarlier = (day: string) => yearEarlier({ kind: "range", from: day, to: day, label: "" }).to;

/**
 * The first day any figure of the report reads: the year-earlier period's first, or the day
 * its receivables are read on when that is earlier (a period still to come is read today).
 */
export function firstDayRead(period: ReportPeriod, today: string): string {
  const from = yearEarlier(period).from;
  const earlierDay = dayAYearEarlier(receivablesDay(period, today));
  return earlierDay < from ? earlierDay : from;
}

/**
 * Every day the report reads what was owed at its end: each month's end of the period and of
 * the year earlier (monthEndDays), and the two days receivables are read on; oldest first.
 */
export function owedReadOn(period: ReportPeriod, today: string): string[] {
  const day = receivablesDay(period, today);
  const days = [...monthEndDays(period, today), ...monthEndDays(yearEarlier(period), today), day, dayAYearEarlier(day)];
  return [...new Set(days.filter((d): d is string => d !== null))].sort();
}

/**
 * The latest of these days (oldest first) before `day`, or null: an invoice paid in full by
 * now whose money last moved on `day` can owe on a day read only if it was sent by this one.
 */
export function lastDayBefore(days: readonly string[], day: string): string | null {
  let found: string | null = null;
  for (const d of days) if (d < day) found = d;
  return found;
}

/**
 * What the report's loader reads: what was billed in each month, the invoices that can owe
 * something on a day it reads (with what was paid on them before `since`), and every payment
 * and refund dated from `since` on.
 */
export type MoneyRows = {
  /** Billed in each of billingMonths' months, of the period and of the same days a year earlier. */
  billed: [number[], number[]];
  invoices: SentInvoice[];
  payments: MoneyMove[];
  refunds: MoneyMove[];
};

/** One headline figure of the period against a year earlier. */
export type MoneyTotal = { label: string; cents: number; earlierCents: number | null; note: string };

export type MoneyReport = {
  totals: MoneyTotal[];
  charts: { billed: ChartData; collected: ChartData; owed: ChartData; receivables: ChartData };
  /** The day receivables are read on, and the buckets with their invoices. */
  receivablesOn: string;
  buckets: AgeBucket[];
};

/** The whole report for a period and the same days a year earlier. */
export function moneyReport(
  rows: MoneyRows,
  period: ReportPeriod,
  today: string,
  labelsOf: (ids: readonly number[]) => InvoiceLabels,
): MoneyReport {
  const earlier = yearEarlier(period);
  const moves = movesByInvoice(rows.payments, rows.refunds);
  const series = [period.label, earlier.label];
  const months = periodMonths(period);
  const columns = (id: string, title: string, values: (number | null)[][], note: string): ChartData => ({
    id,
    title,
    unit: "cents",
    series,
    shape: "columns",
    note,
    rows: months.map((month, i) => ({ label: shortMonthLabel(month), values: values.map((v) => v[i] ?? null) })),
  });
  const billed = rows.billed;
  const collected = [
    collectedByMonth(rows.payments, rows.refunds, period),
    collectedByMonth(rows.payments, rows.refunds, earlier),
  ];
  // Every day "owed" is read on, in one walk over each invoice's moves.
  const ends = [monthEndDays(period, today), monthEndDays(earlier, today)];
  const owedOnEnds = totalsOwedOn(rows.invoices, moves, ends.flat());
  const owed = [owedOnEnds.slice(0, months.length), owedOnEnds.slice(months.length)];
  const day = receivablesDay(period, today);
  const earlierDay = dayAYearEarlier(day);
  const aged = receivablesByAge(rows.invoices, moves, day);
  const buckets = labeled(aged, labelsOf(listedInvoiceIds(aged)));
  const earlierBuckets = receivablesByAge(rows.invoices, moves, earlierDay);
  const sum = (values: readonly (number | null)[]) => values.reduce<number>((s, v) => s + (v ?? 0), 0);
  const owedNow = sum(buckets.map((b) => b.totalCents));
  return {
    totals: [
      { label: "Billed", cents: sum(billed[0]!), earlierCents: sum(billed[1]!), note: "invoices sent, not void" },
      {
        label: "Collected",
        cents: sum(collected[0]!),
        earlierCents: sum(collected[1]!),
        note: "payments received less refunds",
      },
      {
        label: "Still owed",
        cents: owedNow,
        earlierCents: sum(earlierBuckets.map((b) => b.totalCents)),
        note: `on ${shortDayLabel(day)}`,
      },
    ],
    charts: {
      billed: columns(
        "billed",
        "Billed by month",
        billed,
        "The totals of the invoices sent in each month (Kansas time); a void invoice counts in no month.",
      ),
      collected: columns(
        "collected",
        "Collected by month",
        collected,
        "Payments received in each month, less the refunds given back in it.",
      ),
      owed: columns(
        "owed",
        "Still owed at each month's end",
        owed,
        "What the invoices sent by then still owed after the payments and refunds dated by then; the month under way as of today.",
      ),
      receivables: {
        id: "receivables",
        title: "Receivables by age",
        unit: "cents",
        series: [`On ${shortDayLabel(day)}`, `On ${shortDayLabel(earlierDay)}`],
        shape: "bars",
        note: "What is owed by how many days past its due day it is. Each row lists its invoices below.",
        rows: buckets.map((b, i) => ({
          label: b.label,
          href: `#receivables-${b.id}`,
          values: [b.totalCents, earlierBuckets[i]!.totalCents],
        })),
      },
    },
    receivablesOn: day,
    buckets,
  };
}
