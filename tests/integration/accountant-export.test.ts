import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices, outbox, proposals, refunds } from "~/db/schema";
import { kansasInstant } from "~/lib/business-time";
import { csvChunks } from "~/lib/csv";
import { EXPORT_FILES, type ExportFileName } from "~/lib/export-files";
import { systemActor } from "~/lib/actor";
import { mayOpen } from "~/lib/access";
import { REPORT_PAGES } from "~/lib/admin-sections";
import { QBO_BANK_COLUMNS, QBO_CUSTOMER_COLUMNS, QBO_INVOICE_COLUMNS } from "~/lib/quickbooks";
import { EXPORT_ROWS } from "~/models/export.server";
import { createInvoiceDraft, saveInvoiceDraft, sendInvoice, voidInvoice } from "~/models/invoice.server";
import { createLead } from "~/models/lead.server";
import { recordPayment } from "~/models/payment.server";
import { recordAcceptance } from "~/models/proposal.server";
import { getSetting, setSetting } from "~/models/settings.server";
import { getDb } from "~/server/db.server";
import * as fileRoute from "~/routes/resources/accountant-file";
import * as pageRoute from "~/routes/admin/accountant-export";
import { csvRecords, csvRows } from "../csv-rows";
import { routeArgs, signInTeam } from "./admin-session";

// The accountant's files (decision 0103) against "Export everything": the same invoices,
// payments and totals, whichever file the figures are read from; the same period twice
// gives the same bytes; and exporting changes nothing in the site.

const by = systemActor("Test");
let team: Record<string, { id: number; cookie: string }> = {};

const at = (day: string, time: string) => {
  const instant = kansasInstant(day, time);
  if (!instant.ok) throw new Error(`${day} ${time}`);
  return instant.at;
};

const NOVEMBER = "period=month&month=2026-11";
const Q4 = "period=quarter&quarter=2026-Q4";

/** A lead whose proposal for `totalCents` was accepted: its deposit draft (30 %) comes with it. */
function acceptedJob(name: string, totalCents: number, address: { street?: string; city?: string; zip?: string } = {}) {
  const lead = createLead({
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
    phone: "3165550188",
    message: "Hail",
    ...address,
  });
  const proposal = getDb()
    .insert(proposals)
    .values({
      leadId: lead.id,
      content: { totalCents, subtotalCents: totalCents, taxRateBasisPoints: 0, taxCents: 0, lines: [], terms: "" },
      totalCents,
      expiresAt: at("2027-12-31", "12:00"),
    })
    .returning()
    .get();
  recordAcceptance(proposal.id, { name, ip: "127.0.0.1" }, at("2026-10-01", "10:00"));
  const deposit = getDb().select().from(invoices).where(eq(invoices.leadId, lead.id)).get()!;
  return { leadId: lead.id, proposalId: proposal.id, depositId: deposit.id };
}

function sent(leadId: number, invoiceId: number, when: Date) {
  const outcome = sendInvoice(leadId, invoiceId, by, when);
  if (!outcome || !("invoice" in outcome)) throw new Error(`not sent: ${JSON.stringify(outcome)}`);
  return outcome.invoice;
}

function paid(invoiceId: number, amountCents: number, receivedOn: string, method: "cash" | "check" | "online") {
  const outcome = recordPayment({
    invoiceId,
    amountCents,
    receivedOn,
    method,
    checkNumber: method === "check" ? "1042" : null,
    stripeSessionId: method === "online" ? `cs_test_${invoiceId}` : null,
    by,
  });
  if (outcome.status !== "recorded") throw new Error(JSON.stringify(outcome));
  return outcome.payment;
}

const request = (path: string, cookie: string) =>
  new Request(`http://site.test${path}`, { headers: { Cookie: cookie } });

/** A file as the owner downloads it, or the status it was refused with. */
async function download(
  file: string,
  query: string,
  cookie = team.owner!.cookie,
): Promise<{ status: number; text: string; name: string | null }> {
  try {
    const res: Response = await fileRoute.loader(
      routeArgs(request(`/admin/reports/accountant/${file}.csv?${query}`, cookie), { file }),
    );
    const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? null;
    return { status: res.status, text: await res.text(), name };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: "", name: null };
    throw thrown;
  }
}

/** One of "Export everything"'s files, as rows keyed by its header. */
function exported(file: ExportFileName): Record<string, string>[] {
  const header = EXPORT_FILES.find((f) => f.file === file)!.columns.map(([name]) => name);
  return csvRecords([...csvChunks(header, EXPORT_ROWS[file]())].join(""));
}

const keyed = (text: string) => {
  const [head, ...rows] = csvRows(text);
  return { head: head!, rows: rows.map((row) => Object.fromEntries(head!.map((name, i) => [name, row[i]!]))) };
};
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

beforeAll(async () => {
  team = await signInTeam([
    ["owner", "owner", "Dale Whitaker"],
    ["office", "office", "Kim Ruiz"],
    ["crew", "crew", "Joe Crew"],
  ]);
  setSetting("pricing", { ...getSetting("pricing"), depositBasisPoints: 3000 });

  // Karen: her deposit was sent in October and paid by check in November; the final bill
  // (with a change order, less the deposit) sent in November and partly paid in cash.
  const karen = acceptedJob("Karen Miller", 1_200_000, { street: "412 N Main St", city: "Derby", zip: "67037" });
  const deposit = sent(karen.leadId, karen.depositId, at("2026-10-20", "10:00"));
  paid(deposit.id, 360_000, "2026-11-02", "check");
  const final = createInvoiceDraft(karen.leadId, "final", by);
  if (!("id" in final)) throw new Error("no final draft");
  saveInvoiceDraft(karen.leadId, {
    intent: "save-invoice",
    invoiceId: final.id,
    basis: null,
    dueOn: "2026-11-24",
    note: "Thank you",
    changeOrders: [{ description: "Extra decking", amountCents: 45_000, changeOrder: true }],
  });
  paid(sent(karen.leadId, final.id, at("2026-11-10", "09:00")).id, 300_000, "2026-11-15", "cash");

  // John Smith: a deposit paid online, then $150 given back.
  const john = acceptedJob("John Smith", 500_000);
  const johnDeposit = sent(john.leadId, john.depositId, at("2026-11-05", "14:00"));
  const online = paid(johnDeposit.id, 150_000, "2026-11-06", "online");
  getDb()
    .insert(refunds)
    .values({ paymentId: online.id, amountCents: 15_000, refundedOn: "2026-11-20", reason: "Gutter guard\nleft off" })
    .run();
  getDb()
    .update(invoices)
    .set({ paidCents: 135_000, state: "partly_paid" })
    .where(eq(invoices.id, johnDeposit.id))
    .run();

  // Another John Smith: a deposit sent, then voided.
  const namesake = acceptedJob("John Smith", 400_000);
  sent(namesake.leadId, namesake.depositId, at("2026-11-12", "11:00"));
  voidInvoice(namesake.leadId, namesake.depositId, "Job called off", by, at("2026-11-13", "08:00"));

  // A draft that never went: in no file.
  acceptedJob("Drew Draft", 300_000);

  // Dana: a repair that charges 8.5 % sales tax, sent late on November 30 (December 1 in UTC).
  const dana = acceptedJob("Dana Cole", 10_850);
  getDb().delete(invoices).where(eq(invoices.leadId, dana.leadId)).run();
  getDb()
    .update(proposals)
    .set({
      content: {
        totalCents: 10_850,
        subtotalCents: 10_000,
        taxRateBasisPoints: 850,
        taxCents: 850,
        lines: [],
        terms: "",
      },
    })
    .where(eq(proposals.id, dana.proposalId))
    .run();
  getDb()
    .insert(invoices)
    .values({
      leadId: dana.leadId,
      proposalId: dana.proposalId,
      number: 5,
      kind: "final",
      state: "sent",
      lines: [{ description: "Roof repair", amountCents: 10_000 }],
      subtotalCents: 10_000,
      taxCents: 850,
      totalCents: 10_850,
      dueOn: "2026-12-14",
      sentAt: at("2026-11-30", "23:30"),
    })
    .run();

  // Fay: sent half an hour into December, Kansas time: December's.
  const fay = acceptedJob("Fay Dunn", 200_000);
  sent(fay.leadId, fay.depositId, at("2026-12-01", "00:30"));
});

describe("the invoices file", () => {
  it("starts with QuickBooks' header and holds the period's sent invoices, each as Export everything has it", async () => {
    const { status, text, name } = await download("invoices", NOVEMBER);
    expect(status).toBe(200);
    expect(name).toBe("quickbooks-invoices-2026-11.csv");
    const { head, rows } = keyed(text);
    expect(head).toEqual([...QBO_INVOICE_COLUMNS]);

    // Export everything's invoices sent on a November day in Kansas, not drafts nor void.
    const expected = exported("invoices.csv").filter(
      (i) => i.sent_at!.startsWith("2026-11") && !["draft", "void"].includes(i.state!),
    );
    expect(expected.map((i) => i.number)).toEqual(["INV-0002", "INV-0003", "INV-0005"]);
    expect([...new Set(rows.map((r) => r["*InvoiceNo"]))]).toEqual(expected.map((i) => i.number));
    for (const invoice of expected) {
      const lines = rows.filter((r) => r["*InvoiceNo"] === invoice.number);
      expect(
        lines.reduce((sum, r) => sum + cents(r["*ItemAmount"]!), 0),
        invoice.number,
      ).toBe(cents(invoice.subtotal!));
      const [y, m, d] = invoice.sent_at!.slice(0, 10).split("-");
      expect(lines.every((r) => r["*InvoiceDate"] === `${m}/${d}/${y}`)).toBe(true);
      expect(lines.every((r) => r.Taxable === (cents(invoice.tax!) > 0 ? "Y" : "N"))).toBe(true);
    }
  });

  it("bills the change order and takes off the deposit, under the names QuickBooks is given", async () => {
    const { rows } = keyed((await download("invoices", NOVEMBER)).text);
    const final = rows.filter((r) => r["*InvoiceNo"] === "INV-0002");
    expect(final.map((r) => [r["Item(Product/Service)"], r["*ItemAmount"]])).toEqual([
      ["Roof work", "12000.00"],
      ["Change order", "450.00"],
      ["Roof work", "-3600.00"],
    ]);
    expect(final[0]).toMatchObject({
      "*Customer": "Karen Miller (#1)",
      "*DueDate": "11/24/2026",
      Memo: "Final invoice: Thank you",
    });
    // Tax is shown where it was charged: at the proposal's rate.
    expect(rows.find((r) => r["*InvoiceNo"] === "INV-0005")).toMatchObject({
      Taxable: "Y",
      TaxRate: "8.5%",
      "*InvoiceDate": "11/30/2026",
    });
  });
});

describe("the customers file", () => {
  it("lists each homeowner of the period's invoices and payments once, named as the invoices name them", async () => {
    const invoicesFile = keyed((await download("invoices", NOVEMBER)).text);
    const paymentsFile = keyed((await download("payments", NOVEMBER)).text);
    const { status, text } = await download("customers", NOVEMBER);
    expect(status).toBe(200);
    const { head, rows } = keyed(text);
    expect(head).toEqual([...QBO_CUSTOMER_COLUMNS]);
    expect(rows.map((r) => r.Name)).toEqual(["Karen Miller (#1)", "John Smith (#2)", "Dana Cole (#5)"]);
    for (const r of invoicesFile.rows) expect(rows.map((c) => c.Name)).toContain(r["*Customer"]);
    for (const r of paymentsFile.rows) expect(rows.some((c) => r.Description!.includes(c.Name!))).toBe(true);
    expect(rows[0]).toMatchObject({
      Street: "412 N Main St",
      City: "Derby",
      State: "KS",
      "ZIP code": "67037",
      Phone: "(316) 555-0188",
    });
  });
});

describe("the payments file", () => {
  it("has each payment Export everything lists for the period, then the refund as money out", async () => {
    const { status, text } = await download("payments", NOVEMBER);
    expect(status).toBe(200);
    const { head, rows } = keyed(text);
    expect(head).toEqual([...QBO_BANK_COLUMNS]);
    const numbers = new Map(exported("invoices.csv").map((i) => [i.id, i.number]));
    // The bank's order: by day (Export everything lists them by number).
    const expected = exported("payments.csv")
      .filter((p) => p.received_on!.startsWith("2026-11"))
      .sort((a, b) => a.received_on!.localeCompare(b.received_on!) || Number(a.id) - Number(b.id));
    const payments = rows.filter((r) => cents(r.Amount!) > 0);
    expect(payments.map((r) => [r.Date, cents(r.Amount!)])).toEqual(
      expected.map((p) => [`${p.received_on!.slice(5, 7)}/${p.received_on!.slice(8)}/2026`, cents(p.amount!)]),
    );
    expected.forEach((p, i) => expect(payments[i]!.Description).toContain(numbers.get(p.invoice_id)!));
    expect(rows.map((r) => r.Description)).toEqual([
      "Payment for INV-0001 from Karen Miller (#1), by check no. 1042",
      "Payment for INV-0003 from John Smith (#2), online by card",
      "Payment for INV-0002 from Karen Miller (#1), in cash",
      "Refund on INV-0003 to John Smith (#2): Gutter guard left off",
    ]);
    expect(rows.at(-1)).toMatchObject({ Date: "11/20/2026", Amount: "-150.00" });
  });
});

describe("the sales summary", () => {
  it("agrees with Export everything month by month: invoiced, of which tax, and collected", async () => {
    const { text, name } = await download("sales-summary", Q4);
    expect(name).toBe("sales-summary-2026-Q4.csv");
    const { rows } = keyed(text);
    const allInvoices = exported("invoices.csv").filter((i) => !["draft", "void"].includes(i.state!));
    const allPayments = exported("payments.csv");
    const given = exported("refunds.csv");
    for (const month of ["2026-10", "2026-11", "2026-12"]) {
      const row = rows.find((r) => r.Month === month)!;
      const ofMonth = allInvoices.filter((i) => i.sent_at!.startsWith(month));
      expect(cents(row.Invoiced!), month).toBe(ofMonth.reduce((s, i) => s + cents(i.total!), 0));
      expect(cents(row["Sales tax"]!), month).toBe(ofMonth.reduce((s, i) => s + cents(i.tax!), 0));
      const received = allPayments
        .filter((p) => p.received_on!.startsWith(month))
        .reduce((s, p) => s + cents(p.amount!), 0);
      const refunded = given.filter((r) => r.refunded_on!.startsWith(month)).reduce((s, r) => s + cents(r.amount!), 0);
      expect(cents(row.Collected!), month).toBe(received - refunded);
    }
    expect(rows.find((r) => r.Month === "2026-11")).toMatchObject({
      Invoiced: "10458.50",
      "Sales tax": "8.50",
      "Payments received": "8100.00",
      Refunds: "150.00",
      Collected: "7950.00",
    });
    expect(rows.at(-1)).toMatchObject({ Month: "Total", Invoiced: "14658.50" });
  });

  it("is the page's table, with the tax column only where tax was charged, and the voided invoice listed apart", async () => {
    const page = await pageRoute.loader(routeArgs(request(`/admin/reports/accountant?${Q4}`, team.owner!.cookie)));
    expect(page.period.label).toBe("Q4 2026");
    expect(page.chargesTax).toBe(true);
    expect(page.summary.months.map((m) => m.invoicedCents)).toEqual([360_000, 1_045_850, 60_000]);
    expect(page.voided).toEqual([
      expect.objectContaining({
        number: "INV-0004",
        customer: "John Smith (#3)",
        total: "$1,200.00",
        reason: "Job called off",
      }),
    ]);
    expect(page.files.map((f) => f.href)).toContain(
      "/admin/reports/accountant/invoices.csv?period=quarter&quarter=2026-Q4",
    );
    const october = await pageRoute.loader(
      routeArgs(request("/admin/reports/accountant?period=month&month=2026-10", team.owner!.cookie)),
    );
    expect(october.chargesTax).toBe(false);
  });
});

describe("exporting", () => {
  it("gives byte-identical files for the same period, and changes nothing in the site", async () => {
    const changes = () => getDb().get<{ n: number }>(sql`select total_changes() as n`).n;
    const mails = () =>
      getDb()
        .select({ n: sql<number>`count(*)` })
        .from(outbox)
        .get()!.n;
    const before = { changes: changes(), mails: mails() };
    for (const file of ["customers", "invoices", "payments", "sales-summary"]) {
      for (const query of [NOVEMBER, Q4, "period=year&year=2026"]) {
        const first = await download(file, query);
        const second = await download(file, query);
        expect(first.status).toBe(200);
        expect(second.text, `${file} ${query}`).toBe(first.text);
      }
    }
    await pageRoute.loader(routeArgs(request(`/admin/reports/accountant?${Q4}`, team.owner!.cookie)));
    expect({ changes: changes(), mails: mails() }).toEqual(before);
  });

  it("is the owner's: the office and the crew are refused, a stranger is asked to sign in", async () => {
    // The Reports' tab bar offers it to the owner alone.
    expect(REPORT_PAGES.filter((p) => mayOpen("office", p.to)).map((p) => p.label)).not.toContain("For the accountant");
    expect(REPORT_PAGES.filter((p) => mayOpen("owner", p.to)).map((p) => p.label)).toContain("For the accountant");
    expect((await download("invoices", NOVEMBER, team.office!.cookie)).status).toBe(403);
    expect((await download("invoices", NOVEMBER, team.crew!.cookie)).status).toBe(403);
    expect((await download("invoices", NOVEMBER, "")).status).toBe(401);
    for (const who of ["office", "crew"]) {
      await expect(
        pageRoute.loader(routeArgs(request("/admin/reports/accountant", team[who]!.cookie))),
      ).rejects.toMatchObject({
        init: { status: 403 },
      });
    }
  });

  it("answers a file it does not have with 404 and a range that makes no sense with 400, never 500", async () => {
    expect((await download("everything", NOVEMBER)).status).toBe(404);
    expect((await download("__proto__", NOVEMBER)).status).toBe(404);
    const bad = await download("invoices", "period=range&from=2026-12-01&to=2026-11-01");
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/first and a last day/);
    // Anything else malformed is this month.
    for (const query of [
      "period=month&month=2026-13",
      "period=quarter&quarter=x",
      "period=year&year=0001",
      "period=%00",
    ])
      expect((await download("invoices", query)).status).toBe(200);
  });
});
