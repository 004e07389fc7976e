import { and, asc, eq, ne } from "drizzle-orm";
import { claimFiles, claimSupplements, insuranceClaims, invoices, leads } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import type { ClaimFileKind } from "~/lib/claim-kinds";
import {
  CLAIM_MESSAGES,
  claimChanged,
  supplementDecision,
  type ClaimInput,
  type SupplementDecision,
  type SupplementInput,
} from "~/lib/insurance-claim";
import { isRefusal, refusal, type Refusal } from "~/lib/refusal";
import { getDb, inTransaction } from "~/server/db.server";
import { writeLeadHistory } from "./lead-history.server";

/**
 * A lead's insurance claim (decision 0109): the claim row, the supplements asked of the
 * carrier, the files kept privately on it. Plain rows; every change writes its history
 * entry in the same transaction. Files on disk are the service's (services/insurance-claim.server.ts).
 */

export type InsuranceClaim = typeof insuranceClaims.$inferSelect;
export type ClaimSupplement = typeof claimSupplements.$inferSelect;
export type ClaimFile = typeof claimFiles.$inferSelect;

/** A supplement with the number of the invoice it was billed on, when it was. */
export type ClaimSupplementRow = ClaimSupplement & { invoiceNumber: number | null };

/** The claim of a lead, or undefined when the lead is not one. */
export function getClaim(leadId: number): InsuranceClaim | undefined {
  return getDb().select().from(insuranceClaims).where(eq(insuranceClaims.leadId, leadId)).get();
}

const factsOf = (claim: InsuranceClaim): ClaimInput => ({
  carrier: claim.carrier,
  claimNumber: claim.claimNumber,
  lossOn: claim.lossOn,
  adjusterName: claim.adjusterName,
  adjusterPhone: claim.adjusterPhone,
  adjusterEmail: claim.adjusterEmail,
  deductibleCents: claim.deductibleCents,
  approvedCents: claim.approvedCents,
  depreciationCents: claim.depreciationCents,
});

/** Marks a lead as a claim (`created`) or writes its details anew (`changed`, or `unchanged` when nothing differs). */
export function saveClaim(
  leadId: number,
  input: ClaimInput,
  by: Actor,
  now = new Date(),
): "created" | "changed" | "unchanged" | "no-lead" {
  return inTransaction(() => {
    const db = getDb();
    if (!db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).get()) return "no-lead";
    const current = getClaim(leadId);
    if (!current) {
      db.insert(insuranceClaims)
        .values({ leadId, ...input, createdBy: by.id, createdAt: now, updatedAt: now })
        .run();
      writeLeadHistory({ leadId, kind: "claim-marked", detail: input.carrier, reference: input.claimNumber }, by, now);
      return "created";
    }
    if (!claimChanged(factsOf(current), input)) return "unchanged";
    db.update(insuranceClaims)
      .set({ ...input, updatedAt: now })
      .where(eq(insuranceClaims.id, current.id))
      .run();
    writeLeadHistory({ leadId, kind: "claim-changed" }, by, now);
    return "changed";
  });
}

/** Whether an invoice of the lead names the carrier as a payer (alone or with the homeowner). */
export function hasCarrierInvoice(leadId: number): boolean {
  return !!getDb()
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.leadId, leadId), ne(invoices.payer, "homeowner")))
    .get();
}

/**
 * The lead is not a claim any more: the claim, its supplements and its files' rows go (the
 * caller removes the files, which it gets back). Refused while an invoice names the carrier.
 */
export function removeClaim(leadId: number, by: Actor, now = new Date()): ClaimFile[] | undefined | Refusal {
  return inTransaction(() => {
    const claim = getClaim(leadId);
    if (!claim) return undefined;
    if (hasCarrierInvoice(leadId)) return refusal(CLAIM_MESSAGES.carrierInvoices, { status: 409 });
    const db = getDb();
    const files = db.delete(claimFiles).where(eq(claimFiles.leadId, leadId)).returning().all();
    // Its supplements go with it (claim_supplements.claim_id cascades).
    db.delete(insuranceClaims).where(eq(insuranceClaims.id, claim.id)).run();
    writeLeadHistory({ leadId, kind: "claim-removed", detail: claim.carrier }, by, now);
    return files;
  });
}

/** A claim's supplements, oldest first, with the invoice each was billed on. */
export function listSupplements(claimId: number): ClaimSupplementRow[] {
  return getDb()
    .select({ s: claimSupplements, invoiceNumber: invoices.number })
    .from(claimSupplements)
    .leftJoin(invoices, eq(invoices.id, claimSupplements.invoiceId))
    .where(eq(claimSupplements.claimId, claimId))
    .orderBy(asc(claimSupplements.id))
    .all()
    .map(({ s, invoiceNumber }) => ({ ...s, invoiceNumber }));
}

/** A supplement asked of the carrier, submitted. Undefined: the lead is not a claim. */
export function addSupplement(
  leadId: number,
  input: SupplementInput,
  by: Actor,
  now = new Date(),
): ClaimSupplement | undefined {
  return inTransaction(() => {
    const claim = getClaim(leadId);
    if (!claim) return undefined;
    const row = getDb()
      .insert(claimSupplements)
      .values({ claimId: claim.id, ...input, createdBy: by.id, createdAt: now, updatedAt: now })
      .returning()
      .get();
    writeLeadHistory(
      { leadId, kind: "supplement-submitted", detail: input.description, amountCents: input.requestedCents },
      by,
      now,
    );
    return row;
  });
}

/**
 * What the carrier decided on a supplement of this lead's claim (lib/insurance-claim.ts
 * supplementDecision: never more than asked, never once billed). Undefined: no such supplement here.
 */
export function decideSupplement(
  leadId: number,
  supplementId: number,
  decision: SupplementDecision,
  by: Actor,
  now = new Date(),
): ClaimSupplement | "unchanged" | undefined | Refusal {
  return inTransaction(() => {
    const db = getDb();
    const found = db
      .select({ s: claimSupplements })
      .from(claimSupplements)
      .innerJoin(insuranceClaims, eq(insuranceClaims.id, claimSupplements.claimId))
      .where(and(eq(claimSupplements.id, supplementId), eq(insuranceClaims.leadId, leadId)))
      .get();
    if (!found) return undefined;
    const next = supplementDecision(found.s, decision);
    if (next === "unchanged" || isRefusal(next)) return next;
    const row = db
      .update(claimSupplements)
      .set({ ...next, updatedAt: now })
      .where(eq(claimSupplements.id, supplementId))
      .returning()
      .get();
    writeLeadHistory(
      next.state === "approved"
        ? { leadId, kind: "supplement-approved", detail: row.description, amountCents: next.approvedCents }
        : { leadId, kind: "supplement-denied", detail: row.description },
      by,
      now,
    );
    return row;
  });
}

/** What a claim file's row records of its (already written, private) file. */
export type NewClaimFile = {
  kind: ClaimFileKind;
  storedName: string;
  originalName: string;
  contentType: string;
  bytes: number;
};

/** A file kept on the lead's claim. Undefined: the lead is not a claim (the caller removes the file). */
export function addClaimFile(leadId: number, file: NewClaimFile, by: Actor, now = new Date()): ClaimFile | undefined {
  return inTransaction(() => {
    if (!getClaim(leadId)) return undefined;
    const row = getDb()
      .insert(claimFiles)
      .values({ leadId, ...file, uploadedBy: by.id, createdAt: now })
      .returning()
      .get();
    writeLeadHistory({ leadId, kind: "claim-file-added", ...fileNamed(row) }, by, now);
    return row;
  });
}

// What the history keeps of a claim file: its kind and the name it came with (worded when read).
const fileNamed = (file: ClaimFile) => ({ detail: file.kind, reference: file.originalName });

/** A lead's claim files, oldest first. */
export function listClaimFiles(leadId: number): ClaimFile[] {
  return getDb().select().from(claimFiles).where(eq(claimFiles.leadId, leadId)).orderBy(asc(claimFiles.id)).all();
}

/** One file of this lead's claim, or undefined. */
export function getClaimFile(leadId: number, fileId: number): ClaimFile | undefined {
  return getDb()
    .select()
    .from(claimFiles)
    .where(and(eq(claimFiles.id, fileId), eq(claimFiles.leadId, leadId)))
    .get();
}

/** Deletes a file's row, in the lead's history; the deleted row (the caller removes its file), or undefined. */
export function deleteClaimFile(leadId: number, fileId: number, by: Actor, now = new Date()): ClaimFile | undefined {
  return inTransaction(() => {
    const row = getDb()
      .delete(claimFiles)
      .where(and(eq(claimFiles.id, fileId), eq(claimFiles.leadId, leadId)))
      .returning()
      .get();
    if (row) writeLeadHistory({ leadId, kind: "claim-file-deleted", ...fileNamed(row) }, by, now);
    return row;
  });
}

/** Every claim file's stored name: the start-up sweep keeps these (services/upload-housekeeping.server.ts). */
export function listClaimFileNames(): Pick<ClaimFile, "storedName">[] {
  return getDb().select({ storedName: claimFiles.storedName }).from(claimFiles).all();
}
