import { INVOICE_MESSAGES } from "~/lib/invoice";
import type { Actor } from "~/lib/actor";
import { sendInvoice } from "~/models/invoice.server";
import { findMail, findOutboxItem } from "~/models/outbox.server";
import { textedWords, type TextOutcome } from "~/lib/texts";
import { recordPayment, type RecordPaymentInput } from "~/models/payment.server";
import { MAIL_WAIT_MS } from "~/server/mail.server";
import { deliverNow, textNow, type DeliveryOutcome } from "~/services/outbox.server";
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
  text?: TextOutcome,
): { message: string; tone: "success" | "info" } {
  const words = mailOnlyWords(outcome, sent, queued);
  if (!text || text.status === "skipped") return words;
  // Without an address the text is all the homeowner gets: no "hand it over" then.
  const head = outcome === null ? sent : words.message;
  return { message: `${head}${textedWords(text)}`, tone: text.status === "sent" ? "success" : words.tone };
}

function mailOnlyWords(
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

/** "Send": the draft numbered and Sent, then its mail (with the PDF) tried at once. */
export async function sendInvoiceNow(
  leadId: number,
  invoiceId: number,
  by: Actor,
  now = new Date(),
): Promise<SendOutcome> {
  const sent = sendInvoice(leadId, invoiceId, by, now);
  if (!sent || isRefusal(sent)) return sent;
  const outcome = sent.mailId === null ? null : await deliverNow(sent.mailId, { now, waitMs: MAIL_WAIT_MS });
  const text = outcome?.text ?? (await textOnly(sent.textId, now));
  return mailWords(outcome, INVOICE_MESSAGES.sent, `${INVOICE_MESSAGES.sent}: the mail is on its way`, text);
}

/** A text that goes without a mail (the homeowner has no address), tried at once. */
async function textOnly(textId: number | null, now: Date): Promise<TextOutcome | undefined> {
  const text = textId === null ? undefined : findOutboxItem(textId);
  return text && textNow(text, { now, waitMs: MAIL_WAIT_MS });
}

/**
 * The receipt of a payment just recorded, tried at once (the webhook may call this after
 * its own transaction): its mail (and its text with it), or its text alone.
 */
export async function sendReceiptNow(
  paymentId: number,
  now = new Date(),
): Promise<(DeliveryOutcome & { text?: TextOutcome }) | { text: TextOutcome } | null> {
  const mail = findMail("receipt", { paymentId });
  if (mail) return deliverNow(mail.id, { now, waitMs: MAIL_WAIT_MS });
  const text = findMail("receipt", { paymentId }, "text");
  return text ? { text: await textNow(text, { now, waitMs: MAIL_WAIT_MS }) } : null;
}

/** "Record payment" by staff: the payment (its invoice's paid total and state with it), then the receipt. */
export async function recordPaymentNow(input: RecordPaymentInput, now = new Date()) {
  const outcome = recordPayment(input, now);
  if (outcome.status !== "recorded") return outcome;
  const mail = await sendReceiptNow(outcome.payment.id, now);
  const state = outcome.invoice.state === "paid" ? " The invoice is paid in full." : "";
  const mailed = mail && "status" in mail ? mail : null;
  const receipt =
    mailed === null
      ? ""
      : mailed.status === "sent" || mailed.status === "queued"
        ? " Receipt emailed."
        : mailed.status === "unsent"
          ? " Mail is not set up: no receipt was emailed."
          : " The receipt will be tried again.";
  const texted = mail?.text && mail.text.status !== "skipped" ? ` Receipt: ${textedWords(mail.text).slice(2)}.` : "";
  return { ...outcome, message: `${INVOICE_MESSAGES.recorded}.${state}${receipt}${texted}` };
}
