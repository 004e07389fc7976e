/**
 * The owner's pipeline: where the open work stands (leads per status, with what their
 * estimates add up to) and how this month went (quoted, won, win rate). Months are Kansas
 * months, like every other day the admin judges.
 */
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from "./lead-status";
import { BUSINESS_TIME_ZONE, dayIn } from "./business-time";
import { jobValueCents, quotedCents, type JobValueParts } from "./job-value";
import { monthPeriod, periodInstants } from "./report-period";

/** The open leads of one status: how many, and what their estimates add up to (null: none has one). */
export type StatusSum = { status: LeadStatus; count: number; totalCents: number | null };
/**
 * A lead's move to a status (its history), with the parts of the lead's value (lib/job-value.ts).
 * `at` is the moment in ms since the epoch, not a Date: a report over ten years holds
 * thousands of moves, and their Dates were most of what the garbage collector had to copy.
 */
export type StatusMove = { leadId: number; to: LeadStatus; at: number; value: JobValueParts };

export type PipelineColumn = { status: LeadStatus; label: string; count: number; totalCents: number };
export type MonthFigures = {
  /** "November 2026". */
  label: string;
  quoted: { count: number; totalCents: number };
  won: { count: number; totalCents: number };
  lost: number;
  /** Won of the leads closed this month (won or lost), 0-1; null when none closed. */
  winRate: number | null;
};

/** The Kansas month of an instant, "YYYY-MM". */
export const monthIn = (at: Date) => dayIn(BUSINESS_TIME_ZONE, at).slice(0, 7);

/** Leads per status (every status, in the order a job moves), each with its estimates' sum. */
export function pipelineColumns(byStatus: readonly StatusSum[]): PipelineColumn[] {
  return LEAD_STATUSES.map((status) => {
    const here = byStatus.find((s) => s.status === status);
    return { status, label: LEAD_STATUS_LABELS[status], count: here?.count ?? 0, totalCents: here?.totalCents ?? 0 };
  });
}

/** Quoted, won, lost and the win rate of some span of time (a month, a report's period). */
export type PeriodFigures<M extends StatusMove = StatusMove> = Omit<MonthFigures, "label"> & {
  /** Each lead closed in the span at its latest close (won or lost), oldest first. */
  closes: M[];
};

/**
 * The figures of the moves from `start` up to `end`, from the leads' histories. A lead counts
 * once per kind (moved to Quoted twice is one quote); its latest close in the span decides
 * whether it was won or lost (lost, then won after all, is won). Quoted is what was proposed;
 * Won is the job's value, change orders and all. The pipeline's month and the reports'
 * periods both come from here.
 */
export function periodFigures<M extends StatusMove>(moves: readonly M[], start: Date, end: Date): PeriodFigures<M> {
  const [from, to] = [start.getTime(), end.getTime()];
  // One pass each, no copies beyond these: a report over ten years hands over thousands of moves.
  const inSpan: M[] = [];
  for (const m of moves) {
    if (m.at >= from && m.at < to) inSpan.push(m);
  }
  // Most callers pass them in time order already: the sort then only checks.
  inSpan.sort((a, b) => a.at - b.at || a.leadId - b.leadId);
  const quoted = new Map<number, M>();
  const latestClose = new Map<number, M>();
  for (const m of inSpan)
    if (m.to === "quoted") quoted.set(m.leadId, m);
    else if (m.to === "won" || m.to === "lost") latestClose.set(m.leadId, m);
  // In the order they closed (the moves are in time order).
  const closes = inSpan.filter((m) => latestClose.get(m.leadId) === m);
  let quotedCentsTotal = 0;
  for (const m of quoted.values()) quotedCentsTotal += quotedCents(m.value) ?? 0;
  let won = 0;
  let wonCents = 0;
  for (const m of closes)
    if (m.to === "won") {
      won++;
      wonCents += jobValueCents(m.value) ?? 0;
    }
  return {
    quoted: { count: quoted.size, totalCents: quotedCentsTotal },
    won: { count: won, totalCents: wonCents },
    lost: closes.length - won,
    winRate: closes.length ? won / closes.length : null,
    closes,
  };
}

/** This Kansas month's figures (the pipeline's "This month"): periodFigures over the month of `now`. */
export function monthFigures(moves: readonly StatusMove[], now: Date): MonthFigures {
  const period = monthPeriod(monthIn(now));
  const { start, end } = periodInstants(period);
  const { closes: _closes, ...figures } = periodFigures(moves, start, end);
  return { label: period.label, ...figures };
}
