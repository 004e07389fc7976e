import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { countsChangeOrders, jobValues, leads } from "~/db/schema";
import { jobValueCents } from "~/lib/job-value";
import { getDb } from "~/server/db.server";

// Change-order lines of the invoices that are not void. A draft's count: the change is
// agreed and will be billed. A final invoice repeats earlier ones as plain lines (no flag),
// so each is counted once, on the invoice it was made on. Only the invoices that carry one
// are read (invoices_change_orders_idx), not every invoice of the job parsed. The trigger
// that keeps their sum on the lead (migration 0047) reads the same lines.
const changeOrderLines = (leadId: SQL) =>
  sql`from invoices i, json_each(i.lines) j where i.lead_id = ${leadId} and ${countsChangeOrders({ state: sql`i.state`, lines: sql`i.lines` })} and json_extract(j.value, '$.changeOrder') = 1`;

/**
 * The one query path for a job's value (lib/job-value.ts combines the parts): the three parts
 * kept for each lead by triggers (job_values, migration 0047, decision 0117), for any query
 * over leads to select with jobValueJoin, so a page of the Leads list, the pipeline, the CSVs,
 * the reports and the lead page all read the same three figures.
 */
export const jobValueColumns = {
  acceptedCents: jobValues.acceptedCents,
  // Every lead has its row (a trigger makes it with the lead); joined on the left all the same,
  // so that a lead never drops out of a list for want of one.
  changeOrderCents: sql<number>`coalesce(${jobValues.changeOrderCents}, 0)`,
  estimateCents: jobValues.estimateCents,
};

/** The join jobValueColumns read from: `.leftJoin(...jobValueJoin)` on a query over leads. */
export const jobValueJoin = [jobValues, eq(jobValues.leadId, leads.id)] as const;

/** Each of these leads' value in cents (null: no estimate and nothing accepted). */
export function jobValuesOf(leadIds: readonly number[]): Map<number, number | null> {
  if (!leadIds.length) return new Map();
  const rows = getDb()
    .select({ id: leads.id, ...jobValueColumns })
    .from(leads)
    .leftJoin(...jobValueJoin)
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
