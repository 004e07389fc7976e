import { and, gte, inArray, lt, sql } from "drizzle-orm";
import { leadNotes, leads } from "~/db/schema";
import type { JobValueParts } from "~/lib/job-value";
import {
  FIRST_CONTACT_KINDS,
  WAITS_FOR_CONTACT,
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
 * What the Leads & sales report (lib/lead-report.ts) counts for each period: every lead that
 * came in during it (archived ones too, by leads_created_idx), each request with its first
 * contact, and the moves to Quoted, Won or Lost made in it (the pipeline's moves, with the
 * lead's work, town and value). Everyone's leads: the report is the owner's and the office's.
 * Periods that overlap (ten years and the ten years a year earlier) are read once, as one span.
 */
export function leadReportRows<const P extends readonly Days[]>(periods: P): { [K in keyof P]: PeriodRows } {
  const spans = periods.map((p) => periodInstants(p));
  const read = mergedSpans(spans).map((span) => ({ leads: leadsIn(span), moves: movesIn(span) }));
  return spans.map(({ start, end }) => {
    const [from, to] = [start.getTime(), end.getTime()];
    const within = (at: Date) => at.getTime() >= from && at.getTime() < to;
    return {
      leads: read.flatMap((r) => r.leads.filter((l) => within(l.createdAt))),
      moves: read.flatMap((r) => r.moves.filter((m) => within(m.at))),
      start,
      end,
    };
  }) as { [K in keyof P]: PeriodRows };
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

// Raw rows (better-sqlite3's own objects): tens of thousands of them, each made once here.
type LeadRow = Omit<ReportLead, "createdAt" | "archived" | "firstContactAt"> & {
  createdAt: number;
  archivedAt: number | null;
  firstContactAt: number | null;
};

function leadsIn({ start, end }: Span): ReportLead[] {
  const waits = inArray(leads.source, [...WAITS_FOR_CONTACT]);
  // The first entry by a team member (an account) once the lead was in, of a kind that is contact:
  // read from lead_notes_lead_idx alone (lead_id, created_at, kind, author_id), a few entries per lead.
  const firstContact = sql`(select min(n.created_at) from ${leadNotes} n where n.lead_id = ${leads.id} and n.author_id is not null and n.created_at >= ${leads.createdAt} and n.kind in (${sql.join(
    FIRST_CONTACT_KINDS.map((k) => sql`${k}`),
    sql`, `,
  )}))`;
  return getDb()
    .all<LeadRow>(
      sql`select ${leads.id} as id, ${leads.name} as name, ${leads.createdAt} as createdAt, ${leads.source} as source, ${leads.status} as status, ${leads.archivedAt} as archivedAt, case when ${waits} then ${firstContact} end as firstContactAt from ${leads} where ${and(gte(leads.createdAt, start), lt(leads.createdAt, end))}`,
    )
    .map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: new Date(row.createdAt),
      source: row.source,
      status: row.status,
      archived: row.archivedAt !== null,
      firstContactAt: row.firstContactAt === null ? null : new Date(row.firstContactAt),
    }));
}

type MoveRow = Omit<ReportMove, "at" | "createdAt" | "value"> & { at: number; createdAt: number };

function movesIn({ start, end }: Span): ReportMove[] {
  const db = getDb();
  const inSpan = and(
    inArray(leadNotes.statusTo, [...MOVES]),
    gte(leadNotes.createdAt, start),
    lt(leadNotes.createdAt, end),
  );
  const moves = db.all<MoveRow>(
    sql`select ${leadNotes.leadId} as leadId, ${leadNotes.statusTo} as "to", ${leadNotes.createdAt} as at, ${leads.name} as name, ${leads.service} as service, ${leads.city} as city, ${leads.createdAt} as createdAt from ${leadNotes} join ${leads} on ${leads.id} = ${leadNotes.leadId} where ${inSpan}`,
  );
  // A value is the lead's, not the move's: read once per lead moved in the span.
  const values = new Map<number, JobValueParts>(
    db
      .select({ id: leads.id, ...jobValueColumns(leads.id) })
      .from(leads)
      .where(inArray(leads.id, db.selectDistinct({ id: leadNotes.leadId }).from(leadNotes).where(inSpan)))
      .all()
      .map(({ id, ...parts }) => [id, parts]),
  );
  return moves.map((row) => ({
    leadId: row.leadId,
    to: row.to,
    at: new Date(row.at),
    value: values.get(row.leadId)!,
    name: row.name,
    service: row.service,
    city: row.city,
    createdAt: new Date(row.createdAt),
  }));
}
