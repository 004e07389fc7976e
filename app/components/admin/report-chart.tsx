import { AxisBottom, AxisLeft, type TickRendererProps } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { Fragment } from "react";
import { axisLabelIndexes, chartMax, formatFigure, formatTick, type ChartData } from "~/lib/report-chart";

// This period in the brand's color, a year earlier in a quiet gray: the eye reads the first.
const SERIES_FILLS = ["fill-brand", "fill-slate-300"];
const SERIES_SWATCHES = ["bg-brand", "bg-slate-300"];
const AXIS_TEXT = { fill: "#4a5566", fontSize: 11, fontFamily: "inherit" } as const;

/**
 * A tick's label as plain SVG text, where it would stand. visx's own (its Text) wraps words
 * and parses CSS lengths, which one short label never needs; on a report of seven charts that
 * was the most costly part of drawing the page. Only these props are drawn: Text's own
 * (verticalAnchor, angle, width…) are not SVG attributes.
 */
const tickLabel = ({ formattedValue, x, y, dx, dy, textAnchor, fill, fontSize, fontFamily }: TickRendererProps) => (
  <text x={x} y={y} dx={dx} dy={dy} textAnchor={textAnchor} fill={fill} fontSize={fontSize} fontFamily={fontFamily}>
    {formattedValue}
  </text>
);

/**
 * A report's chart: SVG drawn on the server (visx), so it shows without scripts and prints,
 * with its numbers in a table beside it (what a screen reader reads, and what the owner
 * copies). Rows with a link (the jobs behind a bar) are links in both.
 */
export function ReportChart({ chart }: { chart: ChartData }) {
  const titleId = `${chart.id}-title`;
  return (
    <figure id={chart.id} aria-labelledby={titleId} className="space-y-3 rounded-xl bg-white p-4 shadow-sm sm:p-5">
      <figcaption id={titleId} className="text-base font-bold">
        {chart.title}
      </figcaption>
      <Legend series={chart.series} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        {chart.shape === "columns" ? <Columns chart={chart} /> : <Bars chart={chart} />}
        <ChartTable chart={chart} />
      </div>
      {chart.note ? <p className="text-xs text-ink-soft">{chart.note}</p> : null}
    </figure>
  );
}

function Legend({ series }: { series: string[] }) {
  if (series.length < 2) return null;
  return (
    <ul aria-hidden className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-soft">
      {series.map((name, i) => (
        <li key={name} className="flex items-center gap-1.5">
          <span className={`inline-block size-3 rounded-sm ${SERIES_SWATCHES[i] ?? "bg-slate-500"}`} />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** The months or weeks of the period side by side, a column per series in each. */
function Columns({ chart }: { chart: ChartData }) {
  const width = 460;
  const height = 220;
  const margin = { top: 8, right: 8, bottom: 28, left: 48 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const labels = chart.rows.map((r, i) => `${i}`);
  // Whole pixels (round): crisp edges, and attributes of a few digits, not sixteen.
  const x = scaleBand({ domain: labels, range: [0, innerWidth], padding: 0.2, round: true });
  const inner = scaleBand({
    domain: chart.series.map((_, i) => `${i}`),
    range: [0, x.bandwidth()],
    padding: 0.08,
    round: true,
  });
  const y = scaleLinear({ domain: [0, chartMax(chart)], range: [innerHeight, 0], nice: true, round: true });
  const shown = new Set(axisLabelIndexes(chart.rows.length, 8));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden focusable="false">
      <Group left={margin.left} top={margin.top}>
        {chart.rows.map((row, r) =>
          row.values.map((value, s) => {
            const top = y(value ?? 0);
            return (
              <Bar
                key={`${r}-${s}`}
                x={(x(`${r}`) ?? 0) + (inner(`${s}`) ?? 0)}
                y={top}
                width={inner.bandwidth()}
                height={Math.max(0, innerHeight - top)}
                className={SERIES_FILLS[s] ?? "fill-slate-500"}
              />
            );
          }),
        )}
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(v) => formatTick(chart.unit, Number(v))}
          stroke="#cbd5e1"
          tickStroke="#cbd5e1"
          tickLabelProps={{ ...AXIS_TEXT, textAnchor: "end", dx: -4, dy: 3 }}
          tickComponent={tickLabel}
        />
        <AxisBottom
          scale={x}
          top={innerHeight}
          tickValues={labels.filter((_, i) => shown.has(i))}
          tickFormat={(v) => chart.rows[Number(v)]?.label ?? ""}
          stroke="#cbd5e1"
          tickStroke="#cbd5e1"
          tickLabelProps={{ ...AXIS_TEXT, textAnchor: "middle" }}
          tickComponent={tickLabel}
        />
      </Group>
    </svg>
  );
}

/** Categories one under the other, their names at the left, a bar per series. */
function Bars({ chart }: { chart: ChartData }) {
  // Narrow, so a phone draws it near its own size and the names stay readable; a wide screen caps it.
  const width = 420;
  const band = 14 * Math.max(1, chart.series.length) + 10;
  // Room at the left for the longest name as the axis prints it (12 px type, up to about 7.2 px a letter).
  const longest = Math.max(0, ...chart.rows.map((r) => Math.min(r.label.length, LABEL_CHARS)));
  const margin = { top: 4, right: 48, bottom: 4, left: Math.min(160, Math.max(60, Math.ceil(longest * 7.2) + 12)) };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = Math.max(1, chart.rows.length) * band;
  const height = innerHeight + margin.top + margin.bottom;
  const labels = chart.rows.map((_, i) => `${i}`);
  const y = scaleBand({ domain: labels, range: [0, innerHeight], padding: 0.15, round: true });
  const inner = scaleBand({
    domain: chart.series.map((_, i) => `${i}`),
    range: [0, y.bandwidth()],
    padding: 0.1,
    round: true,
  });
  const x = scaleLinear({ domain: [0, chartMax(chart)], range: [0, innerWidth], round: true });
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full max-w-xl" aria-hidden focusable="false">
      <Group left={margin.left} top={margin.top}>
        {chart.rows.map((row, r) =>
          row.values.map((value, s) => {
            const top = (y(`${r}`) ?? 0) + (inner(`${s}`) ?? 0);
            const length = x(value ?? 0);
            return (
              <Fragment key={`${r}-${s}`}>
                <Bar
                  x={0}
                  y={top}
                  width={Math.max(0, length)}
                  height={inner.bandwidth()}
                  className={SERIES_FILLS[s] ?? "fill-slate-500"}
                />
                <text x={length + 4} y={top + inner.bandwidth() / 2} dy="0.35em" {...AXIS_TEXT}>
                  {formatTick(chart.unit, value ?? 0)}
                </text>
              </Fragment>
            );
          }),
        )}
        <AxisLeft
          scale={y}
          tickFormat={(v) => clip(chart.rows[Number(v)]?.label ?? "", LABEL_CHARS)}
          hideTicks
          stroke="#cbd5e1"
          tickLabelProps={{ ...AXIS_TEXT, fontSize: 12, fill: "#1c2430", textAnchor: "end", dx: -6, dy: 4 }}
          tickComponent={tickLabel}
        />
      </Group>
    </svg>
  );
}

/** The most of a category's name a bar chart prints (the table beside it has it whole). */
const LABEL_CHARS = 22;
const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The chart's numbers: a row per month, week or category, a column per series. */
function ChartTable({ chart }: { chart: ChartData }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{chart.title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-ink-soft">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              <span className="sr-only">{chart.shape === "columns" ? "When" : "What"}</span>
            </th>
            {chart.series.map((name) => (
              <th key={name} scope="col" className="py-1.5 pl-3 text-right font-medium">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row, r) => (
            <tr key={`${r}-${row.label}`} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {row.href ? (
                  <a href={row.href} className="text-brand-dark underline underline-offset-2">
                    {row.label}
                  </a>
                ) : (
                  row.label
                )}
              </th>
              {row.values.map((value, s) => (
                <td key={s} className="py-1.5 pl-3 text-right tabular-nums">
                  {formatFigure(chart.unit, value)}
                </td>
              ))}
            </tr>
          ))}
          {chart.rows.length === 0 ? (
            <tr>
              <td colSpan={chart.series.length + 1} className="py-3 text-ink-soft">
                Nothing in this period.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
