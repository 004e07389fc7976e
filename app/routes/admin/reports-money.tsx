import { href } from "react-router";
import { MoneyTotals, ReceivableLists } from "~/components/admin/money-report";
import { ReportChart } from "~/components/admin/report-chart";
import { ReportNav } from "~/components/admin/report-nav";
import { ReportPeriodForm } from "~/components/admin/report-period-form";
import { StillToCome } from "~/components/admin/still-to-come";
import { stillToComeBySide } from "~/lib/claim-money";
import { openClaimsMoney, owedByPayer } from "~/models/claim-money.server";
import { businessToday } from "~/lib/business-time";
import { moneyReport } from "~/lib/money-report";
import { periodFromSearch } from "~/lib/report-period";
import { invoiceLabels, moneyReportRows } from "~/models/money-report.server";
import { requireAccess } from "~/services/access.server";
import type { Route } from "./+types/reports-money";

/**
 * The owner's money for a period against a year earlier (decision 0105): billed, collected
 * and still owed by month, and what is owed now by how late it is, each bar's invoices listed.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/reports-money");
  const url = new URL(request.url);
  const today = businessToday();
  const { period, error } = periodFromSearch(url.searchParams, today);
  const report = moneyReport(moneyReportRows(period, today), period, today, invoiceLabels);
  const toCome = stillToComeBySide(owedByPayer(), openClaimsMoney());
  return { role: user.role, search: url.search, today, period, error, report, toCome };
}

export default function MoneyReport({ loaderData }: Route.ComponentProps) {
  const { role, search, today, period, error, report, toCome } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Reports</h1>
      <ReportNav role={role} search={search} />
      <ReportPeriodForm action={href("/admin/reports/money")} period={period} today={today} error={error} />
      <MoneyTotals totals={report.totals} earlier={report.charts.billed.series[1] ?? ""} />
      <ReportChart chart={report.charts.billed} />
      <ReportChart chart={report.charts.collected} />
      <ReportChart chart={report.charts.owed} />
      <ReportChart chart={report.charts.receivables} />
      <ReceivableLists buckets={report.buckets} />
      <StillToCome rows={toCome} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Money report | Admin" },
  { name: "robots", content: "noindex" },
];
