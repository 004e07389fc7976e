/**
 * The period a report (and the accountant's export) covers: a Kansas month, quarter, year or
 * a chosen range of days, always compared with the same days a year earlier. Days are
 * YYYY-MM-DD in Kansas time, both ends included, like every other day the admin judges.
 * Read from the address (`?period=quarter&quarter=2026-Q4`), so a report is a link the
 * owner can bookmark and it works without scripts.
 */
import { addDays, isCalendarDay, startOfKansasDay } from "./business-time";

export const PERIOD_KINDS = ["month", "quarter", "year", "range"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const PERIOD_KIND_LABELS: Record<PeriodKind, string> = {
  month: "Month",
  quarter: "Quarter",
  year: "Year",
  range: "Range",
};

export type ReportPeriod = {
  kind: PeriodKind;
  /** First day, YYYY-MM-DD (Kansas). */
  from: string;
  /** Last day, included. */
  to: string;
  /** "November 2026", "Q4 2026", "2026", "Nov 3, 2026 – Jan 5, 2027". */
  label: string;
};

/** The longest range a report draws: ten years of a business, and a bound on the work. */
export const MAX_RANGE_DAYS = 3660;

export const PERIOD_MESSAGES = {
  badRange: "Choose a first and a last day, the first one before the last.",
  tooLong: "Choose a range of ten years or less.",
} as const;

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortMonth = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const utc = (day: string) => new Date(`${day}T12:00:00Z`);

const lastDayOfMonth = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month, 0));
  return d.toISOString().slice(0, 10);
};
const pad = (n: number) => String(n).padStart(2, "0");

export function monthPeriod(month: string): ReportPeriod {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return {
    kind: "month",
    from: `${year}-${pad(m)}-01`,
    to: lastDayOfMonth(year, m),
    label: monthName.format(new Date(Date.UTC(year, m - 1, 1))),
  };
}

export function quarterPeriod(year: number, quarter: number): ReportPeriod {
  const first = (quarter - 1) * 3 + 1;
  return {
    kind: "quarter",
    from: `${year}-${pad(first)}-01`,
    to: lastDayOfMonth(year, first + 2),
    label: `Q${quarter} ${year}`,
  };
}

export const yearPeriod = (year: number): ReportPeriod => ({
  kind: "year",
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  label: String(year),
});

export function rangePeriod(from: string, to: string): ReportPeriod {
  return { kind: "range", from, to, label: `${shortDate.format(utc(from))} – ${shortDate.format(utc(to))}` };
}

/** The same days a year earlier (Feb 29 becomes Feb 28). */
export function yearEarlier(period: ReportPeriod): ReportPeriod {
  const back = (day: string) => {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    const last = Number(lastDayOfMonth(y - 1, m).slice(8));
    return `${y - 1}-${pad(m)}-${pad(Math.min(d, last))}`;
  };
  const year = Number(period.from.slice(0, 4));
  switch (period.kind) {
    case "month":
      return monthPeriod(back(period.from).slice(0, 7));
    case "quarter":
      return quarterPeriod(year - 1, Math.floor((Number(period.from.slice(5, 7)) - 1) / 3) + 1);
    case "year":
      return yearPeriod(year - 1);
    case "range":
      return rangePeriod(back(period.from), back(period.to));
  }
}

export type PeriodChoice = { period: ReportPeriod; error: string | null };

/**
 * The period an address asks for; anything missing or malformed falls back to this month
 * (a range that makes no sense says why, beside the form).
 */
export function periodFromSearch(search: URLSearchParams, today: string): PeriodChoice {
  const thisMonth = { period: monthPeriod(today.slice(0, 7)), error: null };
  const kind = search.get("period");
  if (kind === "month") {
    const month = search.get("month") ?? "";
    return /^\d{4}-(0[1-9]|1[0-2])$/.test(month) && inYears(month)
      ? { period: monthPeriod(month), error: null }
      : thisMonth;
  }
  if (kind === "quarter") {
    const match = /^(\d{4})-Q([1-4])$/.exec(search.get("quarter") ?? "");
    return match && inYears(match[1]!)
      ? { period: quarterPeriod(Number(match[1]), Number(match[2])), error: null }
      : {
          period: quarterPeriod(Number(today.slice(0, 4)), Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1),
          error: null,
        };
  }
  if (kind === "year") {
    const year = search.get("year") ?? "";
    return /^\d{4}$/.test(year) && inYears(year)
      ? { period: yearPeriod(Number(year)), error: null }
      : { period: yearPeriod(Number(today.slice(0, 4))), error: null };
  }
  if (kind === "range") {
    const from = search.get("from") ?? "";
    const to = search.get("to") ?? "";
    if (!isCalendarDay(from) || !isCalendarDay(to) || from > to || !inYears(from) || !inYears(to))
      return { ...thisMonth, error: PERIOD_MESSAGES.badRange };
    if (daysBetween(from, to) >= MAX_RANGE_DAYS) return { ...thisMonth, error: PERIOD_MESSAGES.tooLong };
    return { period: rangePeriod(from, to), error: null };
  }
  return thisMonth;
}

// Years a business's records can hold: keeps "0001" and "9999" out of every query.
const inYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= 1990 && year <= 2200;
};

/** The address parameters that ask for a period: the inverse of periodFromSearch. */
export function periodSearch(period: ReportPeriod): Record<string, string> {
  switch (period.kind) {
    case "month":
      return { period: "month", month: period.from.slice(0, 7) };
    case "quarter":
      return { period: "quarter", quarter: `${period.from.slice(0, 4)}-Q${(Number(period.from.slice(5, 7)) + 2) / 3}` };
    case "year":
      return { period: "year", year: period.from.slice(0, 4) };
    case "range":
      return { period: "range", from: period.from, to: period.to };
  }
}

/** How many days from one day to another (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** The instants a period covers: from the start of its first Kansas day to the start of the day after its last. */
export function periodInstants(period: Pick<ReportPeriod, "from" | "to">): { start: Date; end: Date } {
  return { start: startOfKansasDay(period.from), end: startOfKansasDay(addDays(period.to, 1)) };
}

/** The months a period touches, "YYYY-MM", oldest first. */
export function periodMonths(period: Pick<ReportPeriod, "from" | "to">): string[] {
  const months: string[] = [];
  let [y, m] = period.from.split("-").map(Number) as [number, number];
  const last = period.to.slice(0, 7);
  for (;;) {
    const month = `${y}-${pad(m)}`;
    months.push(month);
    if (month >= last) return months;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** "Dec 31, 2026": a day as a report names it. */
export const shortDayLabel = (day: string) => shortDate.format(utc(day));

/** "Nov 2026": a month as a chart's axis names it. */
export const shortMonthLabel = (month: string) => shortMonth.format(utc(`${month}-15`));

/** The periods the owner asks for most, one tap each: this and last month, this quarter, this and last year. */
export function periodShortcuts(today: string): { label: string; period: ReportPeriod }[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
  return [
    { label: "This month", period: monthPeriod(today.slice(0, 7)) },
    { label: "Last month", period: monthPeriod(lastMonth) },
    { label: "This quarter", period: quarterPeriod(year, Math.floor((month - 1) / 3) + 1) },
    { label: "This year", period: yearPeriod(year) },
    { label: "Last year", period: yearPeriod(year - 1) },
  ];
}
