import { formatPhone } from "~/lib/business";
import { INVOICE_MESSAGES } from "~/lib/invoice";
import type { Channel } from "~/lib/outbox";
import { textedWords } from "~/lib/texts";
import { getLead } from "~/models/lead.server";
import type { Actor } from "~/lib/actor";
import { sendInvoice } from "~/models/invoice.server";
import { findMail } from "~/models/outbox.server";
import { recordPayment, type RecordPaymentInput } from "~/models/payment.server";
import { MAIL_WAIT_MS } from "~/server/mail.server";
import { deliverNow, type DeliveryOutcome } from "~/services/outbox.server";
import { isRefusal, type Refusal } from "~/lib/refusal";

/**
 * Sending an invoice and recording a payment, with their mails tried at once while staff
 * wait (at most MAIL_WAIT_MS): the rows are written first, in their own transaction; a mail
 * that cannot go now stays in the outbox and is retried there.
 */

export type SendOutcome = Refusal | { message: string; tone: "success" | "info" } | undefined;

function mailWords(
  outcome: DeliveryOutcome | null,
  sent: string,
  queued: string,
): { message: string; tone: "success" | "info" } {
  if (outcome === null) return { message: INVOICE_MESSAGES.sentNoEmail, tone: "info" };
  if (outcome.status === "sent") return { message: sent, tone: "success" };
  if (outcome.status === "queued") return { message: queued, tone: "success" };
  if (outcome.status === "unsent")
    return { message: `${sent}. Mail is not set up, so it was not emailed: hand over the PDF.`, tone: "info" };
  return { message: INVOICE_MESSAGES.sentNotMailed, tone: "info" };
}

/** "Send": the draft numbered and Sent, then its mail (with the PDF), or its text, tried at once. */
export async function sendInvoiceNow(
  leadId: number,
  invoiceId: number,
  by: Actor,
  now = new Date(),
): Promise<SendOutcome> {
  const sent = sendInvoice(leadId, invoiceId, by, now);
  if (!sent || isRefusal(sent)) return sent;
  const outcome = sent.mailId === null ? null : await deliverNow(sent.mailId, { now, waitMs: MAIL_WAIT_MS });
  if (sent.toCarrier && !outcome) return { message: INVOICE_MESSAGES.sentCarrierByStaff, tone: "info" };
  if (sent.toCarrier)
    return mailWords(
      outcome,
      INVOICE_MESSAGES.sentToAdjuster,
      `${INVOICE_MESSAGES.sentToAdjuster}: the mail is on its way`,
    );
  if (outcome && sent.channel === "text") return textWords(INVOICE_MESSAGES.sent, leadId, outcome, now);
  return mailWords(outcome, INVOICE_MESSAGES.sent, `${INVOICE_MESSAGES.sent}: the mail is on its way`);
}

/** "Invoice sent: texted to (316) 555-0123", to a lead without an email. */
function textWords(done: string, leadId: number, outcome: DeliveryOutcome, now: Date) {
  const words = textedWords(formatPhone(getLead(leadId)?.phone ?? ""), outcome.status, now);
  const tone = outcome.status === "sent" || outcome.status === "queued" ? ("success" as const) : ("info" as const);
  return { message: words ? `${done}: ${words}` : done, tone };
}

/**
 * The receipt of a payment just recorded, tried at once (the webhook may call this after its
 * own transaction): its mail, or its text to a lead without an email.
 */
export async function sendReceiptNow(
  paymentId: number,
  now = new Date(),
): Promise<(DeliveryOutcome & { channel: Channel }) | null> {
  const mail = findMail("receipt", { paymentId }) ?? findMail("receipt", { paymentId }, "text");
  return mail ? { ...(await deliverNow(mail.id, { now, waitMs: MAIL_WAIT_MS })), channel: mail.channel } : null;
}

/** "Record payment" by staff: the payment (its invoice's paid total and state with it), then the receipt. */
export async function recordPaymentNow(input: RecordPaymentInput, now = new Date()) {
  const outcome = recordPayment(input, now);
  if (outcome.status !== "recorded") return outcome;
  const mail = await sendReceiptNow(outcome.payment.id, now);
  const state = outcome.invoice.state === "paid" ? " The invoice is paid in full." : "";
  if (mail?.channel === "text") {
    const receipt = textWords("Receipt", outcome.invoice.leadId, mail, now).message;
    return { ...outcome, message: `${INVOICE_MESSAGES.recorded}.${state} ${receipt}.` };
  }
  const receipt =
    mail === null
      ? ""
      : mail.status === "sent" || mail.status === "queued"
        ? " Receipt emailed."
        : mail.status === "unsent"
          ? " Mail is not set up: no receipt was emailed."
          : " The receipt will be tried again.";
  return { ...outcome, message: `${INVOICE_MESSAGES.recorded}.${state}${receipt}` };
}
