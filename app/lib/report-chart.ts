/**
 * What a report's chart shows, as plain data the loader sends (components/admin/report-chart.tsx
 * draws it as SVG on the server, with the same numbers in a table beside it). A chart
 * compares series (this period and the same days a year earlier) over rows: the months or
 * weeks of the period (columns), or sources, towns, kinds of work (bars).
 */
import { formatCents } from "./money-format";

export const CHART_UNITS = ["count", "cents", "days", "minutes", "percent"] as const;
export type ChartUnit = (typeof CHART_UNITS)[number];

export type ChartRow = {
  label: string;
  /** Where the row's records are listed (the jobs behind an aged-receivables bar). */
  href?: string;
  /** One value per series; null: nothing to measure (a close rate with nothing closed). */
  values: (number | null)[];
};

export type ChartData = {
  /** The chart's anchor in the page, and the prefix of its ids. */
  id: string;
  title: string;
  unit: ChartUnit;
  /** "November 2026", "November 2025": one per value of a row. */
  series: string[];
  rows: ChartRow[];
  /** Columns for time (months, weeks), bars for categories (towns, sources). */
  shape: "columns" | "bars";
  /** One line under the chart: what the figure counts, in the owner's words. */
  note?: string;
};

/** A report's headline figure (components/admin/report-figures.tsx): a value per series, no chart. */
export type ReportFigure = { label: string; unit: ChartUnit; values: (number | null)[]; note?: string };

/** A figure as the chart and its table print it ("—" for nothing to measure). */
export function formatFigure(unit: ChartUnit, value: number | null): string {
  if (value === null) return "—";
  switch (unit) {
    case "count":
      return value.toLocaleString("en-US");
    case "cents":
      return formatCents(value);
    case "days":
      return value === 1 ? "1 day" : `${formatDays(value)} days`;
    case "minutes":
      return formatMinutes(value);
    case "percent":
      return `${Math.round(value * 100)}%`;
  }
}

/** A wait as a person says it: "45 min", "3 h 5 min", "2 days 4 h". */
function formatMinutes(minutes: number): string {
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`;
  const allHours = Math.round(m / 60);
  const days = Math.floor(allHours / 24);
  const dayWords = days === 1 ? "1 day" : `${days} days`;
  return allHours % 24 ? `${dayWords} ${allHours % 24} h` : dayWords;
}

const formatDays = (days: number) => (Number.isInteger(days) ? String(days) : days.toFixed(1));

/** A shorter figure for an axis: "$12k", "40%". */
export function formatTick(unit: ChartUnit, value: number): string {
  switch (unit) {
    case "cents": {
      const dollars = value / 100;
      if (Math.abs(dollars) >= 1_000_000) return `$${+(dollars / 1_000_000).toFixed(1)}M`;
      if (Math.abs(dollars) >= 1_000) return `$${+(dollars / 1_000).toFixed(1)}k`;
      return `$${Math.round(dollars)}`;
    }
    case "percent":
      return `${Math.round(value * 100)}%`;
    case "days":
      return `${+value.toFixed(1)}d`;
    case "minutes":
      return value < 60
        ? `${Math.round(value)}m`
        : value < 24 * 60
          ? `${+(value / 60).toFixed(1)}h`
          : `${+(value / 1440).toFixed(1)}d`;
    case "count":
      return value.toLocaleString("en-US");
  }
}

/** The labels an axis of `count` columns names: every one when they fit, else every n-th, the last included. */
export function axisLabelIndexes(count: number, room: number): number[] {
  if (count <= room) return Array.from({ length: count }, (_, i) => i);
  const step = Math.ceil(count / room);
  const shown = Array.from({ length: Math.ceil(count / step) }, (_, i) => i * step);
  if (shown[shown.length - 1] !== count - 1) shown[shown.length - 1] = count - 1;
  return shown;
}

/** The top of a chart's axis: its largest value, or more for a chart of small or no figures. */
export function chartMax(chart: Pick<ChartData, "rows" | "unit">): number {
  const max = Math.max(0, ...chart.rows.flatMap((r) => r.values.map((v) => v ?? 0)));
  return Math.max(max, AXIS_FLOOR[chart.unit]);
}

// The least an axis reaches, so a chart of small or no figures still has whole, distinct ticks
// (0 to 4 leads, not 0, 0.2, 0.4...; $0 to $100, not five "$0").
const AXIS_FLOOR: Record<ChartUnit, number> = { count: 4, cents: 100_00, days: 4, minutes: 60, percent: 1 };
