/**
 * The Leads & sales report (decision 0102): how many leads came in and from where, how fast
 * someone got back to them, what share of the closed ones was won (by kind of work and by
 * town), what a won job was worth and how long it took, and where the work is. Each figure for
 * the chosen period and for the same days a year earlier. Pure: the rows come from
 * models/lead-report.server.ts; quoted, won, lost and the win rate from lib/pipeline.ts, the
 * pipeline's own function.
 */
import { addDays, kansasDayNumberOf } from "./business-time";
import { REPLY_PROMISE, REPLY_PROMISE_HOURS } from "./contact-form";
import type { HistoryKind } from "./history-kinds";
import { jobValueCents } from "./job-value";
import {
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  WAITS_FOR_CONTACT,
  type LeadSource,
  type LeadStatus,
} from "./lead-status";
import { periodFigures, type PeriodFigures, type StatusMove } from "./pipeline";
import type { ChartData, ChartRow, ReportFigure } from "./report-chart";
import {
  daysBetween,
  monthPeriod,
  periodMonths,
  rangePeriod,
  shortMonthLabel,
  yearEarlier,
  type ReportPeriod,
} from "./report-period";

/**
 * First contact: the first entry in a lead's history, written by a team member (not the
 * homeowner, the roof tool or Stripe) once the lead was in, that reached the homeowner or moved
 * the lead on: a note or a change of status (a call is logged as a note; New → Contacted), a
 * visit booked, a text sent, "on my way", a proposal mailed, a roof measured. Being assigned
 * to someone, or an automatic mail or text, is not contact.
 */
export const FIRST_CONTACT_KINDS = [
  "note",
  "visit-booked",
  "text-sent",
  "on-my-way",
  "proposal-emailed",
  "roof-measured",
] as const satisfies readonly HistoryKind[];

/** Whether an entry of this kind is contact, when a team member writes it once the lead was in. */
export const isFirstContactKind = (kind: HistoryKind): boolean =>
  (FIRST_CONTACT_KINDS as readonly HistoryKind[]).includes(kind);

/**
 * The requests (WAITS_FOR_CONTACT) that came in during a period, archived ones too, as speed to
 * lead reads them: each one contacted (FIRST_CONTACT_KINDS) with the minutes it waited, and the
 * longest waiting of those never contacted (LISTED_LEADS of them; how many there are is the
 * requests the tally counts less those contacted).
 */
export type RequestRows = {
  /** Index i of each list (the same length) is one request: its id, and the minutes it waited. */
  contacted: { ids: readonly number[]; minutes: Float64Array };
  /** Oldest first. */
  waiting: { id: number; createdAt: Date; archived: boolean }[];
};

/** How many of the leads that came in during a period have this source and stand at this status now. */
export type LeadTally = { source: LeadSource; status: LeadStatus; count: number };

/** A move to Quoted, Won or Lost, with what the report groups closes by. */
export type ReportMove = StatusMove & {
  service: string | null;
  city: string | null;
  /** When the lead came in, in ms since the epoch (as `at`). */
  createdAt: number;
};

/**
 * One period's rows: how many leads came in on each of its chart's buckets (ReportSpan),
 * archived ones too; those leads counted by source and status; the requests among them; and
 * the moves read for the report, which may hold other periods' too (one list for all the
 * periods read, read once): count only those from `start` up to `end`, as periodFigures does.
 */
export type PeriodRows = {
  bucketCounts: number[];
  tally: LeadTally[];
  requests: RequestRows;
  moves: readonly ReportMove[];
  start: Date;
  end: Date;
};

/** The job's name of each of these leads (the speed lists name a few). */
export type LeadNames = (ids: readonly number[]) => ReadonlyMap<number, string>;

/** Up to this many days, leads are counted by week; up to three years, by month; past that, by year. */
export const WEEKS_UP_TO_DAYS = 92;
export const MONTHS_UP_TO_DAYS = 1096;

/** How many rows a chart of categories (towns, kinds of work) lists before "all the others". */
export const CATEGORY_ROWS = 10;
/** How many of the slowest and of the not-contacted leads are listed by name. */
export const LISTED_LEADS = 5;

export const TOWN_NOT_GIVEN = "Town not given";
export const WORK_NOT_GIVEN = "Work not given";

/** A span of Kansas days a chart's column counts. */
export type DayBucket = { label: string; from: string; to: string };

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The columns of "Leads by week/month/year": weeks of seven days from the period's first day
 * (so a year earlier's weeks fall on the same dates), calendar months, or calendar years, each
 * cut to the period.
 */
export function leadBuckets(period: Pick<ReportPeriod, "from" | "to">): {
  unit: "week" | "month" | "year";
  buckets: DayBucket[];
} {
  const days = daysBetween(period.from, period.to) + 1;
  const buckets: DayBucket[] = [];
  if (days <= WEEKS_UP_TO_DAYS) {
    for (let from = period.from; from <= period.to; from = addDays(from, 7))
      buckets.push({
        label: shortDay.format(new Date(`${from}T12:00:00Z`)),
        from,
        to: earlier(addDays(from, 6), period.to),
      });
    return { unit: "week", buckets };
  }
  if (days <= MONTHS_UP_TO_DAYS) {
    for (const month of periodMonths(period)) {
      const whole = monthPeriod(month);
      buckets.push({
        label: shortMonthLabel(month),
        from: later(whole.from, period.from),
        to: earlier(whole.to, period.to),
      });
    }
    return { unit: "month", buckets };
  }
  for (let year = Number(period.from.slice(0, 4)); year <= Number(period.to.slice(0, 4)); year++)
    buckets.push({
      label: String(year),
      from: later(`${year}-01-01`, period.from),
      to: earlier(`${year}-12-31`, period.to),
    });
  return { unit: "year", buckets };
}

/** The same days a year earlier (Feb 29 becomes Feb 28), as report-period's yearEarlier moves them. */
const bucketYearEarlier = (bucket: DayBucket): DayBucket => {
  const back = yearEarlier(rangePeriod(bucket.from, bucket.to));
  return { label: bucket.label, from: back.from, to: back.to };
};

/** A period the model reads, with the buckets its leads are counted in. */
export type ReportSpan = Pick<ReportPeriod, "from" | "to"> & { buckets: DayBucket[] };

/** What the report reads: the period and the same days a year earlier, each with its chart's buckets. */
export function leadReportSpans(period: ReportPeriod): [ReportSpan, ReportSpan] {
  const { buckets } = leadBuckets(period);
  const before = yearEarlier(period);
  return [
    { from: period.from, to: period.to, buckets },
    { from: before.from, to: before.to, buckets: buckets.map(bucketYearEarlier) },
  ];
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: ArrayLike<number>): number | null {
  // A typed array sorts numbers natively, thousands of them without a compare function.
  return middleOfSorted(Float64Array.from(values).sort());
}

function middleOfSorted(sorted: Float64Array): number | null {
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A town as the report groups it: trimmed, spaces made single, case ignored; null when none was given. */
export function townKey(city: string | null): string | null {
  const key = (city ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  return key || null;
}

/**
 * The name a town is shown by: the spelling typed most often ("Wichita" over "wichita" and
 * "WICHITA"); on a tie, one that is neither all lower case nor all capitals, then the first
 * in alphabetical order.
 */
export function townLabels(cities: readonly (string | null)[]): Map<string, string> {
  // Each way it was typed counted first, then each worked out once.
  const typed = new Map<string | null, number>();
  for (const city of cities) typed.set(city, (typed.get(city) ?? 0) + 1);
  const spellings = new Map<string, Map<string, number>>();
  for (const [city, times] of typed) {
    const key = townKey(city);
    if (!key) continue;
    const spelling = city!.trim().replace(/\s+/g, " ");
    const counts = spellings.get(key) ?? new Map<string, number>();
    counts.set(spelling, (counts.get(spelling) ?? 0) + times);
    spellings.set(key, counts);
  }
  const mixed = (s: string) => (s !== s.toLowerCase() && s !== s.toUpperCase() ? 1 : 0);
  return new Map(
    [...spellings].map(([key, counts]) => [
      key,
      [...counts].sort(([a, n], [b, m]) => m - n || mixed(b) - mixed(a) || a.localeCompare(b))[0]![0],
    ]),
  );
}

/** How fast the team got back to the requests of a period; `L`: what each listed lead carries (its name, once looked up). */
export type SpeedToLead<L = unknown> = {
  /** Requests that wait for contact (WAITS_FOR_CONTACT). */
  requests: number;
  contacted: number;
  medianMinutes: number | null;
  slowestMinutes: number | null;
  /** Share of the requests contacted within the site's promise (REPLY_PROMISE); null with none. */
  withinPromise: number | null;
  /** The slowest contacted ones, slowest first. */
  slowest: ({ id: number; minutes: number } & L)[];
  /** Never contacted, the longest waiting first; `minutes`: how long so far. */
  waiting: ({ id: number; minutes: number; archived: boolean } & L)[];
  /** How many were never contacted (the list shows the first few). */
  waitingCount: number;
};

const MINUTE = 60_000;

/** How many of the tallied leads are requests (WAITS_FOR_CONTACT). */
export const requestCount = (tally: readonly LeadTally[]) =>
  tally.reduce((n, t) => n + (WAITS_FOR_CONTACT.includes(t.source) ? t.count : 0), 0);

/** `requests`: how many requests came in (requestCount); `rows`: those contacted and the longest waiting. */
export function speedToLead(requests: number, rows: RequestRows, now: Date): SpeedToLead {
  const { ids, minutes } = rows.contacted;
  const sorted = minutes.slice().sort();
  let within = 0;
  for (const m of sorted) if (m <= REPLY_PROMISE_HOURS * 60) within++;
  // The slowest few: those at least as slow as the LISTED_LEADS-th slowest, ties and all, then sorted.
  const floor = sorted[Math.max(0, sorted.length - LISTED_LEADS)] ?? 0;
  const slowest: { id: number; minutes: number }[] = [];
  for (let i = 0; i < minutes.length; i++)
    if (minutes[i]! >= floor) slowest.push({ id: ids[i]!, minutes: minutes[i]! });
  return {
    requests,
    contacted: sorted.length,
    medianMinutes: middleOfSorted(sorted),
    slowestMinutes: sorted.length ? sorted[sorted.length - 1]! : null,
    withinPromise: requests ? within / requests : null,
    slowest: slowest.sort((a, b) => b.minutes - a.minutes || a.id - b.id).slice(0, LISTED_LEADS),
    waiting: rows.waiting
      .map((l) => ({ id: l.id, minutes: (now.getTime() - l.createdAt.getTime()) / MINUTE, archived: l.archived }))
      .sort((a, b) => b.minutes - a.minutes || a.id - b.id)
      .slice(0, LISTED_LEADS),
    waitingCount: requests - sorted.length,
  };
}

/** The speed figures with each listed lead's name (looked up for those few alone). */
function named(speed: readonly SpeedToLead[], namesOf: LeadNames): SpeedToLead<{ name: string }>[] {
  const names = namesOf([...new Set(speed.flatMap((s) => [...s.slowest, ...s.waiting].map((l) => l.id)))]);
  const name = <T extends { id: number }>(l: T) => ({ ...l, name: names.get(l.id) ?? "" });
  return speed.map((s) => ({ ...s, slowest: s.slowest.map(name), waiting: s.waiting.map(name) }));
}

/** What a period's closes add up to beyond the pipeline's figures. */
export type ClosedFigures = {
  /** The mean value of the jobs won (those with a value); null with none. */
  averageJobCents: number | null;
  /** The median of Kansas days from the request to its win; null with none won. */
  medianDaysToWon: number | null;
};

export function closedFigures(closes: readonly ReportMove[]): ClosedFigures {
  const won = closes.filter((m) => m.to === "won");
  const values = won.map((m) => jobValueCents(m.value)).filter((v): v is number => v !== null);
  return {
    averageJobCents: values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null,
    medianDaysToWon: median(won.map((m) => kansasDayNumberOf(m.at) - kansasDayNumberOf(m.createdAt))),
  };
}

/** A category a close belongs to: a kind of work or a town. */
type Category = { key: string; label: string };

/**
 * A chart's rows of categories over the series (this period, a year earlier): those with the
 * most items in this period first, the one not given last, at most CATEGORY_ROWS, the rest together as `others`.
 */
function categoryRows<T>(
  series: readonly (readonly T[])[],
  categoryOf: (item: T) => Category,
  measure: (items: readonly T[]) => number | null,
  others: string,
): ChartRow[] {
  const groups = new Map<string, { label: string; items: T[][] }>();
  series.forEach((items, s) => {
    for (const item of items) {
      const { key, label } = categoryOf(item);
      const group = groups.get(key) ?? { label, items: series.map(() => []) };
      group.items[s]!.push(item);
      groups.set(key, group);
    }
  });
  // Heaviest first; "not given" (key "") after every named one. Each weight counted once, not at
  // every comparison.
  const ranked = [...groups]
    .map(([key, g]) => ({
      g,
      unnamed: Number(key === ""),
      now: g.items[0]!.length,
      before: g.items.slice(1).flat().length,
    }))
    .sort((a, b) => a.unnamed - b.unnamed || b.now - a.now || b.before - a.before || a.g.label.localeCompare(b.g.label))
    .map(({ g }) => g);
  const shown = ranked.length > CATEGORY_ROWS + 1 ? ranked.slice(0, CATEGORY_ROWS) : ranked;
  const rest = ranked.slice(shown.length);
  const rows = shown.map((g) => ({ label: g.label, values: g.items.map(measure) }));
  if (rest.length)
    rows.push({ label: others, values: series.map((_, s) => measure(rest.flatMap((g) => g.items[s]!))) });
  return rows;
}

const winShare = (closes: readonly ReportMove[]) =>
  closes.length ? closes.filter((m) => m.to === "won").length / closes.length : null;

/** The whole report, ready for the page; no dollars unless `money` (the owner's). */
export type LeadReport = {
  series: string[];
  figures: ReportFigure[];
  speed: SpeedToLead<{ name: string }>[];
  charts: {
    leadsOverTime: ChartData;
    leadsBySource: ChartData;
    standNow: ChartData;
    closeRateByWork: ChartData;
    closeRateByTown: ChartData;
    jobsByTown: ChartData;
    valueByTown: ChartData | null;
  };
};

export function leadReport(
  period: ReportPeriod,
  rows: readonly [PeriodRows, PeriodRows],
  { money, now, namesOf }: { money: boolean; now: Date; namesOf: LeadNames },
): LeadReport {
  const series = [period.label, yearEarlier(period).label];
  const figures = rows.map((r) => periodFigures(r.moves, r.start, r.end)) as [
    PeriodFigures<ReportMove>,
    PeriodFigures<ReportMove>,
  ];
  const closed = figures.map((f) => closedFigures(f.closes));
  const speed = named(
    rows.map((r) => speedToLead(requestCount(r.tally), r.requests, now)),
    namesOf,
  );
  const closes = figures.map((f) => f.closes);
  const wins = closes.map((c) => c.filter((m) => m.to === "won"));
  const towns = townLabels([...closes.flat().map((m) => m.city)]);
  // Each spelling worked out once: thousands of closes, a few dozen ways to write a town.
  const once = (category: (written: string | null) => Category) => {
    const seen = new Map<string | null, Category>();
    return (written: string | null) => seen.get(written) ?? seen.set(written, category(written)).get(written)!;
  };
  const townCategory = once((city) => {
    const key = townKey(city);
    return key ? { key, label: towns.get(key)! } : { key: "", label: TOWN_NOT_GIVEN };
  });
  const workCategory = once((service) => {
    const work = (service ?? "").trim();
    return work ? { key: work.toLowerCase(), label: work } : { key: "", label: WORK_NOT_GIVEN };
  });
  const townOf = (m: ReportMove) => townCategory(m.city);
  const workOf = (m: ReportMove) => workCategory(m.service);
  const per = <T>(pick: (i: number) => T) => [pick(0), pick(1)];

  const list: ReportFigure[] = [
    { label: "Leads", unit: "count", values: rows.map((r) => r.tally.reduce((n, t) => n + t.count, 0)) },
    { label: "Quoted", unit: "count", values: per((i) => figures[i].quoted.count) },
    ...(money
      ? [{ label: "Quoted value", unit: "cents", values: per((i) => figures[i].quoted.totalCents) } as const]
      : []),
    { label: "Won", unit: "count", values: per((i) => figures[i].won.count) },
    ...(money ? [{ label: "Won value", unit: "cents", values: per((i) => figures[i].won.totalCents) } as const] : []),
    { label: "Lost", unit: "count", values: per((i) => figures[i].lost) },
    { label: "Win rate", unit: "percent", values: per((i) => figures[i].winRate), note: "Won of the leads closed" },
    ...(money
      ? [{ label: "Average job", unit: "cents", values: per((i) => closed[i]!.averageJobCents) } as const]
      : []),
    { label: "Request to won", unit: "days", values: per((i) => closed[i]!.medianDaysToWon), note: "Median" },
    { label: "Speed to lead", unit: "minutes", values: per((i) => speed[i]!.medianMinutes), note: "Median" },
  ];

  const { unit, buckets } = leadBuckets(period);
  const counts = rows.map((r) => r.bucketCounts);
  const bars = (
    id: string,
    title: string,
    unit: ChartData["unit"],
    chartRows: ChartRow[],
    note?: string,
  ): ChartData => ({
    id,
    title,
    unit,
    series,
    shape: "bars",
    rows: chartRows,
    ...(note ? { note } : {}),
  });
  const leadsOverTime: ChartData = {
    ...bars(
      "leads-over-time",
      `Leads by ${unit}`,
      "count",
      buckets.map((b, i) => ({
        label: b.label,
        values: [counts[0]![i]!, counts[1]![i]!],
      })),
      unit === "week"
        ? "A lead counts on the day it came in (Kansas time). Each week starts on the day shown."
        : "A lead counts on the day it came in (Kansas time), archived ones included.",
    ),
    shape: "columns",
  };
  // Each period's tally added up by one key, then a row per key.
  const counted = <K extends string>(keys: readonly K[], label: (key: K) => string, of: (t: LeadTally) => K) => {
    const tallies = rows.map((r) => {
      const tally = new Map<K, number>();
      for (const t of r.tally) tally.set(of(t), (tally.get(of(t)) ?? 0) + t.count);
      return tally;
    });
    return keys.map((key) => ({ label: label(key), values: tallies.map((t) => t.get(key) ?? 0) }));
  };
  const leadsBySource = bars(
    "leads-by-source",
    "Leads by source",
    "count",
    counted(
      LEAD_SOURCES,
      (s) => LEAD_SOURCE_LABELS[s],
      (t) => t.source,
    ),
    "Phone call: a lead written down by the team. Roof tool: a roof measured before there was a lead.",
  );
  const standNow = bars(
    "leads-stand-now",
    "Where these leads stand now",
    "count",
    counted(
      LEAD_STATUSES,
      (s) => LEAD_STATUS_LABELS[s],
      (t) => t.status,
    ),
    "The leads that came in during each period, by their status today.",
  );
  const closeNote =
    "Of the leads closed in the period (won or lost; a lead closed twice counts by its last close), the share won.";
  const closeRateByWork = bars(
    "close-rate-by-work",
    "Close rate by kind of work",
    "percent",
    categoryRows(closes, workOf, winShare, "All other work"),
    closeNote,
  );
  const closeRateByTown = bars(
    "close-rate-by-town",
    "Close rate by town",
    "percent",
    categoryRows(closes, townOf, winShare, "All other towns"),
    closeNote,
  );
  const jobsByTown = bars(
    "jobs-by-town",
    "Jobs won by town",
    "count",
    categoryRows(wins, townOf, (items) => items.length, "All other towns"),
  );
  const valueByTown = money
    ? bars(
        "value-by-town",
        "Value of jobs won by town",
        "cents",
        categoryRows(
          wins,
          townOf,
          (items) => items.reduce((total, m) => total + (jobValueCents(m.value) ?? 0), 0),
          "All other towns",
        ),
        "The job's value: the accepted proposal plus change orders.",
      )
    : null;
  return {
    series,
    figures: list,
    speed,
    charts: { leadsOverTime, leadsBySource, standNow, closeRateByWork, closeRateByTown, jobsByTown, valueByTown },
  };
}

/** The speed-to-lead figures side by side, as the report's figures are. */
export function speedFigures(speed: readonly SpeedToLead[]): ReportFigure[] {
  return [
    { label: "Median", unit: "minutes", values: speed.map((s) => s.medianMinutes) },
    { label: "Slowest", unit: "minutes", values: speed.map((s) => s.slowestMinutes) },
    {
      label: `Contacted ${REPLY_PROMISE}`,
      unit: "percent",
      values: speed.map((s) => s.withinPromise),
      note: "What the site promises",
    },
    { label: "Not contacted", unit: "count", values: speed.map((s) => s.waitingCount) },
  ];
}
