import { href } from "react-router";
import { ReportNav } from "~/components/admin/report-nav";
import { ReportPeriodForm } from "~/components/admin/report-period-form";
import { businessToday } from "~/lib/business-time";
import { periodFromSearch } from "~/lib/report-period";
import { requireAccess } from "~/services/access.server";
import type { Route } from "./+types/reports";

/** How the business does: leads, speed to lead, close rates and jobs, for a period against a year earlier. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/reports");
  const url = new URL(request.url);
  const today = businessToday();
  const { period, error } = periodFromSearch(url.searchParams, today);
  return { role: user.role, search: url.search, today, period, error };
}

export default function Reports({ loaderData: { role, search, today, period, error } }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Reports</h1>
      <ReportNav role={role} search={search} />
      <ReportPeriodForm action={href("/admin/reports")} period={period} today={today} error={error} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reports | Admin" }, { name: "robots", content: "noindex" }];
