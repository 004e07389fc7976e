import { Download } from "lucide-react";
import { href } from "react-router";
import { AdminTable } from "~/components/admin-ui";
import { ReportNav } from "~/components/admin/report-nav";
import { ReportPeriodForm } from "~/components/admin/report-period-form";
import { businessToday, formatKansasDate } from "~/lib/business-time";
import { formatInvoiceNumber } from "~/lib/invoice";
import { formatCents } from "~/lib/money-format";
import {
  ACCOUNTANT_FILE_WORDS,
  ACCOUNTANT_FILES,
  accountantFileName,
  customerName,
  type SalesMonth,
} from "~/lib/quickbooks";
import { periodFromSearch, periodSearch, shortMonthLabel } from "~/lib/report-period";
import { requireAccess } from "~/services/access.server";
import { accountantView } from "~/services/accountant-export.server";
import type { Route } from "./+types/accountant-export";

/**
 * "For the accountant" (the owner's): the period's files for QuickBooks Online, the sales
 * summary by month, and the voided invoices the files leave out (decision 0103). A GET page:
 * choosing a period is an address, and nothing here changes anything.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/accountant-export");
  const url = new URL(request.url);
  const today = businessToday();
  const { period, error } = periodFromSearch(url.searchParams, today);
  const { summary, voided } = accountantView(period);
  const query = new URLSearchParams(periodSearch(period)).toString();
  return {
    role: user.role,
    search: url.search,
    period,
    error,
    today,
    summary,
    // Tax gets a column only when the owner charged some in the period.
    chargesTax: summary.total.taxCents > 0,
    files: ACCOUNTANT_FILES.map((file) => ({
      file,
      ...ACCOUNTANT_FILE_WORDS[file],
      href: `${href("/admin/reports/accountant/:file.csv", { file })}?${query}`,
      name: accountantFileName(file, period),
    })),
    voided: voided.map((v) => ({
      number: formatInvoiceNumber(v.number),
      customer: customerName({ id: v.leadId, name: v.leadName }),
      total: formatCents(v.totalCents),
      sent: v.sentAt ? formatKansasDate(v.sentAt) : null,
      voided: v.voidedAt ? formatKansasDate(v.voidedAt) : null,
      reason: v.voidReason,
    })),
  };
}

function SummaryRow({ row, label, chargesTax }: { row: SalesMonth; label: string; chargesTax: boolean }) {
  const total = row.month === "Total";
  const cell = `px-2 py-3 text-right tabular-nums sm:px-4 ${total ? "font-bold" : ""}`;
  return (
    <tr className={total ? "bg-sand/40" : undefined}>
      <th scope="row" className={`px-2 py-3 whitespace-nowrap sm:px-4 ${total ? "font-bold" : "font-medium"}`}>
        {label}
      </th>
      <td className={cell}>{formatCents(row.invoicedCents)}</td>
      {chargesTax && <td className={cell}>{formatCents(row.taxCents)}</td>}
      <td className={cell}>{formatCents(row.collectedCents)}</td>
    </tr>
  );
}

export default function AccountantExport({
  loaderData: { role, search, period, error, today, summary, chargesTax, files, voided },
}: Route.ComponentProps) {
  const quiet = summary.total.invoicedCents === 0 && summary.total.receivedCents === 0 && !summary.total.refundedCents;
  return (
    <>
      <h1 className="text-2xl font-bold">For the accountant</h1>
      <ReportNav role={role} search={search} />
      <p className="max-w-3xl text-sm text-ink-soft">
        Files for QuickBooks Online for the period you choose, and the sales by month. The same period gives the same
        files every time: download them again whenever the accountant asks.
      </p>
      <ReportPeriodForm
        action={href("/admin/reports/accountant")}
        period={period}
        today={today}
        error={error}
        compared={false}
      />

      <section aria-labelledby="files-heading" className="space-y-3">
        <h2 id="files-heading" className="text-lg font-bold">
          Files for {period.label}
        </h2>
        <ol className="grid gap-3 md:grid-cols-2">
          {files.map((f, i) => (
            <li key={f.file} className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
              <a
                href={f.href}
                download={f.name}
                className="inline-flex items-center gap-2 font-semibold text-brand-dark underline-offset-2 hover:underline"
              >
                <Download aria-hidden className="size-4 shrink-0" />
                {i + 1}. {f.title}
              </a>
              <p className="text-sm text-ink-soft">{f.about}</p>
              <p className="text-xs break-all text-ink-soft">{f.name}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="summary-heading" className="space-y-3">
        <h2 id="summary-heading" className="text-lg font-bold">
          Sales by month
        </h2>
        <AdminTable
          columns={["Month", "Invoiced", ...(chargesTax ? ["Sales tax"] : []), "Collected"]}
          rightFrom={1}
          cards={false}
        >
          {summary.months.map((m) => (
            <SummaryRow key={m.month} row={m} label={shortMonthLabel(m.month)} chargesTax={chargesTax} />
          ))}
          {summary.months.length > 1 && <SummaryRow row={summary.total} label="Total" chargesTax={chargesTax} />}
        </AdminTable>
        <p className="max-w-3xl text-xs text-ink-soft">
          {quiet ? "Nothing was invoiced, paid or refunded in this period. " : ""}
          Invoiced: invoices sent in the month (Kansas time), voided ones left out
          {chargesTax ? ", with the sales tax they charge" : ""}. Collected: payments received less refunds given back.
        </p>
      </section>

      {voided.length > 0 && (
        <section aria-labelledby="voided-heading" className="space-y-3">
          <h2 id="voided-heading" className="text-lg font-bold">
            Voided invoices, left out of the files
          </h2>
          <p className="max-w-3xl text-sm text-ink-soft">
            QuickBooks imports no voided invoice. One sent in an earlier period may already be in QuickBooks: void it
            there too.
          </p>
          <ul className="divide-y divide-black/5 rounded-xl bg-white shadow-sm">
            {voided.map((v) => (
              <li key={v.number} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                <span className="font-semibold">
                  {v.number} <span className="font-normal break-words">{v.customer}</span>
                </span>
                <span className="text-sm tabular-nums">{v.total}</span>
                <span className="w-full text-sm text-ink-soft">
                  Sent {v.sent ?? "—"}, voided {v.voided ?? "—"}
                  {v.reason ? `: ${v.reason}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "For the accountant | Admin" },
  { name: "robots", content: "noindex" },
];
