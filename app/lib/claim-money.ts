import type { SupplementState } from "./claim-kinds";
import { formatDay } from "./business-time";
import { owedCents } from "./invoice";
import {
  CLAIM_BILL_LABELS,
  CLAIM_BILLS,
  type ClaimBill,
  type InvoiceLine,
  type InvoicePayer,
  type InvoiceState,
} from "./invoice-kinds";
import { billedCents } from "./job-value";
import { formatCents } from "./money-format";

/**
 * The money of an insurance claim (decision 0110), worked out from plain rows: the claim as
 * the carrier's scope states it, its supplements, the job's one value (lib/job-value.ts) and
 * its invoices with who owes each. Whole cents, never negative; one definition each:
 *
 * - approved: the replacement cost value (RCV) the carrier's scope approved. Until the scope
 *   is in, the job's value stands in for it (the proposal is priced to the scope);
 * - actual cash value (ACV) = approved − depreciation; the carrier's first payment = ACV −
 *   deductible; the depreciation is released by the carrier once the work is done;
 * - approved supplements: what the carrier approved beyond its scope, billed to it as change
 *   orders (so the job's value counts each once it is billed);
 * - the job as it will be billed: its value plus the approved supplements not billed yet;
 * - the homeowner's share: the deductible, plus any upgrade he chose beyond the scope (the
 *   job less approved less approved supplements, when positive); never more than the job;
 * - the carrier's share: the rest (its first payment, approved supplements, the depreciation);
 * - per payer: billed (sent invoices, not void), paid, owed now (lib/invoice.ts owedCents),
 *   and still to come: the share not billed yet. An invoice naming both the homeowner and the
 *   carrier is the carrier's check made out to both: it counts as the carrier's share.
 */

/** The two sides money comes from: an invoice to "both" is the carrier's (its check names both). */
export type ClaimSide = "homeowner" | "carrier";
export const sideOfPayer = (payer: InvoicePayer): ClaimSide => (payer === "homeowner" ? "homeowner" : "carrier");

/** Who each bill of a claim is preset to on the create form (changeable there). */
export const CLAIM_BILL_PAYERS: Record<ClaimBill, InvoicePayer> = {
  "first-payment": "carrier",
  deductible: "homeowner",
  depreciation: "carrier",
  supplements: "carrier",
};

export type ClaimFacts = {
  carrier: string;
  claimNumber: string;
  deductibleCents: number;
  approvedCents: number | null;
  depreciationCents: number;
};
export type ClaimSupplementFacts = {
  id: number;
  description: string;
  state: SupplementState;
  approvedCents: number | null;
  /** The invoice it was billed on (a void one bills nothing: it may be billed again). */
  invoiceId: number | null;
};
export type ClaimInvoiceFacts = {
  id: number;
  state: InvoiceState;
  payer: InvoicePayer;
  totalCents: number;
  paidCents: number;
  dueOn: string | null;
  lines: readonly InvoiceLine[];
};

export type PayerMoney = {
  /** What this side owes for the whole job. */
  shareCents: number;
  billedCents: number;
  paidCents: number;
  /** Billed and not paid yet. */
  owedCents: number;
  /** The share no invoice bills yet. */
  toComeCents: number;
};

export type ClaimMoney = {
  /** The carrier's scope is in: its approved figure is known. */
  scopeIn: boolean;
  approvedCents: number;
  depreciationCents: number;
  acvCents: number;
  deductibleCents: number;
  firstPaymentCents: number;
  /** The depreciation the carrier releases on completion (less only if ACV did not cover the deductible). */
  depreciationReleaseCents: number;
  /** Every approved supplement, and those no invoice (that is not void) bills yet. */
  supplementsCents: number;
  unbilledSupplements: ClaimSupplementFacts[];
  /** What the homeowner chose beyond the carrier's scope. */
  upgradeCents: number;
  /** The job as it will be billed: its value and the approved supplements not billed yet. */
  totalCents: number;
  homeowner: PayerMoney;
  carrier: PayerMoney;
};

const atLeastZero = (cents: number) => Math.max(0, cents);
const counted = (inv: { state: InvoiceState }) => inv.state !== "draft" && inv.state !== "void";

/** The approved supplements whose money no sent or draft invoice (that is not void) bills. */
export function unbilledSupplements(
  supplements: readonly ClaimSupplementFacts[],
  invoices: readonly Pick<ClaimInvoiceFacts, "id" | "state">[],
): ClaimSupplementFacts[] {
  const live = new Set(invoices.filter((i) => i.state !== "void").map((i) => i.id));
  return supplements.filter(
    (s) => s.state === "approved" && (s.approvedCents ?? 0) > 0 && (s.invoiceId === null || !live.has(s.invoiceId)),
  );
}

function payerMoney(shareCents: number, invoices: readonly ClaimInvoiceFacts[]): PayerMoney {
  const billed = billedCents(invoices);
  return {
    shareCents,
    billedCents: billed,
    paidCents: invoices.filter(counted).reduce((s, i) => s + i.paidCents, 0),
    owedCents: invoices.reduce((s, i) => s + owedCents(i), 0),
    toComeCents: atLeastZero(shareCents - billed),
  };
}

export function claimMoney(input: {
  claim: ClaimFacts;
  supplements: readonly ClaimSupplementFacts[];
  jobValueCents: number | null;
  invoices: readonly ClaimInvoiceFacts[];
}): ClaimMoney {
  const { claim } = input;
  const approvedSupplements = input.supplements.filter((s) => s.state === "approved");
  const supplementsCents = approvedSupplements.reduce((s, x) => s + atLeastZero(x.approvedCents ?? 0), 0);
  const unbilled = unbilledSupplements(input.supplements, input.invoices);
  const unbilledSupplementCents = unbilled.reduce((s, x) => s + (x.approvedCents ?? 0), 0);
  const scopeIn = claim.approvedCents !== null;
  const totalCents =
    input.jobValueCents !== null
      ? atLeastZero(input.jobValueCents + unbilledSupplementCents)
      : atLeastZero(claim.approvedCents ?? 0) + supplementsCents;
  const approvedCents = atLeastZero(claim.approvedCents ?? totalCents - supplementsCents);
  const depreciationCents = Math.min(atLeastZero(claim.depreciationCents), approvedCents);
  const acvCents = approvedCents - depreciationCents;
  const deductibleCents = atLeastZero(claim.deductibleCents);
  const upgradeCents = atLeastZero(totalCents - approvedCents - supplementsCents);
  const homeownerShare = Math.min(totalCents, deductibleCents + upgradeCents);
  const carrierShare = totalCents - homeownerShare;
  // The carrier's share comes as its first payment, the approved supplements, then the depreciation.
  const firstPaymentCents = Math.min(atLeastZero(acvCents - deductibleCents), carrierShare);
  const supplementShare = Math.min(supplementsCents, carrierShare - firstPaymentCents);
  const depreciationReleaseCents = Math.min(depreciationCents, carrierShare - firstPaymentCents - supplementShare);
  const bySide = (side: ClaimSide) => input.invoices.filter((i) => sideOfPayer(i.payer) === side);
  return {
    scopeIn,
    approvedCents,
    depreciationCents,
    acvCents,
    deductibleCents,
    firstPaymentCents,
    depreciationReleaseCents,
    supplementsCents,
    unbilledSupplements: unbilled,
    upgradeCents,
    totalCents,
    homeowner: payerMoney(homeownerShare, bySide("homeowner")),
    carrier: payerMoney(carrierShare, bySide("carrier")),
  };
}

/** The claim's bills already on an invoice that is not void (its line says which). */
export function billsMade(invoices: readonly Pick<ClaimInvoiceFacts, "state" | "lines">[]): Set<ClaimBill> {
  const made = new Set<ClaimBill>();
  for (const inv of invoices)
    if (inv.state !== "void") for (const l of inv.lines) if (l.claimBill) made.add(l.claimBill);
  return made;
}

/** A bill the create form offers: what, how much, who it is preset to. */
export type ClaimBillOffer = { bill: ClaimBill; label: string; amountCents: number; payer: InvoicePayer };

/**
 * The claim's bills not made yet, each with what it comes to now: the carrier's first
 * payment and the deductible once the scope is in; the depreciation once the job is
 * completed; the approved supplements not billed yet. None for nothing (a $0 bill).
 */
export function claimBillOffers(
  money: ClaimMoney,
  invoices: readonly Pick<ClaimInvoiceFacts, "state" | "lines">[],
  completed: boolean,
): ClaimBillOffer[] {
  const made = billsMade(invoices);
  // Never more than the carrier's share not billed yet (an invoice to it outside these bills counts).
  const carrierLeft = (cents: number) => Math.min(cents, money.carrier.toComeCents);
  const amounts: Record<ClaimBill, number> = {
    "first-payment": money.scopeIn && !made.has("first-payment") ? carrierLeft(money.firstPaymentCents) : 0,
    deductible:
      money.scopeIn && !made.has("deductible") ? Math.min(money.deductibleCents, money.homeowner.toComeCents) : 0,
    depreciation:
      completed && money.scopeIn && !made.has("depreciation") ? carrierLeft(money.depreciationReleaseCents) : 0,
    supplements: money.unbilledSupplements.reduce((s, x) => s + (x.approvedCents ?? 0), 0),
  };
  return CLAIM_BILLS.filter((bill) => amounts[bill] > 0).map((bill) => ({
    bill,
    label: CLAIM_BILL_LABELS[bill],
    amountCents: amounts[bill],
    payer: CLAIM_BILL_PAYERS[bill],
  }));
}

/** The lines of a claim's bill: one line, or each approved supplement as a change order. */
export function claimBillLines(offer: ClaimBillOffer, money: ClaimMoney, claim: ClaimFacts): InvoiceLine[] {
  switch (offer.bill) {
    case "first-payment":
      return [
        {
          description: `Carrier's first payment on claim ${claim.claimNumber}: actual cash value ${formatCents(money.acvCents)} less the ${formatCents(money.deductibleCents)} deductible`,
          amountCents: offer.amountCents,
          claimBill: offer.bill,
        },
      ];
    case "deductible":
      return [
        {
          description: `Your deductible on claim ${claim.claimNumber}`,
          amountCents: offer.amountCents,
          claimBill: offer.bill,
        },
      ];
    case "depreciation":
      return [
        {
          description: `Recoverable depreciation released on completion, claim ${claim.claimNumber}`,
          amountCents: offer.amountCents,
          claimBill: offer.bill,
        },
      ];
    case "supplements":
      return money.unbilledSupplements.map((s) => ({
        description: `Supplement approved on claim ${claim.claimNumber}: ${s.description}`,
        amountCents: s.approvedCents ?? 0,
        changeOrder: true,
        claimBill: offer.bill,
      }));
  }
}

/**
 * The rule that keeps the carrier's share off the homeowner's bills: what a homeowner invoice
 * of `totalCents` would leave billed to him, against his share. Null when it fits; else what
 * is over his share.
 */
export function homeownerOverShare(money: ClaimMoney, totalCents: number): number | null {
  const over = money.homeowner.billedCents + totalCents - money.homeowner.shareCents;
  return over > 0 ? over : null;
}

/** "State Farm (claim 12-345)": the carrier as a bill names it. */
export const carrierName = (claim: Pick<ClaimFacts, "carrier" | "claimNumber">) =>
  `${claim.carrier} (claim ${claim.claimNumber})`;

/** Who an invoice is billed to, in words: the invoice page, its PDF and its mail. */
export function billTo(
  payer: InvoicePayer,
  homeowner: string,
  claim: Pick<ClaimFacts, "carrier" | "claimNumber"> | null,
) {
  if (payer === "homeowner" || !claim) return homeowner;
  if (payer === "carrier") return carrierName(claim);
  return `${homeowner} and ${carrierName(claim)}`;
}

/** The due day of the deductible's invoice once it is sent, or null (the summary: "when we send its invoice"). */
export function deductibleDueOn(invoices: readonly Pick<ClaimInvoiceFacts, "state" | "lines" | "dueOn">[]) {
  return invoices.find((i) => counted(i) && i.lines.some((l) => l.claimBill === "deductible"))?.dueOn ?? null;
}

/** The claim's summary in a homeowner's and an adjuster's words (components/claim-summary.tsx). */
export type ClaimSummary = {
  carrier: string;
  claimNumber: string;
  /** The sentences, in the order they are read. */
  paragraphs: string[];
  /** What is still to come from whom: billed and not paid, and not billed yet. */
  toCome: { who: string; owedCents: number; owed: string; toComeCents: number; toCome: string }[];
  /** Nothing is owed now and nothing is left to bill. */
  settled: boolean;
};

/**
 * The summary: what the carrier approved and holds back, its first check after the
 * deductible, when the homeowner pays his deductible (its invoice's due day, or when we send
 * it), the release after completion, the approved supplements, and what is still to come.
 */
export function claimSummary(
  claim: ClaimFacts,
  money: ClaimMoney,
  facts: { deductibleDueOn: string | null; completed: boolean },
): ClaimSummary {
  const p: string[] = [];
  const d = formatCents(money.deductibleCents);
  if (!money.scopeIn) {
    p.push(
      `${claim.carrier} has not approved the scope of loss yet. Once it does, this page shows what it pays and what you pay.`,
    );
  } else {
    p.push(`Your insurance company, ${claim.carrier}, approved ${formatCents(money.approvedCents)} for the roof.`);
    if (money.depreciationCents > 0)
      p.push(
        `It holds back ${formatCents(money.depreciationCents)} of depreciation until the work is done, so its first check is ${formatCents(money.firstPaymentCents)} after your deductible of ${d}.`,
      );
    else p.push(`Its check is ${formatCents(money.firstPaymentCents)} after your deductible of ${d}.`);
  }
  if (money.deductibleCents > 0)
    p.push(
      `You pay your deductible of ${d} ${facts.deductibleDueOn ? `by ${formatDay(facts.deductibleDueOn)}` : "when we send its invoice"}.`,
    );
  if (money.upgradeCents > 0)
    p.push(`You also pay ${formatCents(money.upgradeCents)} for what you chose beyond the insurance scope.`);
  if (money.scopeIn && money.depreciationReleaseCents > 0)
    p.push(
      facts.completed
        ? `The work is done: we send the completion certificate and the carrier releases the ${formatCents(money.depreciationReleaseCents)}.`
        : `After we finish, we send the completion certificate and the carrier releases the ${formatCents(money.depreciationReleaseCents)}.`,
    );
  if (money.supplementsCents > 0)
    p.push(
      `The carrier also approved ${formatCents(money.supplementsCents)} of supplements (items beyond its first scope); it pays those too.`,
    );
  const side = (who: string, m: PayerMoney) => ({
    who,
    owedCents: m.owedCents,
    owed: formatCents(m.owedCents),
    toComeCents: m.toComeCents,
    toCome: formatCents(m.toComeCents),
  });
  const toCome = [side(claim.carrier, money.carrier), side("You (the homeowner)", money.homeowner)];
  const settled = toCome.every((s) => s.owedCents === 0 && s.toComeCents === 0) && money.totalCents > 0;
  return { carrier: claim.carrier, claimNumber: claim.claimNumber, paragraphs: p, toCome, settled };
}

/** One row of the Money report's "Still to come, by who owes it": what is owed now, and not billed yet. */
export type StillToComeRow = { side: ClaimSide; label: string; owedCents: number; notBilledCents: number };

/**
 * The Money report's "Still to come, by who owes it": what the open invoices owe today by
 * side (a check naming both is the carrier's), whose sum is the pipeline's "Owed on won
 * jobs"; and the share of each open insurance claim that no invoice bills yet.
 */
export function stillToComeBySide(
  owedByPayer: readonly { payer: InvoicePayer; owedCents: number }[],
  claims: readonly Pick<ClaimMoney, "homeowner" | "carrier">[],
): StillToComeRow[] {
  const row = (side: ClaimSide, label: string): StillToComeRow => ({
    side,
    label,
    owedCents: owedByPayer.filter((o) => sideOfPayer(o.payer) === side).reduce((s, o) => s + o.owedCents, 0),
    notBilledCents: claims.reduce((s, c) => s + c[side].toComeCents, 0),
  });
  return [row("homeowner", "Homeowners"), row("carrier", "Insurance carriers")];
}
