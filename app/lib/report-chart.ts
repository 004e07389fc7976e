/**
 * What a report's chart shows, as plain data the loader sends (components/admin/report-chart.tsx
 * draws it as SVG on the server, with the same numbers in a table beside it). A chart
 * compares series (this period and the same days a year earlier) over rows: the months or
 * weeks of the period (columns), or sources, towns, kinds of work (bars).
 */
import { formatCents } from "./money-format";

export const CHART_UNITS = ["count", "cents", "days", "percent"] as const;
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
    case "percent":
      return `${Math.round(value * 100)}%`;
  }
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

/** The largest value a chart draws (at least 1, so an empty chart still has an axis). */
export function chartMax(chart: Pick<ChartData, "rows" | "unit">): number {
  const max = Math.max(0, ...chart.rows.flatMap((r) => r.values.map((v) => v ?? 0)));
  if (chart.unit === "percent") return Math.max(max, 1);
  return max > 0 ? max : 1;
}
