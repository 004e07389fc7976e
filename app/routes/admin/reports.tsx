import { href, Link, useNavigation } from "react-router";
import { ReportChart } from "~/components/admin/report-chart";
import { ReportFigures } from "~/components/admin/report-figures";
import { ReportNav } from "~/components/admin/report-nav";
import { ReportPeriodForm } from "~/components/admin/report-period-form";
import { seesBusinessNumbers } from "~/lib/access";
import { businessToday } from "~/lib/business-time";
import { leadReport, leadReportSpans, speedFigures, type SpeedToLead } from "~/lib/lead-report";
import { formatFigure } from "~/lib/report-chart";
import { periodFromSearch } from "~/lib/report-period";
import { leadNames, leadReportRows } from "~/models/lead-report.server";
import { requireAccess } from "~/services/access.server";
import type { Route } from "./+types/reports";

/** How the business does: leads, speed to lead, close rates and jobs, for a period against a year earlier. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/reports");
  const url = new URL(request.url);
  const now = new Date();
  const today = businessToday(now);
  const { period, error } = periodFromSearch(url.searchParams, today);
  // The office reads counts, rates and times; dollars are the owner's (decision 0102).
  const report = leadReport(period, leadReportRows(leadReportSpans(period)), {
    money: seesBusinessNumbers(user.role),
    now,
    namesOf: leadNames,
  });
  return { role: user.role, search: url.search, today, period, error, report };
}

const leadHref = (id: number) => href("/admin/leads/:id", { id: String(id) });

export default function Reports({ loaderData: { role, search, today, period, error, report } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { charts, series } = report;
  return (
    <>
      <h1 className="text-2xl font-bold">Reports</h1>
      <ReportNav role={role} search={search} />
      <ReportPeriodForm action={href("/admin/reports")} period={period} today={today} error={error} />
      {/* Dimmed while the next period loads (with scripts). */}
      <div
        aria-busy={navigation.state === "loading" ? true : undefined}
        className="space-y-6 transition-opacity aria-busy:opacity-50"
      >
        <ReportFigures figures={report.figures} series={series} label="At a glance" />
        <ReportChart chart={charts.leadsOverTime} />
        <ReportChart chart={charts.leadsBySource} />
        <ReportChart chart={charts.standNow} />
        <SpeedSection speed={report.speed} series={series} />
        <h2 className="text-lg font-bold">Closed and won</h2>
        <ReportChart chart={charts.closeRateByWork} />
        <ReportChart chart={charts.closeRateByTown} />
        <h2 className="text-lg font-bold">Where the work is</h2>
        <ReportChart chart={charts.jobsByTown} />
        {charts.valueByTown ? <ReportChart chart={charts.valueByTown} /> : null}
      </div>
    </>
  );
}

/** How fast requests heard back: the figures, then the slowest and the ones nobody has contacted, by name. */
function SpeedSection({ speed, series }: { speed: SpeedToLead<{ name: string }>[]; series: string[] }) {
  const [current] = speed;
  return (
    <section aria-labelledby="speed-to-lead" className="space-y-3">
      <h2 id="speed-to-lead" className="text-lg font-bold">
        Speed to lead
      </h2>
      <p className="text-sm text-ink-soft">
        Website and text requests, from the moment they came in to the first time someone on the team reached the
        homeowner or moved the lead on: a note or a change of status, a visit booked, a text sent, a proposal mailed. A
        phone call written down was the contact itself and is not counted.
      </p>
      <ReportFigures figures={speedFigures(speed)} series={series} label="Speed to lead" />
      {current ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <LeadList
            id="slowest"
            title="Slowest to hear back"
            empty="Nobody was contacted in this period yet."
            rows={current.slowest.map((l) => ({ ...l, detail: `after ${formatFigure("minutes", l.minutes)}` }))}
          />
          <LeadList
            id="not-contacted"
            title={`Not contacted (${current.waitingCount})`}
            empty="Every request was answered."
            rows={current.waiting.map((l) => ({
              ...l,
              detail: `waiting ${formatFigure("minutes", l.minutes)}${l.archived ? ", archived" : ""}`,
            }))}
          />
        </div>
      ) : null}
    </section>
  );
}

function LeadList({
  id,
  title,
  empty,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  rows: { id: number; name: string; detail: string }[];
}) {
  return (
    <section aria-labelledby={id} className="space-y-2 rounded-xl bg-white p-4 shadow-sm sm:p-5">
      <h3 id={id} className="text-base font-bold">
        {title}
      </h3>
      {rows.length ? (
        <ul className="divide-y divide-black/5">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <Link to={leadHref(r.id)} className="min-w-0 font-semibold break-words text-brand-dark underline">
                {r.name}
              </Link>
              <span className="text-sm text-ink-soft">{r.detail}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-soft">{empty}</p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reports | Admin" }, { name: "robots", content: "noindex" }];
