import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";
import {
  accountantFileName,
  bankRow,
  customerName,
  customerRow,
  invoiceRows,
  mergeSorted,
  moneyMoveBefore,
  QBO_BANK_COLUMNS,
  QBO_CUSTOMER_COLUMNS,
  QBO_INVOICE_COLUMNS,
  salesSummary,
  salesSummaryRows,
  usDate,
  type MoneyMove,
  type QboInvoice,
} from "./quickbooks";
import { monthPeriod, quarterPeriod, rangePeriod, yearPeriod } from "./report-period";
import { kansasInstant } from "./business-time";

/** A fixture's header row: the file's one line that is not a note. */
function fixtureHeader(name: string): string[] {
  const text = fs.readFileSync(new URL(`../../tests/fixtures/quickbooks/${name}`, import.meta.url), "utf8");
  const lines = text.split("\n").filter((line) => line && !line.startsWith("#"));
  expect(lines).toHaveLength(1);
  return lines[0]!.split(",");
}

const at = (day: string, time: string) => {
  const instant = kansasInstant(day, time);
  if (!instant.ok) throw new Error(`${day} ${time}`);
  return instant.at;
};

const deposit: QboInvoice = {
  number: 7,
  kind: "deposit",
  // Late in the evening in Kansas: already the next day in UTC.
  sentAt: at("2026-11-03", "21:30"),
  dueOn: "2026-11-03",
  note: "Thank you,\nwe start Monday",
  lines: [{ description: "Deposit: 30% of the $12,000.00 accepted proposal", amountCents: 360000 }],
  taxCents: 0,
  taxRateBasisPoints: null,
  lead: { id: 12, name: "Karen Miller" },
};

const final: QboInvoice = {
  number: 9,
  kind: "final",
  sentAt: at("2026-12-01", "09:00"),
  dueOn: null,
  note: null,
  lines: [
    { description: "Roof work as accepted in the proposal", amountCents: 1200000 },
    { description: "Extra decking", amountCents: 45000, changeOrder: true },
    { description: "Less deposit invoice INV-0007", amountCents: -360000, deduction: true },
  ],
  taxCents: 75225,
  taxRateBasisPoints: 850,
  lead: { id: 12, name: "Karen Miller" },
};

describe("the invoices file", () => {
  it("has QuickBooks Online's header, column by column", () => {
    const ours = [...QBO_INVOICE_COLUMNS];
    const theirs = fixtureHeader("invoices-header.txt");
    expect(ours).toHaveLength(theirs.length);
    theirs.forEach((name, i) => expect(ours[i], `column ${i + 1}`).toBe(name));
  });

  it("writes one row per line, each with the invoice's number, customer and dates as QuickBooks reads them", () => {
    const rows = invoiceRows(final);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toHaveLength(QBO_INVOICE_COLUMNS.length);
      expect(row.slice(0, 4)).toEqual(["INV-0009", "Karen Miller (#12)", "12/01/2026", "12/01/2026"]);
    }
    const column = (name: (typeof QBO_INVOICE_COLUMNS)[number]) =>
      rows.map((r) => r[QBO_INVOICE_COLUMNS.indexOf(name)]);
    expect(column("Item(Product/Service)")).toEqual(["Roof work", "Change order", "Roof work"]);
    expect(column("ItemQuantity")).toEqual(["1", "1", "1"]);
    expect(column("ItemRate")).toEqual(["12000.00", "450.00", "-3600.00"]);
    expect(column("*ItemAmount")).toEqual(["12000.00", "450.00", "-3600.00"]);
    // Tax is charged on this one: every line is taxable at the proposal's rate.
    expect(column("Taxable")).toEqual(["Y", "Y", "Y"]);
    expect(column("TaxRate")).toEqual(["8.5%", "8.5%", "8.5%"]);
  });

  it("dates an invoice by the Kansas day it was sent, MM/DD/YYYY, and keeps the note on one line", () => {
    const [row] = invoiceRows(deposit);
    expect(row!.slice(0, 4)).toEqual(["INV-0007", "Karen Miller (#12)", "11/03/2026", "11/03/2026"]);
    expect(row![QBO_INVOICE_COLUMNS.indexOf("Memo")]).toBe("Deposit invoice: Thank you, we start Monday");
    expect(row![QBO_INVOICE_COLUMNS.indexOf("Taxable")]).toBe("N");
    expect(row![QBO_INVOICE_COLUMNS.indexOf("TaxRate")]).toBe("");
    // Every date cell is MM/DD/YYYY, every money cell a plain number with two decimals.
    const cell = (row: string[], name: (typeof QBO_INVOICE_COLUMNS)[number]) => row[QBO_INVOICE_COLUMNS.indexOf(name)]!;
    for (const r of [...invoiceRows(deposit), ...invoiceRows(final)]) {
      for (const name of ["*InvoiceDate", "*DueDate"] as const) expect(cell(r, name)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      for (const name of ["ItemRate", "*ItemAmount"] as const) expect(cell(r, name)).toMatch(/^-?\d+\.\d{2}$/);
    }
  });
});

describe("customers", () => {
  it("has the fields QuickBooks Online imports, in its order", () => {
    expect([...QBO_CUSTOMER_COLUMNS]).toEqual(fixtureHeader("customers-header.txt"));
  });

  it("names each lead once and apart from a namesake, within QuickBooks' rules", () => {
    expect(customerName({ id: 12, name: "Karen Miller" })).toBe("Karen Miller (#12)");
    expect(customerName({ id: 13, name: "Karen Miller" })).not.toBe(customerName({ id: 12, name: "Karen Miller" }));
    expect(customerName({ id: 5, name: 'Bob "Red": Smith\t Jr' })).toBe("Bob Red Smith Jr (#5)");
    expect(customerName({ id: 5, name: "   " })).toBe("Homeowner (#5)");
    const long = customerName({ id: 123456, name: "A".repeat(300) });
    expect(long.length).toBe(100);
    expect(long.endsWith(" (#123456)")).toBe(true);
  });

  it("gives an address the business's state, and nothing where there is no address", () => {
    const row = customerRow(
      {
        id: 12,
        name: "Karen Miller",
        email: "karen@example.com",
        phone: "3165550188",
        street: "412 N Main St",
        city: "Derby",
        zip: "67037",
      },
      "KS",
    );
    expect(Object.fromEntries(QBO_CUSTOMER_COLUMNS.map((c, i) => [c, row[i]]))).toMatchObject({
      Name: "Karen Miller (#12)",
      Email: "karen@example.com",
      Phone: "(316) 555-0188",
      Street: "412 N Main St",
      City: "Derby",
      State: "KS",
      "ZIP code": "67037",
      "Opening Balance": "",
    });
    const bare = customerRow({ id: 3, name: "Al", email: "", phone: null, street: null, city: null, zip: null }, "KS");
    expect(bare.filter(Boolean)).toEqual(["Al (#3)"]);
  });
});

describe("the payments file", () => {
  const payment: MoneyMove = {
    kind: "payment",
    id: 4,
    day: "2026-11-05",
    amountCents: 360000,
    method: "check",
    checkNumber: "1042",
    invoiceNumber: 7,
    lead: { id: 12, name: "Karen Miller" },
  };
  const refund: MoneyMove = {
    kind: "refund",
    id: 1,
    day: "2026-11-05",
    amountCents: 15000,
    reason: "Gutter guard\nleft off",
    invoiceNumber: 7,
    lead: { id: 12, name: "Karen Miller" },
  };

  it("is QuickBooks' 3-column bank upload", () => {
    expect([...QBO_BANK_COLUMNS]).toEqual(fixtureHeader("bank-3-column-header.txt"));
  });

  it("lists money in as positive and refunds as money out, with the invoice number to match", () => {
    expect(bankRow(payment)).toEqual([
      "11/05/2026",
      "Payment for INV-0007 from Karen Miller (#12), by check no. 1042",
      "3600.00",
    ]);
    expect(bankRow(refund)).toEqual([
      "11/05/2026",
      "Refund on INV-0007 to Karen Miller (#12): Gutter guard left off",
      "-150.00",
    ]);
    // A spreadsheet reads the refund as a number, not a formula.
    expect(toCsv([...QBO_BANK_COLUMNS], [bankRow(refund)])).toContain(",-150.00\r\n");
  });

  it("puts payments and refunds in one order: by day, payments first, then by number", () => {
    const later = { ...payment, id: 2, day: "2026-11-06" };
    const merged = [...mergeSorted([payment, later], [refund], moneyMoveBefore)];
    expect(merged.map((m) => `${m.kind} ${m.id}`)).toEqual(["payment 4", "refund 1", "payment 2"]);
    expect([...mergeSorted([], [refund], moneyMoveBefore)]).toEqual([refund]);
    expect([...mergeSorted([1, 3, 5], [2, 4], (a, b) => a < b)]).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("the sales summary", () => {
  it("sums each Kansas month: invoiced with its tax, payments less refunds, and a total", () => {
    const summary = salesSummary(
      ["2026-10", "2026-11", "2026-12"],
      [
        // Halloween night in Kansas is November in UTC: October's.
        { sentAt: at("2026-10-31", "22:00"), totalCents: 100000, taxCents: 0 },
        { sentAt: at("2026-11-02", "10:00"), totalCents: 10850, taxCents: 850 },
        // Outside the period: not counted.
        { sentAt: at("2027-01-02", "10:00"), totalCents: 999, taxCents: 0 },
      ],
      new Map([["2026-11", 50000]]),
      new Map([
        ["2026-11", 15000],
        ["2026-12", 2000],
      ]),
    );
    expect(summary.months.map((m) => [m.month, m.invoicedCents, m.taxCents, m.collectedCents])).toEqual([
      ["2026-10", 100000, 0, 0],
      ["2026-11", 10850, 850, 35000],
      ["2026-12", 0, 0, -2000],
    ]);
    expect(summary.total).toMatchObject({ invoicedCents: 110850, taxCents: 850, collectedCents: 33000 });
    expect(salesSummaryRows(summary).at(-1)).toEqual(["Total", "1108.50", "8.50", "500.00", "170.00", "330.00"]);
  });
});

describe("file names", () => {
  it("name the period, so two periods' files never share a name", () => {
    expect(accountantFileName("invoices", quarterPeriod(2026, 4))).toBe("quickbooks-invoices-2026-Q4.csv");
    expect(accountantFileName("customers", monthPeriod("2026-11"))).toBe("quickbooks-customers-2026-11.csv");
    expect(accountantFileName("payments", yearPeriod(2026))).toBe("quickbooks-payments-2026.csv");
    expect(accountantFileName("sales-summary", rangePeriod("2026-11-03", "2027-01-05"))).toBe(
      "sales-summary-2026-11-03-to-2027-01-05.csv",
    );
  });

  it("write dates as MM/DD/YYYY", () => {
    expect(usDate("2027-01-05")).toBe("01/05/2027");
  });
});
