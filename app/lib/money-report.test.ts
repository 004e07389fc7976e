import { describe, expect, it } from "vitest";
import {
  ageBucketOf,
  billingMonths,
  collectedByMonth,
  dayAYearEarlier,
  firstDayRead,
  labeled,
  lastDayBefore,
  listedInvoiceIds,
  moneyReport,
  movesByInvoice,
  owedAtMonthEnds,
  owedOn,
  owedReadOn,
  RECEIVABLES_LISTED,
  receivablesByAge,
  receivablesDay,
  type MoneyMove,
  type SentInvoice,
} from "./money-report";
import { monthPeriod, quarterPeriod, rangePeriod } from "./report-period";

const invoice = (id: number, sentOn: string, totalCents: number, dueOn: string | null = sentOn): SentInvoice => ({
  id,
  leadId: 100 + id,
  totalCents,
  sentOn,
  dueOn,
  paidBeforeCents: 0,
});
const move = (invoiceId: number, on: string, amountCents: number): MoneyMove => ({ invoiceId, on, amountCents });

describe("owed on a day", () => {
  const deposit = invoice(1, "2026-10-05", 300_000);
  const payments = [move(1, "2026-10-10", 100_000), move(1, "2026-11-02", 200_000)];
  const refunds = [move(1, "2026-11-20", 50_000)];
  const moves = movesByInvoice(payments, refunds);
  it("is nothing before the invoice was sent", () => {
    expect(owedOn(deposit, moves, "2026-10-04")).toBe(0);
  });
  it("is the total less what was paid by then, plus what was given back by then", () => {
    expect(owedOn(deposit, moves, "2026-10-05")).toBe(300_000);
    expect(owedOn(deposit, moves, "2026-10-10")).toBe(200_000);
    expect(owedOn(deposit, moves, "2026-11-02")).toBe(0);
    expect(owedOn(deposit, moves, "2026-11-20")).toBe(50_000);
  });
  it("starts from what was paid before the first day read", () => {
    const none = movesByInvoice([], [move(1, "2026-11-20", 50_000)]);
    expect(owedOn({ ...deposit, paidBeforeCents: 300_000 }, none, "2026-11-19")).toBe(0);
    expect(owedOn({ ...deposit, paidBeforeCents: 300_000 }, none, "2026-11-20")).toBe(50_000);
  });
  it("never goes below nothing (a payment dated before a refund of an earlier one)", () => {
    const odd = movesByInvoice([move(1, "2026-10-06", 300_000), move(1, "2026-10-07", 300_000)], []);
    expect(owedOn(deposit, odd, "2026-10-08")).toBe(0);
  });
});

describe("billed and collected by month", () => {
  it("bills each month over its days within the period's", () => {
    expect(billingMonths(quarterPeriod(2026, 4))).toEqual([
      { from: "2026-10-01", to: "2026-10-31" },
      { from: "2026-11-01", to: "2026-11-30" },
      { from: "2026-12-01", to: "2026-12-31" },
    ]);
    expect(billingMonths(rangePeriod("2026-10-15", "2026-11-14"))).toEqual([
      { from: "2026-10-15", to: "2026-10-31" },
      { from: "2026-11-01", to: "2026-11-14" },
    ]);
  });
  it("takes refunds given back in a month off what was collected in it", () => {
    const payments = [move(1, "2026-10-02", 100_000), move(3, "2026-11-20", 70_000)];
    const refunds = [move(1, "2026-11-21", 30_000), move(1, "2026-12-01", 5_000)];
    expect(collectedByMonth(payments, refunds, quarterPeriod(2026, 4))).toEqual([100_000, 40_000, -5_000]);
  });
});

describe("owed at each month's end", () => {
  const invoices = [invoice(1, "2026-10-05", 300_000), invoice(2, "2026-11-10", 100_000)];
  const moves = movesByInvoice([move(1, "2026-11-01", 300_000)], []);
  it("reads the month's last day, the month under way today, and nothing for months to come", () => {
    expect(owedAtMonthEnds(invoices, moves, quarterPeriod(2026, 4), "2026-11-12")).toEqual([300_000, 100_000, null]);
    expect(owedAtMonthEnds(invoices, moves, quarterPeriod(2026, 4), "2026-11-09")).toEqual([300_000, 0, null]);
  });
});

describe("receivables by age", () => {
  const today = "2026-12-15";
  const invoices = [
    invoice(1, "2026-12-01", 100_000, "2026-12-15"), // due today: not yet due
    invoice(2, "2026-11-01", 200_000, "2026-12-05"), // 10 days
    invoice(3, "2026-10-01", 300_000, "2026-10-31"), // 45 days
    invoice(4, "2026-09-01", 400_000, "2026-10-01"), // 75 days
    invoice(5, "2026-07-01", 500_000, "2026-08-17"), // 120 days
    invoice(6, "2026-07-01", 600_000, "2026-07-15"), // paid in full
    invoice(7, "2026-06-01", 700_000, null), // sent before due days were kept
  ];
  const moves = movesByInvoice([move(6, "2026-07-20", 600_000), move(3, "2026-11-01", 100_000)], []);
  it("puts each invoice's owed money in its bucket, with the days past its due day", () => {
    const buckets = receivablesByAge(invoices, moves, today);
    expect(buckets.map((b) => [b.id, b.totalCents, b.count])).toEqual([
      ["not-due", 800_000, 2],
      ["1-30", 200_000, 1],
      ["31-60", 200_000, 1],
      ["61-90", 400_000, 1],
      ["over-90", 500_000, 1],
    ]);
    const named = labeled(buckets, new Map([[3, { name: "Job 3", number: 3 }]]));
    expect(named[2]!.receivables).toEqual([
      { invoiceId: 3, leadId: 103, name: "Job 3", invoice: "INV-0003", owedCents: 200_000, daysPastDue: 45 },
    ]);
    expect(listedInvoiceIds(buckets).sort()).toEqual([1, 2, 3, 4, 5, 7]);
    expect(buckets[0]!.receivables.map((r) => r.daysPastDue)).toEqual([0, 0]);
  });
  it("draws the lines at 30, 60 and 90 days", () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(ageBucketOf)).toEqual([
      "not-due",
      "1-30",
      "1-30",
      "31-60",
      "31-60",
      "61-90",
      "61-90",
      "over-90",
    ]);
  });
  it("lists the most past due first and at most a page of them, counting all", () => {
    const many = Array.from({ length: RECEIVABLES_LISTED + 5 }, (_, i) =>
      invoice(i + 1, "2026-11-01", 1_000 + i, `2026-12-${String(1 + (i % 10)).padStart(2, "0")}`),
    );
    const [, late] = receivablesByAge(many, new Map(), today);
    expect(late!.count).toBe(RECEIVABLES_LISTED + 5);
    expect(late!.receivables).toHaveLength(RECEIVABLES_LISTED);
    expect(late!.receivables[0]!.daysPastDue).toBe(14);
    expect(late!.totalCents).toBe(many.reduce((s, i) => s + i.totalCents, 0));
  });
  it("reads on the period's last day, or today while the period runs", () => {
    expect(receivablesDay(monthPeriod("2026-11"), today)).toBe("2026-11-30");
    expect(receivablesDay(monthPeriod("2026-12"), today)).toBe(today);
    // The first day read: a year before the period, or before the receivables of a period to come.
    expect(firstDayRead(monthPeriod("2026-11"), today)).toBe("2025-11-01");
    expect(firstDayRead(monthPeriod("2027-03"), today)).toBe("2025-12-15");
    expect(dayAYearEarlier("2028-02-29")).toBe("2027-02-28");
  });
  it("knows every day it reads what was owed on, and the last of them before a payment", () => {
    const quarter = quarterPeriod(2026, 4);
    const days = owedReadOn(quarter, today);
    // The quarter's month ends (December's is today's, not yet over) and a year earlier's, and the receivables days.
    expect(days).toEqual(["2025-10-31", "2025-11-30", "2025-12-15", "2025-12-31", "2026-10-31", "2026-11-30", today]);
    expect(lastDayBefore(days, "2025-11-30")).toBe("2025-10-31");
    expect(lastDayBefore(days, "2025-12-01")).toBe("2025-11-30");
    expect(lastDayBefore(days, "2025-10-31")).toBeNull();
  });
});

describe("the whole report", () => {
  it("compares the period with the same days a year earlier, totals and charts agreeing", () => {
    const rows = {
      billed: [[100_000], [40_000]] as [number[], number[]],
      invoices: [invoice(1, "2026-11-03", 100_000, "2026-11-03"), invoice(2, "2025-11-10", 40_000, "2025-11-24")],
      payments: [move(1, "2026-11-04", 60_000), move(2, "2025-11-11", 40_000)],
      refunds: [move(2, "2025-11-20", 10_000)],
    };
    const report = moneyReport(rows, monthPeriod("2026-11"), "2026-12-15", () => new Map());
    expect(report.totals.map((t) => [t.label, t.cents, t.earlierCents])).toEqual([
      ["Billed", 100_000, 40_000],
      ["Collected", 60_000, 30_000],
      // The job of a year ago still owes what was given back: it counts now too.
      ["Still owed", 50_000, 10_000],
    ]);
    expect(report.charts.billed.series).toEqual(["November 2026", "November 2025"]);
    expect(report.charts.billed.rows).toEqual([{ label: "Nov 2026", values: [100_000, 40_000] }]);
    expect(report.charts.owed.rows[0]!.values).toEqual([50_000, 10_000]);
    expect(report.receivablesOn).toBe("2026-11-30");
    expect(report.charts.receivables.series).toEqual(["On Nov 30, 2026", "On Nov 30, 2025"]);
    expect(report.charts.receivables.rows.map((r) => [r.href, r.values])).toEqual([
      ["#receivables-not-due", [0, 0]],
      ["#receivables-1-30", [40_000, 10_000]],
      ["#receivables-31-60", [0, 0]],
      ["#receivables-61-90", [0, 0]],
      ["#receivables-over-90", [10_000, 0]],
    ]);
  });
});
