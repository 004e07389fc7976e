import { asc, eq, inArray } from "drizzle-orm";
import { invoices, leads, payments, type Invoice, type Payment } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { INVOICE_MESSAGES, owedCents, stateAfterPayment, takesPayments, tooMuchMessage } from "~/lib/invoice";
import type { PaymentMethod } from "~/lib/invoice-kinds";
import { getDb, inTransaction } from "~/server/db.server";
import { writeLeadHistory } from "./lead-history.server";
import { queueToHomeowner } from "./outbox.server";

/**
 * Money received against an invoice: staff record cash, a check or a card on
 * site; Stripe's webhook records an online payment (services/online-payment.server.ts).
 * One function writes them all, so the invoice's paid total and state move in the same
 * transaction.
 */

export type RecordPaymentInput = {
  invoiceId: number;
  method: PaymentMethod;
  amountCents: number;
  /** YYYY-MM-DD, Kansas time. */
  receivedOn: string;
  checkNumber?: string | null;
  note?: string | null;
  stripeSessionId?: string | null;
  stripePaymentIntent?: string | null;
  /** Who took it: the signed-in person, or Stripe's system author for an online payment. */
  by: Actor;
};

export type RecordPaymentOutcome =
  | { status: "recorded"; payment: Payment; invoice: Invoice }
  | { status: "duplicate"; payment: Payment; invoice: Invoice }
  | {
      status: "refused";
      reason: "no-invoice" | "not-payable" | "too-much" | "check-number" | "session-id";
      message: string;
      owedCents: number;
    };

const refused = (
  reason: Extract<RecordPaymentOutcome, { status: "refused" }>["reason"],
  message: string,
  owed = 0,
): RecordPaymentOutcome => ({
  status: "refused",
  reason,
  message,
  owedCents: owed,
});

/**
 * Records a payment: the row, the invoice's paid total and state (Sent → Partly paid →
 * Paid), a line in the lead's history and the homeowner's receipt in the outbox, in one
 * transaction. Never more than is owed. Idempotent on Stripe's session id: the same
 * session recorded again answers "duplicate" with the first payment and changes nothing.
 */
export function recordPayment(input: RecordPaymentInput, now = new Date()): RecordPaymentOutcome {
  return inTransaction(() => {
    const db = getDb();
    if (input.method === "online" && !input.stripeSessionId)
      return refused("session-id", "An online payment needs its Stripe session.");
    if (input.stripeSessionId) {
      const earlier = db.select().from(payments).where(eq(payments.stripeSessionId, input.stripeSessionId)).get();
      if (earlier) {
        const invoice = db.select().from(invoices).where(eq(invoices.id, earlier.invoiceId)).get();
        if (invoice) return { status: "duplicate", payment: earlier, invoice };
      }
    }
    const invoice = db.select().from(invoices).where(eq(invoices.id, input.invoiceId)).get();
    if (!invoice) return refused("no-invoice", "There is no such invoice.");
    const owed = owedCents(invoice);
    if (!takesPayments(invoice))
      return refused(
        "not-payable",
        invoice.state === "paid" ? "This invoice is paid in full." : "Only a sent invoice takes payments.",
        owed,
      );
    if (input.method === "check" && !input.checkNumber?.trim())
      return refused("check-number", INVOICE_MESSAGES.checkNumber, owed);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > owed)
      return refused("too-much", tooMuchMessage(owed), owed);
    const payment = db
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        method: input.method,
        amountCents: input.amountCents,
        checkNumber: input.method === "check" ? input.checkNumber!.trim() : null,
        receivedOn: input.receivedOn,
        note: input.note ?? null,
        stripeSessionId: input.stripeSessionId ?? null,
        stripePaymentIntent: input.stripePaymentIntent ?? null,
        recordedBy: input.by.id,
        createdAt: now,
      })
      .returning()
      .get();
    const updated = setInvoicePaid(invoice, invoice.paidCents + input.amountCents, now);
    writeLeadHistory(
      {
        leadId: invoice.leadId,
        kind: "payment-received",
        amountCents: input.amountCents,
        invoiceId: invoice.id,
        paymentId: payment.id,
      },
      input.by,
      now,
    );
    const lead = db.select({ email: leads.email }).from(leads).where(eq(leads.id, invoice.leadId)).get();
    if (lead)
      queueToHomeowner(
        { kind: "receipt", leadId: invoice.leadId, invoiceId: invoice.id, paymentId: payment.id },
        lead.email,
        now,
        { again: false },
      );
    return { status: "recorded", payment, invoice: updated };
  });
}

/**
 * A sent invoice's paid total after a payment or a refund, and its state worked out from it
 * (Sent, Partly paid, Paid). Called inside the transaction that records the money.
 */
export function setInvoicePaid(invoice: Invoice, paidCents: number, now: Date): Invoice {
  return getDb()
    .update(invoices)
    .set({ paidCents, state: stateAfterPayment(invoice.totalCents, paidCents), updatedAt: now })
    .where(eq(invoices.id, invoice.id))
    .returning()
    .get();
}

export function listInvoicePayments(invoiceIds: number[]): Payment[] {
  if (!invoiceIds.length) return [];
  return getDb().select().from(payments).where(inArray(payments.invoiceId, invoiceIds)).orderBy(asc(payments.id)).all();
}

export function getPayment(paymentId: number): Payment | undefined {
  return getDb().select().from(payments).where(eq(payments.id, paymentId)).get();
}

/** Every payment of one invoice, oldest first. */
export const paymentsOf = (invoiceId: number) =>
  getDb().select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.id)).all();
