/**
 * A job's value, one figure for every screen, CSV and export (decision 0073): what the
 * homeowner signed for (the accepted proposal) plus the change orders on the job's invoices.
 * Before anything is accepted, a lead is worth its current estimate; with neither, nothing.
 * The parts come from one query path (models/job-value.server.ts).
 */
export type JobValueParts = {
  /** The accepted proposal's total, if one stands. */
  acceptedCents: number | null;
  /** The change orders on the job's invoices that are not void (negative for a credit). */
  changeOrderCents: number;
  /** The current estimate's total, if the lead has one. */
  estimateCents: number | null;
};

export function jobValueCents(parts: JobValueParts): number | null {
  if (parts.acceptedCents !== null) return parts.acceptedCents + parts.changeOrderCents;
  return parts.estimateCents;
}
