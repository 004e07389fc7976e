import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { claimSupplements, insuranceClaims, invoices, leads } from "~/db/schema";
import { claimMoney, type ClaimFacts, type ClaimMoney, type ClaimSupplementFacts } from "~/lib/claim-money";
import type { InvoiceLine } from "~/lib/invoice-kinds";
import { getDb } from "~/server/db.server";
import { getClaim } from "./insurance-claim.server";
import { isOpenInvoice } from "./open-invoice.server";
import { jobValueOf, jobValuesOf } from "./job-value.server";

/**
 * What the money of an insurance claim (lib/claim-money.ts) is worked out from, read in one
 * place: the claim, its supplements, the job's value, its invoices with who owes each, and
 * whether the job is completed. Null for a lead that is not a claim.
 */

export type ClaimRecord = ClaimFacts & {
  id: number;
  leadId: number;
  lossOn: string | null;
  adjusterName: string | null;
  adjusterPhone: string | null;
  adjusterEmail: string | null;
};

export type ClaimMoneyRows = {
  claim: ClaimRecord;
  supplements: ClaimSupplementFacts[];
  jobValueCents: number | null;
  invoices: {
    id: number;
    kind: "deposit" | "progress" | "final";
    state: "draft" | "sent" | "partly_paid" | "paid" | "void";
    payer: "homeowner" | "carrier" | "both";
    totalCents: number;
    paidCents: number;
    dueOn: string | null;
    lines: InvoiceLine[];
  }[];
  /** When the job was marked completed, or null. */
  completedAt: Date | null;
};

const claimColumns = {
  id: insuranceClaims.id,
  leadId: insuranceClaims.leadId,
  carrier: insuranceClaims.carrier,
  claimNumber: insuranceClaims.claimNumber,
  lossOn: insuranceClaims.lossOn,
  adjusterName: insuranceClaims.adjusterName,
  adjusterPhone: insuranceClaims.adjusterPhone,
  adjusterEmail: insuranceClaims.adjusterEmail,
  deductibleCents: insuranceClaims.deductibleCents,
  approvedCents: insuranceClaims.approvedCents,
  depreciationCents: insuranceClaims.depreciationCents,
};

function supplementsOf(claimIds: readonly number[]) {
  if (!claimIds.length) return [];
  return getDb()
    .select({
      claimId: claimSupplements.claimId,
      id: claimSupplements.id,
      description: claimSupplements.description,
      state: claimSupplements.state,
      approvedCents: claimSupplements.approvedCents,
      invoiceId: claimSupplements.invoiceId,
    })
    .from(claimSupplements)
    .where(inArray(claimSupplements.claimId, [...claimIds]))
    .orderBy(asc(claimSupplements.id))
    .all();
}

function invoicesOf(leadIds: readonly number[]) {
  if (!leadIds.length) return [];
  return getDb()
    .select({
      leadId: invoices.leadId,
      id: invoices.id,
      kind: invoices.kind,
      state: invoices.state,
      payer: invoices.payer,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      dueOn: invoices.dueOn,
      lines: invoices.lines,
    })
    .from(invoices)
    .where(inArray(invoices.leadId, [...leadIds]))
    .orderBy(asc(invoices.id))
    .all();
}

/** Everything a claim's money is worked out from, or null for a lead that is not a claim. */
export function claimMoneyRows(leadId: number): ClaimMoneyRows | null {
  const claim = getClaim(leadId);
  if (!claim) return null;
  const lead = getDb().select({ completedAt: leads.completedAt }).from(leads).where(eq(leads.id, leadId)).get();
  return {
    claim,
    supplements: supplementsOf([claim.id]).map(({ claimId: _, ...s }) => s),
    jobValueCents: jobValueOf(leadId),
    invoices: invoicesOf([leadId]).map(({ leadId: _, ...i }) => i),
    completedAt: lead?.completedAt ?? null,
  };
}

/** A claim's money with the rows it came from (lib/claim-money.ts), or null for a lead that is not a claim. */
export function claimMoneyOf(leadId: number): (ClaimMoneyRows & { money: ClaimMoney }) | null {
  const rows = claimMoneyRows(leadId);
  return rows && { ...rows, money: claimMoney(rows) };
}

/**
 * Every open claim's money (won, not archived), for the Money report's "Still to come": the
 * same rows as one claim's, read a few queries for all of them.
 */
export function openClaimsMoney(): ClaimMoney[] {
  const claims = getDb()
    .select(claimColumns)
    .from(insuranceClaims)
    .innerJoin(leads, eq(leads.id, insuranceClaims.leadId))
    .where(and(eq(leads.status, "won"), isNull(leads.archivedAt)))
    .all();
  const supplements = supplementsOf(claims.map((c) => c.id));
  const rows = invoicesOf(claims.map((c) => c.leadId));
  const values = jobValuesOf(claims.map((c) => c.leadId));
  return claims.map((claim) =>
    claimMoney({
      claim,
      supplements: supplements.filter((s) => s.claimId === claim.id),
      jobValueCents: values.get(claim.leadId) ?? null,
      invoices: rows.filter((i) => i.leadId === claim.leadId),
    }),
  );
}

/** Marks these supplements billed on this invoice, inside the transaction that makes it. */
export function markSupplementsBilled(supplementIds: readonly number[], invoiceId: number): number {
  if (!supplementIds.length) return 0;
  return getDb()
    .update(claimSupplements)
    .set({ invoiceId, updatedAt: new Date() })
    .where(inArray(claimSupplements.id, [...supplementIds]))
    .run().changes;
}

/**
 * What the open invoices (Sent or Partly paid) owe today, by who owes them: summed as the
 * pipeline's "Owed on won jobs" sums them (models/invoice.server.ts owingJobs), so the two agree.
 */
export function owedByPayer() {
  return getDb()
    .select({ payer: invoices.payer, owedCents: sql<number>`sum(${invoices.totalCents} - ${invoices.paidCents})` })
    .from(invoices)
    .innerJoin(leads, eq(leads.id, invoices.leadId))
    .where(isOpenInvoice)
    .groupBy(invoices.payer)
    .all();
}
