import { kansasDay } from "./business-time";
import { formatPhone } from "./business";
import { dollars } from "./export-files";
import { formatInvoiceNumber } from "./invoice";
import {
  INVOICE_KIND_LABELS,
  paymentMethodWords,
  type InvoiceKind,
  type InvoiceLine,
  type PaymentMethod,
} from "./invoice-kinds";
import { formatBasisPoints } from "./money-format";
import type { ProposalSources } from "./proposal";
import type { ReportPeriod } from "./report-period";

/**
 * The accountant's files in QuickBooks Online's import formats (decision 0103): invoices
 * (Import data > Invoices), customers (Import data > Customers) and the money in and out as
 * a bank upload (QuickBooks Online imports no received payments of its own), plus a sales
 * summary by month for a person. Pure: rows in, rows out; the same rows give the same bytes.
 */

/** The header row of QuickBooks Online's sample invoice file (US): tests/fixtures/quickbooks holds it as published. */
export const QBO_INVOICE_COLUMNS = [
  "*InvoiceNo",
  "*Customer",
  "*InvoiceDate",
  "*DueDate",
  "Terms",
  "Location",
  "Memo",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "*ItemAmount",
  "Taxable",
  "TaxRate",
  "Service Date",
] as const;

/** The customer fields QuickBooks Online imports, in its order. */
export const QBO_CUSTOMER_COLUMNS = [
  "Name",
  "Company",
  "Email",
  "Phone",
  "Mobile",
  "Fax",
  "Website",
  "Street",
  "City",
  "State",
  "ZIP code",
  "Country",
  "Opening Balance",
  "Opening Balance Date",
  "Resale Number",
] as const;

/** QuickBooks Online's 3-column bank upload: money in positive, money out negative. */
export const QBO_BANK_COLUMNS = ["Date", "Description", "Amount"] as const;

export const SALES_SUMMARY_COLUMNS = [
  "Month",
  "Invoiced",
  "Sales tax",
  "Payments received",
  "Refunds",
  "Collected",
] as const;

/** The products/services the invoice lines name: add them to QuickBooks once (README). */
export const QBO_ITEMS = { work: "Roof work", changeOrder: "Change order" } as const;

/** The files of the page, in the order QuickBooks takes them: customers before their invoices. */
export const ACCOUNTANT_FILES = ["customers", "invoices", "payments", "sales-summary"] as const;
export type AccountantFile = (typeof ACCOUNTANT_FILES)[number];

/** What each file is, as the page offers it (the README says the same steps at length). */
export const ACCOUNTANT_FILE_WORDS: Record<AccountantFile, { title: string; about: string }> = {
  customers: {
    title: "Customers",
    about:
      "Import first, in QuickBooks Online: Settings > Import data > Customers. Each homeowner of the period once, named with the lead's number, as the invoices name them.",
  },
  invoices: {
    title: "Invoices",
    about:
      "Settings > Import data > Invoices. Invoices sent in the period, one row per line; voided ones are left out (listed below).",
  },
  payments: {
    title: "Payments and refunds",
    about:
      "QuickBooks Online does not import received payments. This is its bank upload (date, description, amount): Transactions > Bank transactions > Upload from file, then match each to its invoice. Refunds are money out.",
  },
  "sales-summary": {
    title: "Sales summary",
    about: "The table below as a spreadsheet, with payments and refunds apart.",
  },
};

export const isAccountantFile = (value: string): value is AccountantFile =>
  (ACCOUNTANT_FILES as readonly string[]).includes(value);

/** "2026-11-03" → "11/03/2026": the date format QuickBooks Online's US files use. */
export function usDate(day: string): string {
  const [y, m, d] = day.split("-");
  return `${m}/${d}/${y}`;
}

/** The part of a period a file's name carries: "2026-11", "2026-Q4", "2026", "2026-11-03-to-2027-01-05". */
export function periodTag(period: ReportPeriod): string {
  switch (period.kind) {
    case "month":
      return period.from.slice(0, 7);
    case "quarter":
      return `${period.from.slice(0, 4)}-Q${(Number(period.from.slice(5, 7)) + 2) / 3}`;
    case "year":
      return period.from.slice(0, 4);
    case "range":
      return `${period.from}-to-${period.to}`;
  }
}

export const accountantFileName = (file: AccountantFile, period: ReportPeriod) =>
  file === "sales-summary" ? `sales-summary-${periodTag(period)}.csv` : `quickbooks-${file}-${periodTag(period)}.csv`;

// QuickBooks refuses a name with a tab, a line break, a colon or a quotation mark, and one over 100 characters.
const QBO_NAME_MAX = 100;
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The customer's name in every file: the homeowner's name and the lead's number, "John Smith
 * (#123)". The same lead is the same customer in every period's files, and two John Smiths
 * are two customers (QuickBooks matches customers by name alone).
 */
export function customerName(lead: { id: number; name: string }): string {
  const tag = ` (#${lead.id})`;
  const name = oneLine(lead.name.replace(/[:"]/g, " ")) || "Homeowner";
  return name.slice(0, QBO_NAME_MAX - tag.length).trimEnd() + tag;
}

export type QboInvoice = {
  number: number;
  kind: InvoiceKind;
  sentAt: Date;
  dueOn: string | null;
  note: string | null;
  lines: InvoiceLine[];
  taxCents: number;
  /** The accepted proposal's rate, when the invoice charges tax. */
  taxRateBasisPoints: number | null;
  lead: { id: number; name: string };
};

/** One row per line of the invoice, as QuickBooks groups them by InvoiceNo. */
export function invoiceRows(invoice: QboInvoice): string[][] {
  const day = usDate(kansasDay(invoice.sentAt));
  const due = invoice.dueOn ? usDate(invoice.dueOn) : day;
  const memo = [`${INVOICE_KIND_LABELS[invoice.kind]} invoice`, invoice.note ? oneLine(invoice.note) : ""]
    .filter(Boolean)
    .join(": ");
  const taxed = invoice.taxCents > 0;
  const rate = !taxed || invoice.taxRateBasisPoints === null ? "" : formatBasisPoints(invoice.taxRateBasisPoints);
  return invoice.lines.map((line) => [
    formatInvoiceNumber(invoice.number),
    customerName(invoice.lead),
    day,
    due,
    "",
    "",
    memo,
    line.changeOrder ? QBO_ITEMS.changeOrder : QBO_ITEMS.work,
    oneLine(line.description),
    "1",
    dollars(line.amountCents)!,
    dollars(line.amountCents)!,
    taxed ? "Y" : "N",
    rate,
    "",
  ]);
}

/** A lead's contact and address, as the papers read them. */
export type QboCustomer = { id: number } & ProposalSources["lead"];

/**
 * A homeowner as QuickBooks imports a customer. The quote form asks no state: an address
 * is in the business's own (`state`, from its facts). No opening balance: the invoices
 * carry what is owed.
 */
export function customerRow(customer: QboCustomer, state: string): string[] {
  const hasAddress = Boolean(customer.street || customer.city || customer.zip);
  return [
    customerName(customer),
    "",
    customer.email.trim(),
    customer.phone ? formatPhone(customer.phone) : "",
    "",
    "",
    "",
    oneLine(customer.street ?? ""),
    oneLine(customer.city ?? ""),
    hasAddress ? state : "",
    oneLine(customer.zip ?? ""),
    "",
    "",
    "",
    "",
  ];
}

/** Money that came in (a payment) or went back (a refund), as the bank upload lists it. */
export type MoneyMove =
  | {
      kind: "payment";
      id: number;
      day: string;
      amountCents: number;
      method: PaymentMethod;
      checkNumber: string | null;
      invoiceNumber: number | null;
      lead: { id: number; name: string };
    }
  | {
      kind: "refund";
      id: number;
      day: string;
      amountCents: number;
      reason: string;
      invoiceNumber: number | null;
      lead: { id: number; name: string };
    };

/** Payments before refunds on the same day, each by its number: the file's one order. */
export const moneyMoveBefore = (a: MoneyMove, b: MoneyMove) =>
  a.day !== b.day ? a.day < b.day : a.kind !== b.kind ? a.kind === "payment" : a.id < b.id;

/** "Payment for INV-0007 from John Smith (#12), by check no. 1042" / "Refund on INV-0007 to …: reason". */
export function bankRow(move: MoneyMove): string[] {
  const invoice = formatInvoiceNumber(move.invoiceNumber);
  const who = customerName(move.lead);
  if (move.kind === "payment")
    return [
      usDate(move.day),
      `Payment for ${invoice} from ${who}, ${paymentMethodWords(move)}`,
      dollars(move.amountCents)!,
    ];
  return [usDate(move.day), `Refund on ${invoice} to ${who}: ${oneLine(move.reason)}`, dollars(-move.amountCents)!];
}

/**
 * Two sequences each already in order, as one in order (`before(a, b)`: a comes first),
 * pulling from each only as far as needed.
 */
export function* mergeSorted<T>(a: Iterable<T>, b: Iterable<T>, before: (x: T, y: T) => boolean): Generator<T> {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  let x = left.next();
  let y = right.next();
  while (!x.done || !y.done) {
    if (y.done || (!x.done && !before(y.value, x.value))) {
      yield x.value as T;
      x = left.next();
    } else {
      yield y.value;
      y = right.next();
    }
  }
}

export type SalesMonth = {
  /** "YYYY-MM", or "Total" for the last row. */
  month: string;
  invoicedCents: number;
  taxCents: number;
  receivedCents: number;
  refundedCents: number;
  collectedCents: number;
};

/**
 * Per Kansas month of the period: invoiced (sent and not void, by the day it was sent), of
 * which sales tax, and collected (payments received less refunds given back), then the total.
 */
export function salesSummary(
  months: readonly string[],
  invoices: Iterable<{ sentAt: Date; totalCents: number; taxCents: number }>,
  received: ReadonlyMap<string, number>,
  refunded: ReadonlyMap<string, number>,
): { months: SalesMonth[]; total: SalesMonth } {
  const rows = new Map<string, SalesMonth>(
    months.map((month) => {
      const receivedCents = received.get(month) ?? 0;
      const refundedCents = refunded.get(month) ?? 0;
      return [
        month,
        {
          month,
          invoicedCents: 0,
          taxCents: 0,
          receivedCents,
          refundedCents,
          collectedCents: receivedCents - refundedCents,
        },
      ];
    }),
  );
  for (const invoice of invoices) {
    const row = rows.get(kansasDay(invoice.sentAt).slice(0, 7));
    if (!row) continue;
    row.invoicedCents += invoice.totalCents;
    row.taxCents += invoice.taxCents;
  }
  const list = [...rows.values()];
  const sum = (key: keyof Omit<SalesMonth, "month">) => list.reduce((s, r) => s + r[key], 0);
  return {
    months: list,
    total: {
      month: "Total",
      invoicedCents: sum("invoicedCents"),
      taxCents: sum("taxCents"),
      receivedCents: sum("receivedCents"),
      refundedCents: sum("refundedCents"),
      collectedCents: sum("collectedCents"),
    },
  };
}

/** The sales summary as its CSV's rows, the total last. */
export const salesSummaryRows = (summary: { months: SalesMonth[]; total: SalesMonth }): string[][] =>
  [...summary.months, summary.total].map((r) => [
    r.month,
    dollars(r.invoicedCents)!,
    dollars(r.taxCents)!,
    dollars(r.receivedCents)!,
    dollars(r.refundedCents)!,
    dollars(r.collectedCents)!,
  ]);
