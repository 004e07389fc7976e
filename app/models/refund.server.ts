import { asc, eq, inArray } from "drizzle-orm";
import { invoices, payments, refunds, type Invoice, type Refund } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { formatDay } from "~/lib/business-time";
import { INVOICE_MESSAGES, refundableCents, refundBeforePaymentMessage, refundTooMuchMessage } from "~/lib/invoice";
import { refusal, type Refusal } from "~/lib/refusal";
import { getDb, inTransaction } from "~/server/db.server";
import { writeLeadHistory } from "./lead-history.server";
import { setInvoicePaid } from "./payment.server";

/**
 * Money given back from a payment (decision 0105): recorded once it went back (cash, a check,
 * or Stripe's dashboard for an online payment). The payment stays as received; the refund
 * lowers its invoice's paid total, so every screen, PDF and file that shows "paid" or "owed"
 * reads the net figure without knowing refunds exist.
 */

export type RefundPaymentInput = {
  paymentId: number;
  amountCents: number;
  /** YYYY-MM-DD, Kansas time. */
  refundedOn: string;
  reason: string;
  by: Actor;
};

/** The refunds of these payments, oldest first. */
export function listPaymentRefunds(paymentIds: readonly number[]): Refund[] {
  if (!paymentIds.length) return [];
  return getDb()
    .select()
    .from(refunds)
    .where(inArray(refunds.paymentId, [...paymentIds]))
    .orderBy(asc(refunds.id))
    .all();
}

/**
 * Records a refund: the row, its invoice's paid total lowered and its state worked out again
 * (Paid → Partly paid, or Sent when nothing is left paid), and the lead's history entry, in
 * one transaction. Never more than is left of the payment, never dated before it came in; a
 * void invoice has nothing left paid (it was voided with nothing paid) and takes none.
 * `undefined`: no such payment on this lead.
 */
export function refundPayment(
  leadId: number,
  input: RefundPaymentInput,
  now = new Date(),
): { refund: Refund; invoice: Invoice } | Refusal | undefined {
  return inTransaction(() => {
    const db = getDb();
    const found = db
      .select({ payment: payments, invoice: invoices })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(eq(payments.id, input.paymentId))
      .get();
    if (!found || found.invoice.leadId !== leadId) return undefined;
    const { payment, invoice } = found;
    if (invoice.state === "void" || invoice.state === "draft") return refusal(INVOICE_MESSAGES.refundVoid);
    const left = refundableCents(payment, listPaymentRefunds([payment.id]));
    if (left === 0) return refusal(INVOICE_MESSAGES.refundNothingLeft);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > left)
      return refusal(refundTooMuchMessage(left), { field: "amount" });
    if (input.refundedOn < payment.receivedOn)
      return refusal(refundBeforePaymentMessage(formatDay(payment.receivedOn)), { field: "refundedOn" });
    const refund = db
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountCents: input.amountCents,
        refundedOn: input.refundedOn,
        reason: input.reason,
        recordedBy: input.by.id,
        createdAt: now,
      })
      .returning()
      .get();
    const updated = setInvoicePaid(invoice, Math.max(0, invoice.paidCents - input.amountCents), now);
    writeLeadHistory(
      {
        leadId,
        kind: "payment-refunded",
        amountCents: input.amountCents,
        invoiceId: invoice.id,
        paymentId: payment.id,
        detail: input.reason,
      },
      input.by,
      now,
    );
    return { refund, invoice: updated };
  });
}
