import { csvHeaders, csvStream } from "~/lib/csv";
import {
  accountantFileName,
  bankRow,
  customerRow,
  invoiceRows,
  mergeSorted,
  moneyMoveBefore,
  QBO_BANK_COLUMNS,
  QBO_CUSTOMER_COLUMNS,
  QBO_INVOICE_COLUMNS,
  SALES_SUMMARY_COLUMNS,
  salesSummary,
  salesSummaryRows,
  type AccountantFile,
} from "~/lib/quickbooks";
import { periodInstants, periodMonths, type ReportPeriod } from "~/lib/report-period";
import {
  countedInvoices,
  countedInvoiceTotals,
  moneyByMonth,
  paymentsReceived,
  periodCustomers,
  refundsGiven,
  voidedInvoices,
  type PeriodBounds,
} from "~/models/accountant-export.server";
import { getBusinessFacts } from "~/models/settings.server";

/**
 * "For the accountant" (decision 0103): a period's invoices, customers and money in and out
 * in QuickBooks Online's import formats, and the sales summary by month. One-way and
 * repeatable: reading only, in a stable order, with nothing in a file that the period's
 * records do not decide (no "made at" stamp), so the same period gives the same bytes.
 */

const boundsOf = (period: ReportPeriod): PeriodBounds => ({
  ...periodInstants(period),
  from: period.from,
  to: period.to,
});

/** The sales summary of a period: the page's table and the CSV. */
export function periodSalesSummary(period: ReportPeriod) {
  const bounds = boundsOf(period);
  const { received, refunded } = moneyByMonth(bounds);
  return salesSummary(periodMonths(period), countedInvoiceTotals(bounds), received, refunded);
}

/** What the page shows besides the files: the summary, and the voided invoices the files leave out. */
export function accountantView(period: ReportPeriod) {
  const summary = periodSalesSummary(period);
  return { summary, voided: voidedInvoices(boundsOf(period)) };
}

function rowsOf(file: AccountantFile, period: ReportPeriod): { header: readonly string[]; rows: Iterable<string[]> } {
  const bounds = boundsOf(period);
  switch (file) {
    case "invoices":
      return { header: QBO_INVOICE_COLUMNS, rows: flatMap(countedInvoices(bounds), invoiceRows) };
    case "customers": {
      const state = getBusinessFacts().region;
      return { header: QBO_CUSTOMER_COLUMNS, rows: map(periodCustomers(bounds), (c) => customerRow(c, state)) };
    }
    case "payments":
      return {
        header: QBO_BANK_COLUMNS,
        rows: map(mergeSorted(paymentsReceived(bounds), refundsGiven(bounds), moneyMoveBefore), bankRow),
      };
    case "sales-summary":
      return { header: SALES_SUMMARY_COLUMNS, rows: salesSummaryRows(periodSalesSummary(period)) };
  }
}

function* map<T, U>(items: Iterable<T>, f: (item: T) => U): Generator<U> {
  for (const item of items) yield f(item);
}
function* flatMap<T, U>(items: Iterable<T>, f: (item: T) => U[]): Generator<U> {
  for (const item of items) yield* f(item);
}

/**
 * One of the files as a download, written as it is read. No byte-order mark: QuickBooks
 * reads UTF-8 and takes the first cell of the first row as a column's name.
 */
export function accountantFileResponse(file: AccountantFile, period: ReportPeriod): Response {
  const { header, rows } = rowsOf(file, period);
  return new Response(csvStream(header, rows), { headers: csvHeaders(accountantFileName(file, period)) });
}
