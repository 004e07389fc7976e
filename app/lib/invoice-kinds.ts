/** Invoices and payments as the database knows them: db/schema.ts. */
export const INVOICE_KINDS = ["deposit", "progress", "final"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_STATES = ["draft", "sent", "partly_paid", "paid", "void"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/**
 * Who owes an invoice: the homeowner, the insurance carrier, or both (the carrier's check
 * names the homeowner and us, so both must sign it). Every invoice says it (decision 0109).
 */
export const INVOICE_PAYERS = ["homeowner", "carrier", "both"] as const;
export type InvoicePayer = (typeof INVOICE_PAYERS)[number];

/** Who owes it, as the invoice form's choice says it (decision 0110). */
export const INVOICE_PAYER_LABELS: Record<InvoicePayer, string> = {
  homeowner: "Homeowner",
  carrier: "Insurance carrier",
  both: "Both, named on the carrier's check",
};

/**
 * An insurance claim's bills (lib/claim-money.ts), each marked on its invoice's line so none
 * is billed twice: the carrier's first payment, the deductible, the depreciation the carrier
 * releases on completion, and approved supplements (change order lines).
 */
export const CLAIM_BILLS = ["first-payment", "deductible", "depreciation", "supplements"] as const;
export type ClaimBill = (typeof CLAIM_BILLS)[number];
export const CLAIM_BILL_LABELS: Record<ClaimBill, string> = {
  "first-payment": "Carrier's first payment (actual cash value)",
  deductible: "Deductible",
  depreciation: "Depreciation released on completion",
  supplements: "Approved supplements",
};

export const PAYMENT_METHODS = ["cash", "check", "card", "online"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  deposit: "Deposit",
  progress: "Progress",
  final: "Final",
};
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  draft: "Draft",
  sent: "Sent",
  partly_paid: "Partly paid",
  paid: "Paid",
  void: "Void",
};
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  check: "Check",
  card: "Card on site",
  online: "Online (card)",
};

/**
 * How a payment was made, as the words after "paid" or "received" in a sentence ("paid
 * online by card", "received by check no. 1042"): every mail, PDF, note and list says it so.
 */
export function paymentMethodWords(p: { method: PaymentMethod; checkNumber?: string | null }): string {
  switch (p.method) {
    case "cash":
      return "in cash";
    case "check":
      return p.checkNumber ? `by check no. ${p.checkNumber}` : "by check";
    case "card":
      return "by card on site";
    case "online":
      return "online by card";
  }
}

/**
 * One line of an invoice, in whole cents (a change order is a line of its own). `deduction`:
 * a final bill's line taking off what an earlier invoice of the job billed; `claimBill`: which
 * bill of an insurance claim it is.
 */
export type InvoiceLine = {
  description: string;
  amountCents: number;
  changeOrder?: boolean;
  deduction?: boolean;
  /** The insurance claim's bill this line is (none on a plain job's invoice). */
  claimBill?: ClaimBill;
};

/** What an invoice is called on its card, the job page and the PDF: a claim's bill by its name, else its kind. */
export function invoiceKindLabel(invoice: { kind: InvoiceKind; lines: readonly InvoiceLine[] }): string {
  const bill = invoice.lines.find((l) => l.claimBill)?.claimBill;
  return bill ? CLAIM_BILL_LABELS[bill] : INVOICE_KIND_LABELS[invoice.kind];
}
