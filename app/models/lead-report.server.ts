import { and, gte, inArray, lt, sql } from "drizzle-orm";
import { leadNotes, leads } from "~/db/schema";
import type { LeadSource, LeadStatus } from "~/lib/lead-status";
import {
  WAITS_FOR_CONTACT,
  type LeadTally,
  type PeriodRows,
  type ReportLead,
  type ReportMove,
} from "~/lib/lead-report";
import { periodInstants, type ReportPeriod } from "~/lib/report-period";
import { getDb } from "~/server/db.server";
import { jobValueColumns } from "./job-value.server";

type Span = { start: Date; end: Date };
type Days = Pick<ReportPeriod, "from" | "to">;
const MOVES = ["quoted", "won", "lost"] as const;

/**
 * What the Leads & sales report (lib/lead-report.ts) counts for each period: when each lead
 * came in (archived ones too) and how many stand at each status by source, read from
 * leads_report_idx alone; each request with its first contact; and the moves to Quoted, Won
 * or Lost made in it (the pipeline's moves, with the lead's work, town and value). Everyone's
 * leads: the report is the owner's and the office's. Periods that overlap (ten years and the
 * ten years a year earlier) read their leads and moves once, as one span.
 */
export function leadReportRows<const P extends readonly Days[]>(periods: P): { [K in keyof P]: PeriodRows } {
  const spans = periods.map((p) => periodInstants(p));
  const read = mergedSpans(spans).map((span) => ({ leads: leadsIn(span), moves: movesIn(span) }));
  return spans.map(({ start, end }) => {
    const [from, to] = [start.getTime(), end.getTime()];
    const rows: PeriodRows = { leadTimes: [], tally: [], requests: [], moves: [], start, end };
    const tally = new Map<string, LeadTally>();
    for (const r of read) {
      for (const [at, source, status, request] of r.leads) {
        if (at < from || at >= to) continue;
        rows.leadTimes.push(at);
        const key = `${source} ${status}`;
        const line = tally.get(key);
        if (line) line.count += 1;
        else tally.set(key, { source, status, count: 1 });
        if (request) rows.requests.push(request);
      }
      for (const m of r.moves) if (m.at.getTime() >= from && m.at.getTime() < to) rows.moves.push(m);
    }
    rows.tally = [...tally.values()];
    return rows;
  }) as { [K in keyof P]: PeriodRows };
}

/** The names of these leads, for the few the report lists by name. */
export function leadNames(ids: readonly number[]): Map<number, string> {
  if (!ids.length) return new Map();
  const rows = getDb()
    .select({ id: leads.id, name: leads.name })
    .from(leads)
    .where(inArray(leads.id, [...ids]))
    .all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The spans covering these, those that overlap or touch made one. */
function mergedSpans(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = span.end > last.end ? span.end : last.end;
    else merged.push({ ...span });
  }
  return merged;
}

// One lead as read: when it came in, its source and status, and for a request its first contact.
type LeadRead = [at: number, source: LeadSource, status: LeadStatus, request: ReportLead | null];

/**
 * The span's leads, from leads_report_idx alone (no lead's message read), each request
 * (WAITS_FOR_CONTACT) with its first contact (kept on the lead by writeLeadHistory).
 */
function leadsIn({ start, end }: Span): LeadRead[] {
  const waits = inArray(leads.source, [...WAITS_FOR_CONTACT]);
  // Raw rows (arrays): tens of thousands of them, each made into one tuple here.
  const rows = getDb()
    .select({
      at: sql<number>`${leads.createdAt}`,
      source: leads.source,
      status: leads.status,
      request: sql<number>`${waits}`,
      id: leads.id,
      archivedAt: sql<number | null>`${leads.archivedAt}`,
      firstContactAt: sql<number | null>`${leads.firstContactAt}`,
    })
    .from(leads)
    .where(and(gte(leads.createdAt, start), lt(leads.createdAt, end)))
    .values() as [number, LeadSource, LeadStatus, number, number, number | null, number | null][];
  return rows.map(([at, source, status, request, id, archivedAt, firstContactAt]) => [
    at,
    source,
    status,
    request
      ? {
          id,
          createdAt: new Date(at),
          source,
          archived: archivedAt !== null,
          firstContactAt: firstContactAt === null ? null : new Date(firstContactAt),
        }
      : null,
  ]);
}

/**
 * The span's moves, read from lead_notes_moves_idx alone, and once per lead moved in it what
 * the report groups closes by and its value (a value is the lead's, not the move's).
 */
function movesIn({ start, end }: Span): ReportMove[] {
  const db = getDb();
  const moves = db
    .select({ leadId: leadNotes.leadId, to: leadNotes.statusTo, at: sql<number>`${leadNotes.createdAt}` })
    .from(leadNotes)
    .where(and(inArray(leadNotes.statusTo, [...MOVES]), gte(leadNotes.createdAt, start), lt(leadNotes.createdAt, end)))
    .values() as [number, ReportMove["to"], number][];
  const moved = JSON.stringify([...new Set(moves.map(([leadId]) => leadId))]);
  const { acceptedCents, changeOrderCents, estimateCents } = jobValueColumns(leads.id);
  // As arrays too: thousands of leads over ten years, without Drizzle's mapping of each field.
  const rows = db
    .select({
      id: leads.id,
      service: leads.service,
      city: leads.city,
      createdAt: sql<number>`${leads.createdAt}`,
      acceptedCents,
      changeOrderCents,
      estimateCents,
    })
    .from(leads)
    .where(inArray(leads.id, db.select({ id: sql`value` }).from(sql`json_each(${moved})`)))
    .values() as [number, string | null, string | null, number, number | null, number, number | null][];
  const leadsMoved = new Map(
    rows.map(([id, service, city, createdAt, acceptedCents, changeOrderCents, estimateCents]) => [
      id,
      { service, city, createdAt: new Date(createdAt), value: { acceptedCents, changeOrderCents, estimateCents } },
    ]),
  );
  return moves.map(([leadId, to, at]) => ({ leadId, to, at: new Date(at), ...leadsMoved.get(leadId)! }));
}
