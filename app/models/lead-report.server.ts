import { and, gte, inArray, lt, sql } from "drizzle-orm";
import { leadNotes, leads } from "~/db/schema";
import { FIRST_CONTACT_KINDS, WAITS_FOR_CONTACT, type PeriodRows } from "~/lib/lead-report";
import { periodInstants, type ReportPeriod } from "~/lib/report-period";
import { getDb } from "~/server/db.server";
import { jobValueColumns } from "./job-value.server";

/**
 * What the Leads & sales report (lib/lead-report.ts) counts for one period: every lead that
 * came in during it (archived ones too, by leads_created_idx), each request with its first
 * contact, and the moves to Quoted, Won or Lost made in it (the pipeline's moves, with the
 * lead's work, town and value). Everyone's leads: the report is the owner's and the office's.
 */
export function leadReportRows(period: Pick<ReportPeriod, "from" | "to">): PeriodRows {
  const { start, end } = periodInstants(period);
  const db = getDb();
  const waits = inArray(leads.source, [...WAITS_FOR_CONTACT]);
  // The first entry by a team member (an account) once the lead was in, of a kind that is contact:
  // read through lead_notes_lead_idx (lead_id, created_at), a few entries per lead.
  const firstContact = sql<
    number | null
  >`(select min(n.created_at) from ${leadNotes} n where n.lead_id = ${leads.id} and n.author_id is not null and n.created_at >= ${leads.createdAt} and n.kind in (${sql.join(
    FIRST_CONTACT_KINDS.map((k) => sql`${k}`),
    sql`, `,
  )}))`;
  const cameIn = db
    .select({
      id: leads.id,
      name: leads.name,
      createdAt: leads.createdAt,
      source: leads.source,
      status: leads.status,
      archivedAt: leads.archivedAt,
      firstContact: sql<number | null>`case when ${waits} then ${firstContact} end`,
    })
    .from(leads)
    .where(and(gte(leads.createdAt, start), lt(leads.createdAt, end)))
    .all()
    .map(({ archivedAt, firstContact: contact, ...lead }) => ({
      ...lead,
      archived: archivedAt !== null,
      firstContactAt: contact === null ? null : new Date(contact),
    }));
  const moves = db
    .select({
      leadId: leadNotes.leadId,
      to: leadNotes.statusTo,
      at: leadNotes.createdAt,
      name: leads.name,
      service: leads.service,
      city: leads.city,
      createdAt: leads.createdAt,
      ...jobValueColumns(leadNotes.leadId),
    })
    .from(leadNotes)
    .innerJoin(leads, sql`${leads.id} = ${leadNotes.leadId}`)
    .where(
      and(
        inArray(leadNotes.statusTo, ["quoted", "won", "lost"]),
        gte(leadNotes.createdAt, start),
        lt(leadNotes.createdAt, end),
      ),
    )
    .all()
    .flatMap(({ acceptedCents, changeOrderCents, estimateCents, to, ...m }) =>
      to ? [{ ...m, to, value: { acceptedCents, changeOrderCents, estimateCents } }] : [],
    );
  return { leads: cameIn, moves, start, end };
}
