import { beforeAll, describe, expect, it } from "vitest";
import { answer, routeArgs, signInTeam } from "./admin-session";
import { downloadExport, exportedRows } from "./export-csv";
import { proposals } from "~/db/schema";
import { systemActor } from "~/lib/actor";
import { addDays, businessToday, startOfKansasDay } from "~/lib/business-time";
import {
  createInvoiceDraft,
  listLeadInvoices,
  owingJobs,
  saveInvoiceDraft,
  sendInvoice,
  voidInvoice,
} from "~/models/invoice.server";
import { createLead } from "~/models/lead.server";
import { recordPayment } from "~/models/payment.server";
import { recordAcceptance } from "~/models/proposal.server";
import { refundPayment } from "~/models/refund.server";
import { getDb } from "~/server/db.server";
import * as moneyRoute from "~/routes/admin/reports-money";

// The Money report on a fixed set of jobs (decision 0105): deposits, progress and final bills,
// a change order, a void invoice, partial payments, a deposit refunded, an online payment,
// invoices 10, 45, 75 and 120 days past due, last year's jobs for the comparison, and older
// ones paid before either period began. Every
// figure it shows is worked out again here from "Export everything"'s invoices.csv,
// payments.csv and refunds.csv, the way the owner's accountant would: they must agree.

const by = systemActor("Test");
const today = businessToday();
const day = (n: number) => addDays(today, n);
/** Noon in Kansas on a day: when that day's invoice was sent or money recorded. */
const at = (d: string) => new Date(startOfKansasDay(d).getTime() + 12 * 3_600_000);

let team: Awaited<ReturnType<typeof signInTeam>> = {};

/** A job whose proposal for `totalCents` was accepted on `d`: its deposit draft (30%) is made then. */
function job(name: string, totalCents: number, d: string) {
  const { id } = createLead({
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
    phone: "316-555-0188",
    message: "Roof",
  });
  const proposal = getDb()
    .insert(proposals)
    .values({
      leadId: id,
      content: { totalCents, lines: [] },
      totalCents,
      expiresAt: new Date(at(d).getTime() + 30 * 86_400_000),
    })
    .returning()
    .get();
  recordAcceptance(proposal.id, { name, ip: "127.0.0.1" }, at(d));
  return { leadId: id, deposit: listLeadInvoices(id)[0]! };
}
function send(leadId: number, invoiceId: number, d: string) {
  const sent = sendInvoice(leadId, invoiceId, by, at(d));
  if (!sent || "refused" in sent) throw new Error(`not sent: ${JSON.stringify(sent)}`);
  return sent.invoice;
}
function pay(
  invoiceId: number,
  d: string,
  amountCents: number,
  method: "cash" | "check" | "card" | "online" = "check",
) {
  const paid = recordPayment(
    {
      invoiceId,
      method,
      amountCents,
      receivedOn: d,
      checkNumber: method === "check" ? "1001" : null,
      stripeSessionId: method === "online" ? `cs_test_${invoiceId}` : null,
      by,
    },
    at(d),
  );
  if (paid.status !== "recorded") throw new Error(`not paid: ${JSON.stringify(paid)}`);
  return paid.payment;
}
function giveBack(leadId: number, paymentId: number, amountCents: number, d: string, reason: string) {
  const done = refundPayment(leadId, { paymentId, amountCents, refundedOn: d, reason, by }, at(d));
  if (!done || "refused" in done) throw new Error(`not refunded: ${JSON.stringify(done)}`);
}
function draft(
  leadId: number,
  kind: "progress" | "final",
  dueOn: string | null,
  changeOrders: { description: string; amountCents: number }[] = [],
  amountCents?: number,
) {
  const made = createInvoiceDraft(leadId, kind, by);
  if (!("id" in made)) throw new Error(`no draft: ${made.refused}`);
  const saved = saveInvoiceDraft(leadId, {
    intent: "save-invoice",
    invoiceId: made.id,
    basis: amountCents === undefined ? null : { amountCents },
    dueOn,
    note: null,
    changeOrders: changeOrders.map((c) => ({ ...c, changeOrder: true })),
  });
  if (!saved || "refused" in saved) throw new Error("draft not saved");
  return saved;
}

beforeAll(async () => {
  team = await signInTeam([["pat", "owner", "Pat Owner"]]);

  // A year ago: Lena's job, billed and mostly paid then, the rest paid this year.
  const lena = job("Lena Oldham", 2_000_000, day(-420));
  send(lena.leadId, lena.deposit.id, day(-420));
  pay(lena.deposit.id, day(-418), 600_000);
  const lenaFinal = draft(lena.leadId, "final", null);
  send(lena.leadId, lenaFinal.id, day(-400));
  pay(lenaFinal.id, day(-380), 1_000_000, "card");
  pay(lenaFinal.id, day(-300), 400_000);
  // Three years ago: Hank's deposit, half paid then and never since (long past due), and Gus's,
  // paid in full then, $1,000 of it given back this year: each was paid before the report's first day.
  const hank = job("Hank Holt", 1_000_000, day(-1100));
  send(hank.leadId, hank.deposit.id, day(-1100));
  pay(hank.deposit.id, day(-1090), 150_000);
  const gus = job("Gus Grant", 1_000_000, day(-1000));
  send(gus.leadId, gus.deposit.id, day(-1000));
  const gusCheck = pay(gus.deposit.id, day(-990), 300_000);
  giveBack(gus.leadId, gusCheck.id, 100_000, day(-60), "Paid for a skylight we did not put in");
  // A year ago too: Otto's deposit, sent by mistake and voided.
  const otto = job("Otto Voss", 1_000_000, day(-410));
  send(otto.leadId, otto.deposit.id, day(-410));
  voidInvoice(otto.leadId, otto.deposit.id, "Sent to the wrong homeowner", by, at(day(-405)));

  // This year: Ann's deposit, 120 days past due, $2,000 of $9,000 paid.
  const ann = job("Ann Abbott", 3_000_000, day(-125));
  send(ann.leadId, ann.deposit.id, day(-120));
  pay(ann.deposit.id, day(-100), 200_000);
  // Ben's deposit paid in cash, $500 of it given back (overcharged); his progress bill with a
  // change order, 75 days past due.
  const ben = job("Ben Brandt", 2_000_000, day(-200));
  send(ben.leadId, ben.deposit.id, day(-200));
  const benCash = pay(ben.deposit.id, day(-199), 600_000, "cash");
  giveBack(ben.leadId, benCash.id, 50_000, day(-150), "Charged for gutters we did not replace");
  const benProgress = draft(
    ben.leadId,
    "progress",
    day(-75),
    [{ description: "Extra decking", amountCents: 150_000 }],
    500_000,
  );
  send(ben.leadId, benProgress.id, day(-89));
  // Cara paid her deposit online; her final bill is 45 days past due, $1,000 of it paid by card.
  const cara = job("Cara Castillo", 1_200_000, day(-70));
  send(cara.leadId, cara.deposit.id, day(-70));
  pay(cara.deposit.id, day(-69), 360_000, "online");
  const caraFinal = draft(cara.leadId, "final", null);
  send(cara.leadId, caraFinal.id, day(-59));
  pay(caraFinal.id, day(-50), 100_000, "card");
  // Dan's deposit, 10 days past due.
  const dan = job("Dan Dietz", 500_000, day(-10));
  send(dan.leadId, dan.deposit.id, day(-10));
  // Eve called her job off: her deposit, paid, given back in full, then voided.
  const eve = job("Eve Ellis", 800_000, day(-40));
  send(eve.leadId, eve.deposit.id, day(-40));
  const eveCheck = pay(eve.deposit.id, day(-38), 240_000);
  giveBack(eve.leadId, eveCheck.id, 240_000, day(-20), "Job called off");
  voidInvoice(eve.leadId, eve.deposit.id, "Job called off", by, at(day(-19)));
  // Fay's deposit, sent with a due day still to come.
  const fay = job("Fay Fischer", 1_000_000, day(-5));
  saveInvoiceDraft(fay.leadId, {
    intent: "save-invoice",
    invoiceId: fay.deposit.id,
    basis: null,
    dueOn: day(11),
    note: null,
    changeOrders: [],
  });
  send(fay.leadId, fay.deposit.id, day(-3));
});

type Report = Awaited<ReturnType<typeof moneyRoute.loader>>["report"];
async function reportFor(search: string): Promise<Report> {
  const request = new Request(`http://site.test/admin/reports/money?${search}`, {
    headers: { Cookie: team.pat!.cookie },
  });
  return (await moneyRoute.loader(routeArgs(request))).report;
}

// ---- The same figures from the export's CSV rows, worked out without the app's code.

const cents = (dollars: string) => Math.round(Number(dollars) * 100);
type Csv = {
  invoices: Record<string, string>[];
  payments: Record<string, string>[];
  refunds: Record<string, string>[];
};

/** Sent and not void, with the Kansas day it was sent (sent_at starts with it). */
const counted = (csv: Csv) =>
  csv.invoices
    .filter((i) => ["sent", "partly_paid", "paid"].includes(i.state!))
    .map((i) => ({
      id: i.id!,
      total: cents(i.total!),
      sentOn: i.sent_at!.slice(0, 10),
      dueOn: i.due_on!,
      leadId: i.lead_id!,
    }));
const inDays = (d: string, from: string, to: string) => d >= from && d <= to;
const sumOf = (rows: Record<string, string>[], dayColumn: string, from: string, to: string) =>
  rows.filter((r) => inDays(r[dayColumn]!, from, to)).reduce((s, r) => s + cents(r.amount!), 0);

function owedFromCsv(csv: Csv, d: string) {
  return counted(csv)
    .filter((i) => i.sentOn <= d)
    .map((i) => {
      const paid =
        sumOf(
          csv.payments.filter((p) => p.invoice_id === i.id),
          "received_on",
          "0000",
          d,
        ) -
        sumOf(
          csv.refunds.filter((r) => r.invoice_id === i.id),
          "refunded_on",
          "0000",
          d,
        );
      return { ...i, owed: Math.max(0, i.total - paid) };
    })
    .filter((i) => i.owed > 0);
}

/** The months of from..to, each clipped to those days. */
function monthsOf(from: string, to: string) {
  const months: { from: string; to: string }[] = [];
  let start = from;
  while (start <= to) {
    const next = new Date(`${start.slice(0, 7)}-01T12:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const end = addDays(next.toISOString().slice(0, 10), -1);
    months.push({ from: start, to: end < to ? end : to });
    start = addDays(end, 1);
  }
  return months;
}
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);
const bucketOf = (late: number) => (late <= 0 ? 0 : late <= 30 ? 1 : late <= 60 ? 2 : late <= 90 ? 3 : 4);

let csv: Csv;
beforeAll(async () => {
  const { folder } = await downloadExport(team.pat!.cookie);
  csv = {
    invoices: exportedRows(folder, "invoices.csv"),
    payments: exportedRows(folder, "payments.csv"),
    refunds: exportedRows(folder, "refunds.csv"),
  };
});

describe("the Money report", () => {
  const from = day(-364);

  it("reads what an invoice had paid from paid_cents, which is always its payments less their refunds", () => {
    // The report works out what was paid before its first day from paid_cents (decision 0113).
    const drift = getDb()
      .$client.prepare(
        `select i.id from invoices i where i.paid_cents <>
          (select coalesce(sum(p.amount_cents), 0) from payments p where p.invoice_id = i.id)
          - (select coalesce(sum(r.amount_cents), 0) from refunds r join payments p on p.id = r.payment_id where p.invoice_id = i.id)`,
      )
      .all();
    expect(drift).toEqual([]);
    expect(csv.payments.length).toBeGreaterThan(5);
    expect(csv.refunds.length).toBeGreaterThan(2);
  });
  const earlierFrom = day(-729);
  const earlierTo = day(-365);
  const search = `period=range&from=${from}&to=${today}`;

  it("bills, collects and owes by month what the exported files say, this period and a year earlier", async () => {
    const report = await reportFor(search);
    const months = monthsOf(from, today);
    const earlier = monthsOf(earlierFrom, earlierTo);
    expect(report.charts.billed.rows).toHaveLength(months.length);
    const billed = (m: { from: string; to: string }) =>
      counted(csv)
        .filter((i) => inDays(i.sentOn, m.from, m.to))
        .reduce((s, i) => s + i.total, 0);
    const collected = (m: { from: string; to: string }) =>
      sumOf(csv.payments, "received_on", m.from, m.to) - sumOf(csv.refunds, "refunded_on", m.from, m.to);
    const owed = (m: { from: string; to: string }) => owedFromCsv(csv, m.to).reduce((s, i) => s + i.owed, 0);
    expect(report.charts.billed.rows.map((r) => r.values)).toEqual(
      months.map((m, i) => [billed(m), billed(earlier[i]!)]),
    );
    expect(report.charts.collected.rows.map((r) => r.values)).toEqual(
      months.map((m, i) => [collected(m), collected(earlier[i]!)]),
    );
    expect(report.charts.owed.rows.map((r) => r.values)).toEqual(months.map((m, i) => [owed(m), owed(earlier[i]!)]));
    // The totals: the whole period's, against the same days a year earlier.
    const whole = { from, to: today };
    const before = { from: earlierFrom, to: earlierTo };
    expect(report.totals.map((t) => [t.label, t.cents, t.earlierCents])).toEqual([
      ["Billed", billed(whole), billed(before)],
      ["Collected", collected(whole), collected(before)],
      ["Still owed", owed(whole), owed(before)],
    ]);
    // And what the jobs above make of them, so that an empty report could not pass.
    expect(billed(whole)).toBe(900_000 + 600_000 + 650_000 + 360_000 + 840_000 + 150_000 + 300_000);
    expect(collected(whole)).toBe(
      400_000 + 200_000 + 600_000 - 50_000 + 360_000 + 100_000 + 240_000 - 240_000 - 100_000,
    );
    expect(billed(before)).toBe(600_000 + 1_400_000);
  });

  it("ages today's receivables as the export does, and their total is the pipeline's owed on won jobs", async () => {
    const report = await reportFor(search);
    expect(report.receivablesOn).toBe(today);
    const open = owedFromCsv(csv, today);
    const expected = [0, 1, 2, 3, 4].map((b) => open.filter((i) => bucketOf(daysBetween(i.dueOn, today)) === b));
    expect(report.buckets.map((b) => b.totalCents)).toEqual(
      expected.map((list) => list.reduce((s, i) => s + i.owed, 0)),
    );
    expect(report.buckets.map((b) => b.count)).toEqual(expected.map((list) => list.length));
    const total = report.buckets.reduce((s, b) => s + b.totalCents, 0);
    // One figure: the invoices file's owed column, the pipeline's "Owed on won jobs", the report.
    expect(total).toBe(csv.invoices.reduce((s, i) => s + cents(i.owed!), 0));
    expect(total).toBe(owingJobs(today).owedCents);
    // The jobs behind each bar, as the owner reads them below the chart.
    const listed = report.buckets.map((b) => b.receivables.map((r) => [r.name, r.owedCents, r.daysPastDue]));
    expect(listed).toEqual([
      [["Fay Fischer", 300_000, 0]],
      [["Dan Dietz", 150_000, 10]],
      [["Cara Castillo", 740_000, 45]],
      [["Ben Brandt", 650_000, 75]],
      [
        ["Hank Holt", 150_000, 1100],
        ["Gus Grant", 100_000, 1000],
        ["Ben Brandt", 50_000, 200],
        ["Ann Abbott", 700_000, 120],
      ],
    ]);
    expect(report.charts.receivables.rows.map((r) => r.href)).toEqual(
      report.buckets.map((b) => `#receivables-${b.id}`),
    );
  });

  it("reads receivables on the period's last day for a period in the past", async () => {
    const end = day(-60);
    const report = await reportFor(`period=range&from=${day(-120)}&to=${end}`);
    expect(report.receivablesOn).toBe(end);
    const open = owedFromCsv(csv, end);
    expect(report.buckets.reduce((s, b) => s + b.totalCents, 0)).toBe(open.reduce((s, i) => s + i.owed, 0));
    // Cara's final was not sent yet, and her deposit was paid: Ann's deposit, both of Ben's bills,
    // and the old ones (Gus's owes again from his refund that day).
    expect(report.buckets.flatMap((b) => b.receivables.map((r) => r.name)).sort()).toEqual([
      "Ann Abbott",
      "Ben Brandt",
      "Ben Brandt",
      "Gus Grant",
      "Hank Holt",
    ]);
  });

  it("is the owner's alone", async () => {
    const { kim, sam } = await signInTeam([
      ["kim", "office", "Kim Office"],
      ["sam", "crew", "Sam Crew"],
    ]);
    for (const who of [kim!, sam!]) {
      const request = new Request(`http://site.test/admin/reports/money?${search}`, {
        headers: { Cookie: who.cookie },
      });
      expect((await answer(() => moneyRoute.loader(routeArgs(request)))).status).toBe(403);
    }
  });
});
