import { getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { countsChangeOrders, leads, standsAccepted } from "~/db/schema";
import { jobValueCents } from "~/lib/job-value";
import { getDb } from "~/server/db.server";

// Change-order lines of the invoices that are not void. A draft's count: the change is
// agreed and will be billed. A final invoice repeats earlier ones as plain lines (no flag),
// so each is counted once, on the invoice it was made on. Only the invoices that carry one
// are read (invoices_change_orders_idx), not every invoice of the job parsed.
const changeOrderLines = (leadId: SQL) =>
  sql`from invoices i, json_each(i.lines) j where i.lead_id = ${leadId} and ${countsChangeOrders({ state: sql`i.state`, lines: sql`i.lines` })} and json_extract(j.value, '$.changeOrder') = 1`;

/**
 * The one query path for a job's value (lib/job-value.ts combines the parts): columns any
 * query over leads can select, each a subquery on an indexed lead_id, so a page of the
 * Leads list, the pipeline, the CSVs and the lead page all read the same three figures.
 */
export function jobValueColumns(leadIdColumn: SQLiteColumn) {
  // Named with its table: a one-table select prints bare column names, which the subqueries' own tables would capture.
  const leadId = sql`${sql.identifier(getTableName(leadIdColumn.table))}.${sql.identifier(leadIdColumn.name)}`;
  // Each total read from an index that holds it (named: SQLite would rather take the unique
  // one, then read the proposal's or the estimate's row, kilobytes, for one number).
  return {
    // One accepted proposal stands per lead (a unique index).
    acceptedCents: sql<
      number | null
    >`(select p.total_cents from proposals p indexed by proposals_accepted_value_idx where p.lead_id = ${leadId} and ${standsAccepted({ acceptedAt: sql`p.accepted_at`, withdrawnAt: sql`p.withdrawn_at` })})`,
    changeOrderCents: sql<number>`(select coalesce(sum(json_extract(j.value, '$.amountCents')), 0) ${changeOrderLines(leadId)})`,
    estimateCents: sql<
      number | null
    >`(select e.total_cents from estimates e indexed by estimates_current_value_idx where e.lead_id = ${leadId} and e.superseded_at is null)`,
  };
}

/** Each of these leads' value in cents (null: no estimate and nothing accepted). */
export function jobValuesOf(leadIds: readonly number[]): Map<number, number | null> {
  if (!leadIds.length) return new Map();
  const rows = getDb()
    .select({ id: leads.id, ...jobValueColumns(leads.id) })
    .from(leads)
    .where(inArray(leads.id, [...leadIds]))
    .all();
  return new Map(rows.map((row) => [row.id, jobValueCents(row)]));
}

/** One lead's value (the lead page). */
export const jobValueOf = (leadId: number) => jobValuesOf([leadId]).get(leadId) ?? null;

/**
 * The change orders one lead's value counts, each as it was agreed, in the order they were
 * made. `sentOnly`: those on invoices the homeowner has been sent (their job page): a draft's
 * are the office's until it goes.
 */
export function jobChangeOrders(
  leadId: number,
  { sentOnly = false }: { sentOnly?: boolean } = {},
): { description: string; amountCents: number }[] {
  return getDb().all<{ description: string; amountCents: number }>(
    sql`select json_extract(j.value, '$.description') as description, json_extract(j.value, '$.amountCents') as amountCents ${changeOrderLines(sql`${leadId}`)}${sentOnly ? sql` and i.state <> 'draft'` : sql``} order by i.id, j.key`,
  );
}
