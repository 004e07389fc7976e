import type Stripe from "stripe";
import { systemActor } from "~/lib/actor";
import { formatInvoiceNumber, owedCents, STRIPE_HISTORY_AUTHOR, takesPayments } from "~/lib/invoice";
import { jobPath } from "~/lib/job-page";
import { businessToday } from "~/lib/business-time";
import { formatCents } from "~/lib/money-format";
import { getInvoice, getLeadInvoice } from "~/models/invoice.server";
import { getLead } from "~/models/lead.server";
import { stripeRefundNotes, writeLeadHistory, type NewHistoryEntry } from "~/models/lead-history.server";
import { recordPayment } from "~/models/payment.server";
import { claimStripeEvent } from "~/models/stripe-event.server";
import { inTransaction } from "~/server/db.server";
import { siteOrigin } from "~/server/origin.server";
import { stripeClient, stripeWebhookSecret } from "~/server/stripe.server";
import { sendReceiptNow } from "~/services/invoice-sending.server";
import { findJobByToken } from "~/services/job-page-link.server";

/**
 * Online payment of an invoice with Stripe Checkout (decision 0068). The
 * homeowner's "Pay" button opens a Checkout Session for what is owed; Stripe tells us it
 * was paid by a signed webhook, and only the webhook records the payment: the homeowner
 * coming back to the job page proves nothing.
 */

export const ONLINE_PAYMENT_MESSAGES = {
  nothingOwed: "Nothing is owed on this invoice.",
  unavailable: "Online payment is not available right now. Please try again later or call us.",
  carriersBill: "This invoice is your insurance carrier's to pay, by its check: there is nothing to pay online.",
} as const;

/** Who writes the history lines of a payment Stripe reports. */
const STRIPE_ACTOR = systemActor(STRIPE_HISTORY_AUTHOR);

export type CheckoutStart = { kind: "checkout"; url: string } | { kind: "back"; to: string; message: string };

/**
 * A Checkout Session for what is owed on the invoice, when the job page link's token opens the
 * lead the invoice belongs to; null (not found) otherwise, or while online payment is off.
 */
export async function startInvoiceCheckout(token: string, invoiceId: number): Promise<CheckoutStart | null> {
  const stripe = await stripeClient();
  const leadId = findJobByToken(token);
  const invoice = leadId === null ? undefined : getLeadInvoice(leadId, invoiceId);
  if (!stripe || !invoice || leadId === null) return null;
  const back = jobPath(token);
  const owed = owedCents(invoice);
  if (!takesPayments(invoice) || owed <= 0)
    return { kind: "back", to: back, message: ONLINE_PAYMENT_MESSAGES.nothingOwed };
  // The carrier's bill (or its check naming both) is never the homeowner's card (decision 0110).
  if (invoice.payer !== "homeowner") return { kind: "back", to: back, message: ONLINE_PAYMENT_MESSAGES.carriersBill };
  const email = getLead(leadId)?.email;
  try {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: owed,
            product_data: { name: `Invoice ${formatInvoiceNumber(invoice.number)}` },
          },
        },
      ],
      client_reference_id: String(invoice.id),
      metadata: { invoiceId: String(invoice.id), leadId: String(leadId) },
      ...(email ? { customer_email: email } : {}),
      success_url: `${siteOrigin()}${back}?paid=${invoice.id}`,
      cancel_url: `${siteOrigin()}${back}?payment=canceled`,
    });
    if (!session.url) throw new Error(`Checkout Session ${session.id} came without a url`);
    return { kind: "checkout", url: session.url };
  } catch (error) {
    console.error(
      `Stripe Checkout for invoice ${invoice.id} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { kind: "back", to: back, message: ONLINE_PAYMENT_MESSAGES.unavailable };
  }
}

export type WebhookOutcome = { status: 200 | 400; body: string };

/**
 * Stripe's webhook: the payload is believed only when its signature is right (the raw
 * body, byte for byte), else 400. An event is acted on once (stripe_events); anything
 * but a paid Checkout Session is answered 200 and ignored.
 */
export async function handleStripeWebhook(
  payload: string,
  signature: string | null,
  now = new Date(),
): Promise<WebhookOutcome> {
  const secret = stripeWebhookSecret();
  const stripe = await stripeClient();
  if (!secret || !stripe) return { status: 400, body: "Online payment is off." };
  if (!signature) return { status: 400, body: "No Stripe-Signature header." };
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    return { status: 400, body: "Signature not verified." };
  }
  const paidSession =
    (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") &&
    event.data.object.payment_status === "paid"
      ? event.data.object
      : null;
  if (!paidSession) return { status: 200, body: "Ignored." };
  const result = inTransaction(() =>
    claimStripeEvent(event.id, event.type, now) ? recordSessionPayment(paidSession, now) : { said: "duplicate event" },
  );
  // The receipt goes once the payment is committed; Stripe is answered without waiting for it
  // (a mail that cannot go now stays in the outbox and is retried there).
  if (result.paymentId !== undefined) {
    sendReceiptNow(result.paymentId, now).catch((error: unknown) =>
      console.error(`Receipt for payment ${result.paymentId} failed:`, error),
    );
  }
  return { status: 200, body: result.said };
}

/** Records what a paid session took against its invoice; says what was done (for Stripe's log). */
function recordSessionPayment(session: Stripe.Checkout.Session, now: Date): { said: string; paymentId?: number } {
  const invoiceId = Number(session.metadata?.invoiceId ?? session.client_reference_id);
  const invoice = Number.isSafeInteger(invoiceId) ? getInvoice(invoiceId) : undefined;
  const paid = session.amount_total ?? 0;
  if (!invoice || paid <= 0 || session.currency !== "usd") {
    console.error(
      `Stripe session ${session.id}: paid ${paid} ${session.currency} for no invoice of ours (${String(invoiceId)}).`,
    );
    return { said: "no invoice" };
  }
  const owed = owedCents(invoice);
  const intent =
    typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  // Money Stripe took is recorded as taken, up to what is owed (a payment is never more than
  // its invoice); anything over it is the owner's to refund from Stripe, and the history says so.
  const amountCents = owed > 0 ? Math.min(paid, owed) : paid;
  const over = paid - amountCents;
  const outcome = recordPayment(
    {
      invoiceId: invoice.id,
      method: "online",
      amountCents,
      receivedOn: businessToday(now),
      stripeSessionId: session.id,
      stripePaymentIntent: intent,
      note: over > 0 ? `Stripe took ${formatCents(paid)}` : null,
      by: STRIPE_ACTOR,
    },
    now,
  );
  if (outcome.status === "duplicate") return { said: "duplicate session" };
  const refund = { leadId: invoice.leadId, invoiceId: invoice.id, reference: session.id };
  if (outcome.status === "refused") {
    return {
      said: refundDue(now, {
        ...refund,
        kind: "online-payment-unrecorded",
        amountCents: paid,
        detail: outcome.message,
      }),
    };
  }
  const paymentId = outcome.payment.id;
  if (over === 0) return { said: "recorded", paymentId };
  return { said: refundDue(now, { ...refund, kind: "online-payment-over", amountCents: over, paymentId }), paymentId };
}

/** An entry in the lead's history for the owner to act on; its words (as the owner reads them) for Stripe's log. */
function refundDue(now: Date, entry: NewHistoryEntry & { leadId: number }): string {
  writeLeadHistory(entry, STRIPE_ACTOR, now);
  const said = stripeRefundNotes(entry.leadId)[0]?.body ?? "refund due";
  console.error(said);
  return said;
}
