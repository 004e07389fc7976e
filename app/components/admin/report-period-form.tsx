import { Form, Link } from "react-router";
import { inputClass, secondaryButton } from "~/components/admin-ui";
import {
  PERIOD_KIND_LABELS,
  PERIOD_KINDS,
  periodSearch,
  periodShortcuts,
  yearEarlier,
  type ReportPeriod,
} from "~/lib/report-period";

// Only the fields of the chosen kind show, by CSS (:has), so the form needs no script.
const SHOWN_FOR = {
  month: "hidden group-has-[option[value=month]:checked]:block",
  quarter: "hidden group-has-[option[value=quarter]:checked]:block",
  year: "hidden group-has-[option[value=year]:checked]:block",
  range: "hidden group-has-[option[value=range]:checked]:block",
} as const;

/**
 * The period a report shows: one tap for the usual ones, or a month, quarter, year or range
 * of days. A GET form: the report is a link, and it works without scripts.
 */
export function ReportPeriodForm({
  action,
  period,
  today,
  error,
  compared = true,
}: {
  /** The report's own address (the form asks it again with the period). */
  action: string;
  period: ReportPeriod;
  today: string;
  error: string | null;
  /** Whether the report sets the period beside a year earlier (the accountant's files do not). */
  compared?: boolean;
}) {
  const asked = periodSearch(period);
  const thisYear = Number(today.slice(0, 4));
  const quarters = Array.from({ length: 12 }, (_, i) => {
    const year = thisYear - Math.floor(i / 4);
    const q = 4 - (i % 4);
    return `${year}-Q${q}`;
  });
  return (
    <section aria-labelledby="report-period" className="space-y-3 rounded-xl bg-white p-4 shadow-sm sm:p-5">
      <h2 id="report-period" className="text-base font-bold">
        {period.label}
        {compared && <span className="font-normal text-ink-soft"> compared with {yearEarlier(period).label}</span>}
      </h2>
      <ul className="flex flex-wrap gap-2 text-sm">
        {periodShortcuts(today).map((s) => (
          <li key={s.label}>
            <Link
              to={`${action}?${new URLSearchParams(periodSearch(s.period))}`}
              aria-current={s.period.label === period.label && s.period.kind === period.kind ? "true" : undefined}
              className="inline-flex min-h-10 items-center rounded-full border border-black/15 px-3 py-1.5 font-medium hover:bg-sand aria-[current=true]:border-brand aria-[current=true]:bg-brand-soft aria-[current=true]:text-brand-dark"
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" action={action} className="group flex flex-wrap items-end gap-3">
        {/* Named by the label alone: wrapped, a select's name would take in every option. */}
        <div className="block text-sm font-medium">
          <label htmlFor="report-period-kind">Show</label>
          <select id="report-period-kind" name="period" defaultValue={period.kind} className={inputClass}>
            {PERIOD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PERIOD_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <label className={`${SHOWN_FOR.month} text-sm font-medium`}>
          Month
          <input
            type="month"
            name="month"
            defaultValue={asked.month ?? today.slice(0, 7)}
            min="1990-01"
            max="2200-12"
            className={inputClass}
          />
        </label>
        <div className={`${SHOWN_FOR.quarter} text-sm font-medium`}>
          <label htmlFor="report-period-quarter">Quarter</label>
          <select
            id="report-period-quarter"
            name="quarter"
            defaultValue={asked.quarter ?? quarters[0]}
            className={inputClass}
          >
            {asked.quarter && !quarters.includes(asked.quarter) ? (
              <option value={asked.quarter}>{asked.quarter}</option>
            ) : null}
            {quarters.map((q) => (
              <option key={q} value={q}>
                {q.replace(/^(\d{4})-(Q\d)$/, "$2 $1")}
              </option>
            ))}
          </select>
        </div>
        <label className={`${SHOWN_FOR.year} text-sm font-medium`}>
          Year
          <input
            type="number"
            name="year"
            inputMode="numeric"
            min={1990}
            max={2200}
            defaultValue={asked.year ?? String(thisYear)}
            className={`${inputClass} w-28`}
          />
        </label>
        <label className={`${SHOWN_FOR.range} text-sm font-medium`}>
          From
          <input type="date" name="from" defaultValue={asked.from ?? period.from} className={inputClass} />
        </label>
        <label className={`${SHOWN_FOR.range} text-sm font-medium`}>
          To
          <input type="date" name="to" defaultValue={asked.to ?? period.to} className={inputClass} />
        </label>
        <button type="submit" className={secondaryButton}>
          Show report
        </button>
      </Form>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
