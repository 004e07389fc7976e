import { Form, useNavigation, useSearchParams } from "react-router";
import { Field, inputClass, Options, secondaryButton } from "~/components/admin-ui";
import { periodSearch, type PeriodKind, type ReportPeriod } from "~/lib/report-period";

/**
 * The period a report covers: a month, a quarter, a year or a range of days, each its own
 * small GET form, so the choice is an address that works without scripts and can be kept
 * as a bookmark (lib/report-period.ts reads it back). `years`: the years to offer, newest
 * first; `today` caps the quarters offered at the current one.
 */
export function ReportPeriodPicker({
  period,
  error,
  years,
  today,
}: {
  period: ReportPeriod;
  error: string | null;
  years: readonly number[];
  today: string;
}) {
  const navigation = useNavigation();
  // The form whose period is on its way says so; all wait until it has come.
  const busy = navigation.state !== "idle";
  const asked = periodSearch(period);
  // A refused range comes back as it was typed, beside what is wrong with it, to be put right.
  const [search] = useSearchParams();
  const typed = (name: "from" | "to") => (error && search.get("period") === "range" ? search.get(name) : null);
  const thisQuarter = `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
  const quarters = years.flatMap((y) =>
    [4, 3, 2, 1].map((q) => `${y}-Q${q}`).filter((q) => q <= thisQuarter || q === asked.quarter),
  );
  const form = (kind: PeriodKind, label: string, fields: React.ReactNode) => (
    <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm" aria-label={label}>
      <input type="hidden" name="period" value={kind} />
      {fields}
      <button type="submit" className={secondaryButton} disabled={busy}>
        {busy && navigation.location?.search.includes(`period=${kind}`) ? "Showing…" : "Show"}
      </button>
    </Form>
  );
  const grow = "min-w-0 flex-1";
  return (
    <section aria-labelledby="period-heading" className="space-y-3">
      <h2 id="period-heading" className="text-lg font-bold">
        Period
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        {form(
          "month",
          "A month",
          <Field label="Month" className={grow}>
            <input
              type="month"
              name="month"
              required
              pattern="\d{4}-\d{2}"
              defaultValue={asked.month ?? today.slice(0, 7)}
              className={inputClass}
            />
          </Field>,
        )}
        {form(
          "quarter",
          "A quarter",
          <Field label="Quarter" className={grow}>
            <select name="quarter" defaultValue={asked.quarter ?? thisQuarter} className={inputClass}>
              <Options values={quarters} labels={(q) => q.replace(/^(\d{4})-(Q\d)$/, "$2 $1")} />
            </select>
          </Field>,
        )}
        {form(
          "year",
          "A year",
          <Field label="Year" className={grow}>
            <select name="year" defaultValue={asked.year ?? today.slice(0, 4)} className={inputClass}>
              <Options values={years} labels={String} />
            </select>
          </Field>,
        )}
        {form(
          "range",
          "A range of days",
          <>
            {(["from", "to"] as const).map((end) => (
              <Field key={end} label={end === "from" ? "From" : "To"} className={`${grow} min-w-36`}>
                <input
                  type="date"
                  name={end}
                  required
                  defaultValue={typed(end) ?? asked[end] ?? period[end]}
                  className={inputClass}
                />
              </Field>
            ))}
            {error && (
              <p role="alert" className="order-last w-full text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </>,
        )}
      </div>
    </section>
  );
}
