import { formatFigure, type ReportFigure } from "~/lib/report-chart";

/**
 * A report's headline figures as cards: this period's value large, the same days a year
 * earlier under it, so the comparison reads without a chart.
 */
export function ReportFigures({
  figures,
  series,
  label,
}: {
  figures: readonly ReportFigure[];
  series: readonly string[];
  /** What the list is, for screen readers. */
  label: string;
}) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map((f) => (
        <div key={f.label} className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-ink-soft">
            {f.label}
            {f.note ? <span className="block text-xs font-normal">{f.note}</span> : null}
          </dt>
          <dd className="mt-1 text-xl font-bold tabular-nums [overflow-wrap:anywhere] sm:text-2xl lg:text-xl">
            {formatFigure(f.unit, f.values[0] ?? null)}
          </dd>
          {f.values.slice(1).map((value, i) => (
            <dd key={series[i + 1]} className="text-sm text-ink-soft tabular-nums">
              {formatFigure(f.unit, value)} in {series[i + 1]}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}
