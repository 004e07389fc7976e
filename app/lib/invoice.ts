import type { FormResult } from "./form-result";
import { z } from "~/lib/zod";
import { addDays, isCalendarDay } from "./business-time";
import { DEFAULT_DEPOSIT_BASIS_POINTS } from "./pricing";

export { addDays };
import { centsToDollars, parseDollars, parsePercentToBasisPoints } from "./money";
import { formatCents, percentOfCents } from "./money-format";

export { percentOfCents };
import {
  CLAIM_BILLS,
  INVOICE_PAYERS,
  type InvoiceKind,
  type InvoiceLine,
  type InvoicePayer,
  type InvoiceState,
} from "./invoice-kinds";

/**
 * Invoices: a deposit when a proposal is accepted, progress bills, the final
 * bill. Money in whole cents, as the estimate is. The proposal's total already holds its
 * sales tax, so an invoice's lines are parts of that total and carry no tax of their own.
 */

export { DEFAULT_DEPOSIT_BASIS_POINTS };
/** Days a sent invoice gives the homeowner when its draft named no due date. */
export const DAYS_TO_PAY = 14;

/**
 * The due date a sent invoice gets when its draft named none: a deposit is due on receipt,
 * as the signed terms ask it "on signing"; any other invoice in DAYS_TO_PAY days.
 */
export function dueWhenSent(kind: InvoiceKind, today: string): string {
  return kind === "deposit" ? today : addDays(today, DAYS_TO_PAY);
}
/** The most change-order lines a draft may carry. */
export const MAX_CHANGE_ORDERS = 10;
/** The most a change order may add or take off ($1,000,000). */
export const MAX_CHANGE_ORDER_CENTS = 100_000_000;

export const INVOICE_MESSAGES = {
  created: "Invoice draft created",
  saved: "Invoice draft saved",
  sent: "Invoice sent",
  sentNotMailed: "Invoice numbered and marked sent; the mail could not go now and will be retried",
  sentNoEmail: "Invoice numbered and marked sent; the lead has no email, so hand it over as a PDF",
  sentToAdjuster: "Invoice sent to the adjuster",
  sentCarrierByStaff:
    "Invoice numbered and marked sent. It is the carrier's bill and the claim has no adjuster email: send its PDF to the carrier yourself (the homeowner is not mailed the carrier's bill).",
  voided: "Invoice voided",
  deleted: "Invoice draft deleted",
  deleteSent: "Only a draft is deleted: a sent invoice keeps its number and is voided by the owner.",
  voidDraft: "A draft has no number to keep: delete it instead of voiding it.",
  tooManyChangeOrders: `An invoice takes at most ${MAX_CHANGE_ORDERS} change orders: put the rest on another invoice.`,
  recorded: "Payment recorded",
  noProposal: "There is no accepted proposal to bill from yet.",
  notDraft: "Only a draft can be changed or sent. Reload the page to see the invoice as it is now.",
  negativeTotal: "The invoice cannot come to less than $0.00: lower the credit, or void an earlier invoice.",
  draftWaiting: "Send or delete the job's other drafts first: the final invoice subtracts what was billed before it.",
  finalSent:
    "The job's final invoice is sent already: add this as a change order to a new final after voiding it, or bill it on the final.",
  nothingOwed: "Nothing is left to bill: earlier invoices cover the job's total.",
  notAClaim: "This job is not an insurance claim: reload the page.",
  claimBillMade: "That bill of the claim is made already, or there is nothing to bill on it yet: reload the page.",
  badPercent: "Please enter a percent between 0.01 and 100, like 30",
  badAmount: "Please enter an amount in dollars, like 1250.00",
  amountTooMuch: "The amount is more than the job's total",
  badDate: "Please enter a date like 2026-12-01",
  badDescription: "Please describe the change (at most 200 characters)",
  badChangeAmount: "Please enter the change in dollars, like 350.00 or -120.00 for a credit",
  voidReason: "Please say why the invoice is voided",
  tooLong: "Please keep it under 1,000 characters",
  badMethod: "Please choose how it was paid",
  checkNumber: "Please enter the check number",
  paymentAmount: "Please enter the amount received, like 500.00",
  futureDay: "The day it was received cannot be in the future",
  remindersPaused: "Overdue reminders paused for this job",
  remindersResumed: "Overdue reminders resumed for this job",
  refunded: "Refund recorded",
  refundAmount: "Please enter the amount given back, like 250.00",
  refundReason: "Please say why the money was given back",
  refundFuture: "The day it was given back cannot be in the future",
  refundNothingLeft: "All of this payment has been refunded already.",
  refundVoid: "This invoice is void: nothing on it is left to refund.",
} as const;

/** The number an invoice gets when first sent: one more than the highest given, so none is skipped. */
export const nextInvoiceNumber = (highest: number | null) => (highest ?? 0) + 1;

/** 7 → "INV-0007". */
export const formatInvoiceNumber = (n: number | null) => (n === null ? "Draft" : `INV-${String(n).padStart(4, "0")}`);

export const sumCents = (lines: readonly { amountCents: number }[]) =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);

/** What is still owed on an invoice: nothing on a draft or a void one. */
export function owedCents(invoice: { state: InvoiceState; totalCents: number; paidCents: number }): number {
  if (invoice.state === "draft" || invoice.state === "void") return 0;
  return Math.max(0, invoice.totalCents - invoice.paidCents);
}

/**
 * What an invoice still owed right after one of its payments: its total less that payment
 * and every one recorded before it (payments are numbered in the order they were recorded).
 * A receipt states this, so one mailed late or retried still says what was true then.
 */
export function owedAfterPayment(
  totalCents: number,
  payments: readonly { id: number; amountCents: number }[],
  paymentId: number,
): number {
  const paid = sumCents(payments.filter((p) => p.id <= paymentId));
  return Math.max(0, totalCents - paid);
}

/** A sent invoice's state once this much of it is paid. */
export function stateAfterPayment(totalCents: number, paidCents: number): InvoiceState {
  if (paidCents >= totalCents) return "paid";
  return paidCents > 0 ? "partly_paid" : "sent";
}

/** May a payment be recorded against it? Only a sent or partly paid invoice with something owed. */
export const takesPayments = (invoice: { state: InvoiceState; totalCents: number; paidCents: number }) =>
  (invoice.state === "sent" || invoice.state === "partly_paid") && owedCents(invoice) > 0;

/** Past its due day and not paid in full. */
export function isOverdue(invoice: { state: InvoiceState; dueOn: string | null }, today: string): boolean {
  return (
    (invoice.state === "sent" || invoice.state === "partly_paid") && invoice.dueOn !== null && invoice.dueOn < today
  );
}

/** How a deposit or progress bill's amount is set: a percent of the job's total, or dollars. */
export type InvoiceBasis = { percentBasisPoints: number } | { amountCents: number };

/** The line of a deposit or progress bill (the job's total is the accepted proposal's). */
export function baseLine(
  kind: Exclude<InvoiceKind, "final">,
  jobTotalCents: number,
  basis: InvoiceBasis,
): InvoiceLine & { basisPoints?: number } {
  const what = kind === "deposit" ? "Deposit" : "Progress payment";
  if ("percentBasisPoints" in basis) {
    return {
      description: `${what}: ${basis.percentBasisPoints / 100}% of the ${formatCents(jobTotalCents)} accepted proposal`,
      amountCents: percentOfCents(jobTotalCents, basis.percentBasisPoints),
      basisPoints: basis.percentBasisPoints,
    };
  }
  return {
    description: `${what} toward the ${formatCents(jobTotalCents)} accepted proposal`,
    amountCents: basis.amountCents,
  };
}

/** An earlier invoice of the job as the final bill counts it. */
export type EarlierInvoice = {
  number: number | null;
  kind: InvoiceKind;
  state: InvoiceState;
  totalCents: number;
  lines: InvoiceLine[];
};

/**
 * The final bill's lines, in the order they add up: the accepted total, every change order
 * billed before it and its own, then less what each earlier sent invoice that is not void
 * billed (a draft has billed nothing; the final is not sent while one waits). Its total is
 * what the job still comes to.
 */
export function finalInvoiceLines(
  jobTotalCents: number,
  earlier: readonly EarlierInvoice[],
  ownChangeOrders: readonly InvoiceLine[],
): InvoiceLine[] {
  const counted = earlier.filter((inv) => inv.state !== "void" && inv.state !== "draft");
  const lines: InvoiceLine[] = [{ description: "Roof work as accepted in the proposal", amountCents: jobTotalCents }];
  for (const inv of counted)
    for (const line of inv.lines) {
      // Carried over as a plain line: it is that invoice's change order, not this one's.
      if (line.changeOrder)
        lines.push({
          description: `Change order: ${line.description} (on ${formatInvoiceNumber(inv.number)})`,
          amountCents: line.amountCents,
        });
    }
  lines.push(...ownChangeOrders.map((line) => ({ ...line, changeOrder: true })));
  for (const inv of counted) {
    lines.push({
      description: `Less ${inv.kind} invoice ${formatInvoiceNumber(inv.number)}`,
      amountCents: -inv.totalCents,
      deduction: true,
    });
  }
  return lines;
}

/** One row of an invoice as every screen and the PDF show it; `subtotal`: the job's total. */
export type InvoiceRow = { label: string; amountCents: number; amount: string; subtotal: boolean };

// Final bills made before the flag got it from migration 0029: no line is told by its words.
const isDeduction = (line: InvoiceLine) => line.deduction === true;

/**
 * An invoice's lines read as arithmetic, the one order for the lead page, the job page and
 * the PDF: the work and its change orders, then (on a bill that takes earlier ones off) the
 * job's total, then what was billed before.
 */
export function invoiceRows(lines: readonly InvoiceLine[]): InvoiceRow[] {
  const row = (label: string, amountCents: number, subtotal = false): InvoiceRow => ({
    label,
    amountCents,
    amount: formatCents(amountCents),
    subtotal,
  });
  const line = (l: InvoiceLine) => row(l.changeOrder ? `Change order: ${l.description}` : l.description, l.amountCents);
  const work = lines.filter((l) => !isDeduction(l));
  const less = lines.filter(isDeduction);
  if (!less.length) return work.map(line);
  return [...work.map(line), row("Job total", sumCents(work), true), ...less.map(line)];
}

/** Lines with a total below zero are refused: an invoice never owes the homeowner. */
export const linesTotal = (lines: readonly InvoiceLine[]) => sumCents(lines);

// ---- Forms (components/admin/lead-money.tsx; routes/admin/lead-invoices.tsx, lead-payments.tsx)

export const CREATE_INVOICE_INTENT = "create-invoice";
export const CREATE_CLAIM_BILL_INTENT = "create-claim-bill";
export const SAVE_INVOICE_INTENT = "save-invoice";
export const SEND_INVOICE_INTENT = "send-invoice";
export const VOID_INVOICE_INTENT = "void-invoice";
export const DELETE_DRAFT_INTENT = "delete-draft";
export const RECORD_PAYMENT_INTENT = "record-payment";
export const PAUSE_REMINDERS_INTENT = "pause-reminders";
export const REFUND_PAYMENT_INTENT = "refund-payment";

const id = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "Please reload the page and try again")
  .transform(Number);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, INVOICE_MESSAGES.tooLong)
    .optional()
    .transform((v) => v || null);
const day = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, message);

/** Dollars typed with an optional minus (a credit): "-120", "$350.00". */
export function parseSignedDollars(value: string): number | null {
  const text = value.trim();
  const negative = text.startsWith("-");
  const cents = parseDollars(negative ? text.slice(1) : text);
  return cents === null ? null : negative ? -cents : cents;
}

export const CreateInvoiceSchema = z.object({
  intent: z.literal(CREATE_INVOICE_INTENT),
  kind: z.enum(["progress", "final"], { error: "Please choose a progress or a final invoice" }),
});

const payer = z.enum(INVOICE_PAYERS, { error: "Please choose who owes it" });

/** One of an insurance claim's bills (lib/claim-money.ts), to the payer chosen (preset per bill). */
export const CreateClaimBillSchema = z.object({
  intent: z.literal(CREATE_CLAIM_BILL_INTENT),
  bill: z.enum(CLAIM_BILLS, { error: "Please reload the page and try again" }),
  payer,
});

const ChangeOrderSchema = z
  .object({
    description: z.string().trim().max(200, INVOICE_MESSAGES.badDescription).optional(),
    amount: z.string().trim().optional(),
  })
  .transform((row, ctx) => {
    if (!row.description && !row.amount) return null; // an empty row is no change
    if (!row.description)
      ctx.addIssue({ code: "custom", path: ["description"], message: INVOICE_MESSAGES.badDescription });
    const cents = row.amount ? parseSignedDollars(row.amount) : null;
    if (cents === null || cents === 0 || Math.abs(cents) > MAX_CHANGE_ORDER_CENTS) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: INVOICE_MESSAGES.badChangeAmount });
      return z.NEVER;
    }
    return { description: row.description ?? "", amountCents: cents, changeOrder: true } satisfies InvoiceLine;
  });

export const SaveInvoiceSchema = z
  .object({
    intent: z.literal(SAVE_INVOICE_INTENT),
    invoiceId: id,
    // A deposit or progress bill: a percent of the job, or dollars; the final's base is worked out.
    basis: z.enum(["percent", "amount"]).optional(),
    percent: z.string().trim().optional(),
    amount: z.string().trim().optional(),
    dueOn: z
      .string()
      .trim()
      .refine((v) => v === "" || isCalendarDay(v), INVOICE_MESSAGES.badDate)
      .optional()
      .transform((v) => v || null),
    note: optionalText(1000),
    // Who owes it: only an insurance claim's form asks (a plain job's invoice is the homeowner's).
    payer: payer.optional(),
    changeOrders: z.array(ChangeOrderSchema).max(MAX_CHANGE_ORDERS, INVOICE_MESSAGES.tooManyChangeOrders).optional(),
  })
  .transform((form, ctx) => {
    let basis: InvoiceBasis | null = null;
    if (form.basis === "percent") {
      const bp = parsePercentToBasisPoints(form.percent ?? "");
      if (bp === null || bp < 1 || bp > 10_000)
        ctx.addIssue({ code: "custom", path: ["percent"], message: INVOICE_MESSAGES.badPercent });
      else basis = { percentBasisPoints: bp };
    } else if (form.basis === "amount") {
      const cents = parseDollars(form.amount ?? "");
      if (cents === null || cents < 1 || cents > 1_000_000_000)
        ctx.addIssue({ code: "custom", path: ["amount"], message: INVOICE_MESSAGES.badAmount });
      else basis = { amountCents: cents };
    }
    return {
      intent: form.intent,
      invoiceId: form.invoiceId,
      basis,
      dueOn: form.dueOn,
      note: form.note,
      ...(form.payer && { payer: form.payer as InvoicePayer }),
      changeOrders: (form.changeOrders ?? []).filter((row): row is NonNullable<typeof row> => row !== null),
    };
  });
export type SaveInvoiceInput = z.output<typeof SaveInvoiceSchema>;

export const SendInvoiceSchema = z.object({ intent: z.literal(SEND_INVOICE_INTENT), invoiceId: id });

/** Void a sent invoice (the owner's; a reason is kept with it). */
export const VoidInvoiceSchema = z.object({
  intent: z.literal(VOID_INVOICE_INTENT),
  invoiceId: id,
  reason: optionalText(300),
});

/** Delete a draft (owner and office): the admin's confirm step posts the row as `id`. */
export const DeleteDraftSchema = z.object({ intent: z.literal(DELETE_DRAFT_INTENT), id });

/** Pause or resume the job's overdue reminders (owner and office; decision 0104). */
export const PauseRemindersSchema = z.object({
  intent: z.literal(PAUSE_REMINDERS_INTENT),
  reminders: z.enum(["pause", "resume"], { error: "Please reload the page and try again" }),
});

export const InvoiceFormSchema = z.discriminatedUnion("intent", [
  CreateInvoiceSchema,
  CreateClaimBillSchema,
  SaveInvoiceSchema,
  SendInvoiceSchema,
  VoidInvoiceSchema,
  DeleteDraftSchema,
  PauseRemindersSchema,
]);
export const INVOICE_INTENTS = [
  CREATE_INVOICE_INTENT,
  CREATE_CLAIM_BILL_INTENT,
  SAVE_INVOICE_INTENT,
  SEND_INVOICE_INTENT,
  VOID_INVOICE_INTENT,
  DELETE_DRAFT_INTENT,
  PAUSE_REMINDERS_INTENT,
] as const;

/** A money form's answer, named by its intent and invoice, for the form that posted it (components/admin/lead-money.tsx). */
export type MoneyFormResult = FormResult;

/** Who the lead's history names for what Stripe's webhook writes there (services/online-payment.server.ts). */
export const STRIPE_HISTORY_AUTHOR = "Online payment (Stripe)";

/** Methods staff record by hand ("online" comes only from Stripe's webhook). */
export const HAND_METHODS = ["cash", "check", "card"] as const;

export const RecordPaymentSchema = z
  .object({
    intent: z.literal(RECORD_PAYMENT_INTENT),
    invoiceId: id,
    method: z.enum(HAND_METHODS, { error: INVOICE_MESSAGES.badMethod }),
    amount: z.string({ error: INVOICE_MESSAGES.paymentAmount }).trim(),
    checkNumber: z.string().trim().max(40, "Please keep the check number under 40 characters").optional(),
    receivedOn: day(INVOICE_MESSAGES.badDate),
    note: optionalText(1000),
  })
  .transform((form, ctx) => {
    const cents = parseDollars(form.amount);
    if (cents === null || cents < 1 || cents > 1_000_000_000)
      ctx.addIssue({ code: "custom", path: ["amount"], message: INVOICE_MESSAGES.paymentAmount });
    if (form.method === "check" && !form.checkNumber)
      ctx.addIssue({ code: "custom", path: ["checkNumber"], message: INVOICE_MESSAGES.checkNumber });
    return {
      intent: form.intent,
      invoiceId: form.invoiceId,
      method: form.method,
      amountCents: cents ?? 0,
      checkNumber: form.method === "check" ? (form.checkNumber ?? null) : null,
      receivedOn: form.receivedOn,
      note: form.note,
    };
  });
export type RecordPaymentForm = z.output<typeof RecordPaymentSchema>;

/** The forms of the payments' route (routes/admin/lead-payments.tsx). */
export const PAYMENT_INTENTS = [RECORD_PAYMENT_INTENT, REFUND_PAYMENT_INTENT] as const;

/**
 * Money given back from a payment (the owner's: decision 0105), recorded after it went back:
 * how much (at most what is left of the payment), the day, and why.
 */
export const RefundPaymentSchema = z
  .object({
    intent: z.literal(REFUND_PAYMENT_INTENT),
    paymentId: id,
    amount: z.string({ error: INVOICE_MESSAGES.refundAmount }).trim(),
    refundedOn: day(INVOICE_MESSAGES.badDate),
    reason: z
      .string({ error: INVOICE_MESSAGES.refundReason })
      .trim()
      .min(1, INVOICE_MESSAGES.refundReason)
      .max(300, "Please keep the reason under 300 characters"),
  })
  .transform((form, ctx) => {
    const cents = parseDollars(form.amount);
    if (cents === null || cents < 1 || cents > 1_000_000_000)
      ctx.addIssue({ code: "custom", path: ["amount"], message: INVOICE_MESSAGES.refundAmount });
    return {
      intent: form.intent,
      paymentId: form.paymentId,
      amountCents: cents ?? 0,
      refundedOn: form.refundedOn,
      reason: form.reason,
    };
  });
export type RefundPaymentForm = z.output<typeof RefundPaymentSchema>;

/** What is left of a payment to give back: its amount less the refunds made from it. */
export const refundableCents = (payment: { amountCents: number }, refunds: readonly { amountCents: number }[]) =>
  Math.max(0, payment.amountCents - sumCents(refunds));

/** "The amount is more than the $X left of this payment", for the refund form. */
export const refundTooMuchMessage = (left: number) =>
  `The amount is more than the ${formatCents(left)} left of this payment`;

/** A refund dated before the money came in. */
export const refundBeforePaymentMessage = (received: string) =>
  `The day it was given back cannot be before the payment was received (${received})`;

/** A stored basis as the draft's form shows it. */
export function basisFormValues(line: (InvoiceLine & { basisPoints?: number }) | undefined) {
  if (!line) return { basis: "percent", percent: "", amount: "" };
  return line.basisPoints !== undefined
    ? { basis: "percent", percent: String(line.basisPoints / 100), amount: centsToDollars(line.amountCents) }
    : { basis: "amount", percent: "", amount: centsToDollars(line.amountCents) };
}

/** "The amount is more than what is owed" with the figure, for the payment form. */
export const tooMuchMessage = (owed: number) =>
  `The amount is more than the ${formatCents(owed)} still owed on this invoice`;
