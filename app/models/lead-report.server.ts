import { and, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { awaitsFirstContact, leadNotes, leads, wasFirstContacted } from "~/db/schema";
import {
  LISTED_LEADS,
  type LeadTally,
  type PeriodRows,
  type ReportMove,
  type ReportSpan,
  type RequestRows,
} from "~/lib/lead-report";
import { LEAD_SOURCES, LEAD_STATUSES } from "~/lib/lead-status";
import { periodInstants } from "~/lib/report-period";
import { getDb, inReadSnapshot, packedColumns, type Columns } from "~/server/db.server";
import { jobValueColumns, jobValueJoin } from "./job-value.server";
import { periodMove } from "./lead.server";

type Span = { start: Date; end: Date };

/**
 * What the Leads & sales report (lib/lead-report.ts) counts for each period (decision 0111):
 * how many leads came in on each of its buckets and how many stand at each status by source
 * (archived ones too), counted by SQLite over index ranges, never read one by one; its requests
 * as speed to lead reads them; and the moves to Quoted, Won or Lost made in it (the pipeline's
 * moves, with the lead's work, town and value). Everyone's leads: the report is the owner's
 * and the office's. Periods that overlap (ten years and the ten years a year earlier) read
 * their moves and contacted requests once, as one span, and count each stretch of time once.
 */
export function leadReportRows<const P extends readonly ReportSpan[]>(periods: P): { [K in keyof P]: PeriodRows } {
  return inReadSnapshot(() => rowsOf(periods)) as { [K in keyof P]: PeriodRows };
}

function rowsOf(periods: readonly ReportSpan[]): PeriodRows[] {
  const spans = periods.map((p) => periodInstants(p));
  const merged = mergedSpans(spans);
  // Every period's moves in one list, in time order: periodFigures keeps each period's own.
  const moves = merged.flatMap(movesIn);
  const contacted = merged.map(contactedIn);
  // Counted once for every period: the stretches between all their bounds (ten years and the
  // ten years a year earlier share nine), each period adding up those within it.
  const buckets = periods.map((p) => p.buckets.map((b) => periodInstants(b)));
  const bucketStretches = stretchesOf(buckets.flat());
  const inBuckets = bucketCounts(bucketStretches);
  const tallyStretches = stretchesOf(spans);
  const tallies = tallyCounts(tallyStretches);
  return periods.map((_, i) => {
    const span = spans[i]!;
    return {
      bucketCounts: buckets[i]!.map((bucket) =>
        inside(bucket, bucketStretches, inBuckets).reduce((n, count) => n + count, 0),
      ),
      tally: tallyOf(inside(span, tallyStretches, tallies)),
      requests: {
        contacted: contactedDuring(span, contacted),
        waiting: waitingIn(span),
      },
      moves,
      start: span.start,
      end: span.end,
    };
  });
}

const ms = (at: Date) => at.getTime();

/**
 * The stretches between these spans' bounds that lie within one of them, in order: spans that
 * overlap counted by stretches count each lead once.
 */
function stretchesOf(spans: readonly Span[]): Span[] {
  const bounds = [...new Set(spans.flatMap((s) => [ms(s.start), ms(s.end)]))].sort((a, b) => a - b);
  const stretches: Span[] = [];
  for (let i = 1; i < bounds.length; i++) {
    const stretch = { start: new Date(bounds[i - 1]!), end: new Date(bounds[i]!) };
    if (spans.some((span) => holds(span, stretch))) stretches.push(stretch);
  }
  return stretches;
}

const holds = (span: Span, stretch: Span) => span.start <= stretch.start && stretch.end <= span.end;

/** What was counted over each of these stretches, of those the span holds. */
const inside = <T>(span: Span, stretches: readonly Span[], counted: readonly T[]) =>
  counted.filter((_, k) => holds(span, stretches[k]!));

/** Spans as SQLite reads them from json_each: [start, end] in ms. */
const boundsOf = (spans: readonly Span[]) => JSON.stringify(spans.map((s) => [ms(s.start), ms(s.end)]));

/** How many leads came in during each span: each one range of leads_created_idx. */
function bucketCounts(buckets: readonly Span[]): number[] {
  return getDb()
    .values<[number]>(
      sql`select (select count(*) from ${leads} where ${leads.createdAt} >= json_extract(b.value, '$[0]') and ${leads.createdAt} < json_extract(b.value, '$[1]')) from json_each(${boundsOf(buckets)}) b order by b.key`,
    )
    .map(([count]) => count);
}

const PAIRS = LEAD_SOURCES.flatMap((source) => LEAD_STATUSES.map((status) => ({ source, status })));

/**
 * Each span's leads counted per source and status (PAIRS' order): each pair of each span one
 * range of leads_tally_idx.
 */
function tallyCounts(spans: readonly Span[]): number[][] {
  const counts = getDb()
    .values<[number]>(
      sql`select (select count(*) from ${leads} where ${leads.source} = p.value ->> 'source' and ${leads.status} = p.value ->> 'status' and ${leads.createdAt} >= json_extract(b.value, '$[0]') and ${leads.createdAt} < json_extract(b.value, '$[1]')) from json_each(${boundsOf(spans)}) b, json_each(${JSON.stringify(PAIRS)}) p order by b.key, p.key`,
    )
    .map(([count]) => count);
  return spans.map((_, i) => counts.slice(i * PAIRS.length, (i + 1) * PAIRS.length));
}

/** Counts per pair (tallyCounts) added up, as the report's tally lines. */
function tallyOf(counts: readonly number[][]): LeadTally[] {
  return PAIRS.flatMap((pair, j) => {
    const count = counts.reduce((n, c) => n + c[j]!, 0);
    return count > 0 ? [{ ...pair, count }] : [];
  });
}

/** A span's requests through one of their partial indexes, with the condition it holds. */
const requestsIn = (index: "leads_contacted_idx" | "leads_waiting_idx", condition: SQL, { start, end }: Span) =>
  sql`from ${leads} indexed by ${sql.identifier(index)} where ${condition} and ${leads.createdAt} >= ${ms(start)} and ${leads.createdAt} < ${ms(end)}`;

type Contacted = Columns<{ id: number; waited: number; createdAt: number }>;

/**
 * The span's contacted requests, each with how long it waited (first contact kept on the lead
 * by writeLeadHistory, in ms) and when it came in: a range of leads_contacted_idx, named
 * (SQLite would rather read the span's requests by leads_tally_idx), read once for periods
 * that overlap.
 */
function contactedIn(span: Span): Contacted {
  return packedColumns<{ id: number; waited: number; createdAt: number }>(
    { id: leads.id, waited: sql`${leads.firstContactAt} - ${leads.createdAt}`, createdAt: leads.createdAt },
    requestsIn("leads_contacted_idx", wasFirstContacted(leads), span),
  );
}

/** The requests read that came in during the span, with their minutes: lists, no object a request. */
function contactedDuring({ start, end }: Span, read: readonly Contacted[]): RequestRows["contacted"] {
  const [from, to] = [ms(start), ms(end)];
  const ids: number[] = [];
  const minutes: number[] = [];
  for (const { id, waited, createdAt } of read)
    for (let i = 0; i < id.length; i++)
      if (createdAt[i]! >= from && createdAt[i]! < to) {
        ids.push(id[i]!);
        minutes.push(waited[i]! / 60000);
      }
  return { ids, minutes: Float64Array.from(minutes) };
}

/**
 * The span's longest waiting requests, never contacted, oldest first: the first few of
 * leads_waiting_idx's range (named, as above).
 */
function waitingIn(span: Span): RequestRows["waiting"] {
  const waiting = getDb().values<[number, number, number]>(
    sql`select ${leads.id}, ${leads.createdAt}, ${leads.archivedAt} is not null ${requestsIn("leads_waiting_idx", awaitsFirstContact(leads), span)}
      order by ${leads.createdAt}, ${leads.id} limit ${LISTED_LEADS}`,
  );
  return waiting.map(([id, createdAt, archived]) => ({
    id,
    createdAt: new Date(createdAt),
    archived: Boolean(archived),
  }));
}

/** These leads, each once, in order. */
function movedIds(leadIds: readonly number[]): number[] {
  // Sorted natively as a typed array (see median, lib/lead-report.ts), then each once.
  const sorted = Float64Array.from(leadIds).sort();
  const ids: number[] = [];
  let last = 0;
  for (const id of sorted) if (id !== last) ids.push((last = id));
  return ids;
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

/**
 * The span's moves, read from lead_notes_moves_idx alone, and once per lead moved in it what
 * the report groups closes by and its value (a value is the lead's, not the move's).
 */
function movesIn({ start, end }: Span): ReportMove[] {
  const inSpan = and(periodMove, gte(leadNotes.createdAt, start), lt(leadNotes.createdAt, end));
  const moves = packedColumns<{ leadId: number; to: ReportMove["to"]; at: number }>(
    { leadId: leadNotes.leadId, to: leadNotes.statusTo, at: leadNotes.createdAt },
    sql`from ${leadNotes} where ${inSpan}`,
  );
  const moved = packedColumns<{
    id: number;
    service: string | null;
    city: string | null;
    createdAt: number;
    acceptedCents: number | null;
    changeOrderCents: number;
    estimateCents: number | null;
  }>(
    {
      id: leads.id,
      service: leads.service,
      city: leads.city,
      createdAt: leads.createdAt,
      ...jobValueColumns,
    },
    // Each lead moved looked up once by its id, in order (a cross join keeps json_each outside): no
    // second pass over the moves' index to make a list of them in SQLite.
    sql`from json_each(${JSON.stringify(movedIds(moves.leadId))}) j cross join ${leads} on ${leads.id} = j.value left join ${jobValueJoin[0]} on ${jobValueJoin[1]}`,
  );
  // Where each lead moved sits in `moved`, by its id (no Map of thousands), and its value's
  // parts made once, shared by its moves.
  const row = new Int32Array((moved.id.at(-1) ?? 0) + 1);
  const values = moved.id.map((id, k) => {
    row[id] = k;
    return {
      acceptedCents: moved.acceptedCents[k] ?? null,
      changeOrderCents: moved.changeOrderCents[k]!,
      estimateCents: moved.estimateCents[k] ?? null,
    };
  });
  return moves.leadId.map((leadId, i) => {
    const k = row[leadId]!;
    return {
      leadId,
      to: moves.to[i]!,
      at: moves.at[i]!,
      service: moved.service[k] ?? null,
      city: moved.city[k] ?? null,
      createdAt: moved.createdAt[k]!,
      value: values[k]!,
    };
  });
}
