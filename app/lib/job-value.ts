import type { InvoiceState } from "./invoice-kinds";

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

/**
 * What the homeowner was quoted: the accepted proposal, else the estimate the open proposal
 * was made from. The job's value before any change order: a change agreed after the sale
 * is work won, never a quote (the pipeline's "Quoted").
 */
export function quotedCents(parts: JobValueParts): number | null {
  return parts.acceptedCents ?? parts.estimateCents;
}

/** An invoice as billing counts it: a draft has billed nothing yet, a void one nothing at all. */
type Billing = { state: InvoiceState; totalCents: number };

/** What the job's sent invoices (not void) have billed so far. */
export function billedCents(invoices: readonly Billing[]): number {
  return invoices.reduce((sum, i) => (i.state === "draft" || i.state === "void" ? sum : sum + i.totalCents), 0);
}

/**
 * What of the job's value no sent invoice bills yet (never below zero). Nothing left: no
 * new invoice is offered or made.
 */
export function unbilledCents(jobValue: number | null, invoices: readonly Billing[]): number {
  return Math.max(0, (jobValue ?? 0) - billedCents(invoices));
}
