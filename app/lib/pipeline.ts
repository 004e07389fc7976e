/**
 * The owner's pipeline: where the open work stands (leads per status, with what their
 * estimates add up to) and how this month went (quoted, won, win rate). Months are Kansas
 * months, like every other day the admin judges.
 */
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from "./lead-status";
import { BUSINESS_TIME_ZONE, dayIn } from "./business-time";
import { jobValueCents, quotedCents, type JobValueParts } from "./job-value";

/** The open leads of one status: how many, and what their estimates add up to (null: none has one). */
export type StatusSum = { status: LeadStatus; count: number; totalCents: number | null };
/** A lead's move to a status (its history), with the parts of the lead's value (lib/job-value.ts). */
export type StatusMove = { leadId: number; to: LeadStatus; at: Date; value: JobValueParts };

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

const monthLabel = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** Leads per status (every status, in the order a job moves), each with its estimates' sum. */
export function pipelineColumns(byStatus: readonly StatusSum[]): PipelineColumn[] {
  return LEAD_STATUSES.map((status) => {
    const here = byStatus.find((s) => s.status === status);
    return { status, label: LEAD_STATUS_LABELS[status], count: here?.count ?? 0, totalCents: here?.totalCents ?? 0 };
  });
}

/**
 * This month's figures from the leads' histories. A lead counts once per kind (moved to
 * Quoted twice this month is one quote); its latest close decides whether it was won or lost.
 * Quoted is what was proposed; Won is the job's value, change orders and all.
 */
export function monthFigures(moves: readonly StatusMove[], now: Date): MonthFigures {
  const month = monthIn(now);
  const thisMonth = moves.filter((m) => monthIn(m.at) === month);
  const latest = (to: LeadStatus) => new Map(thisMonth.filter((m) => m.to === to).map((m) => [m.leadId, m]));
  const quoted = [...latest("quoted").values()];
  const closes = new Map<number, StatusMove>();
  for (const m of [...thisMonth].sort((a, b) => a.at.getTime() - b.at.getTime()))
    if (m.to === "won" || m.to === "lost") closes.set(m.leadId, m);
  const won = [...closes.values()].filter((m) => m.to === "won");
  const lost = closes.size - won.length;
  const [year, monthNumber] = month.split("-").map(Number);
  return {
    label: monthLabel.format(new Date(Date.UTC(year, monthNumber - 1, 1))),
    quoted: { count: quoted.length, totalCents: sum(quoted.map((m) => quotedCents(m.value))) },
    won: { count: won.length, totalCents: sum(won.map((m) => jobValueCents(m.value))) },
    lost,
    winRate: closes.size ? won.length / closes.size : null,
  };
}

const sum = (values: (number | null)[]) => values.reduce<number>((total, v) => total + (v ?? 0), 0);
