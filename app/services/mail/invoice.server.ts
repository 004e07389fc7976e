import { formatInvoiceNumber, owedAfterPayment, owedCents } from "~/lib/invoice";
import { INVOICE_KIND_LABELS, paymentMethodWords } from "~/lib/invoice-kinds";
import { carrierInvoiceMail, invoiceMail, invoiceReminderMail, receiptMail } from "~/lib/invoice-mail";
import { billTo } from "~/lib/claim-money";
import { leadAddressLine } from "~/lib/address";
import { getClaim } from "~/models/insurance-claim.server";
import { getInvoice } from "~/models/invoice.server";
import { getLead } from "~/models/lead.server";
import { getPayment, paymentsOf } from "~/models/payment.server";
import { getBusinessFacts } from "~/models/settings.server";
import { onlinePaymentEnabled } from "~/server/stripe.server";
import { buildInvoicePdf, invoiceFileName } from "~/services/invoice-pdf.server";
import { jobPageLinkUrl } from "~/services/job-page-link.server";
import { invoiceReminderText, invoiceText, receiptText } from "~/lib/text-words";
import type { OutboxItem } from "~/db/schema";
import type { Mail } from "~/server/mail.server";
import type { ComposedMail, MailKind } from "./mail-kind.server";

/**
 * The homeowner's invoice (its PDF attached) and the receipt for each payment, each with
 * the job's one job page link (decision 0076). The invoice mail is written from the invoice as it
 * is when it goes (a voided or deleted one is skipped); a receipt states the balance right
 * after its own payment, whenever it goes.
 */
/** A mail of this module to the homeowner: from the company, replies to its email, the job page link kept for staff. */
function toHomeowner(
  item: OutboxItem,
  homeowner: string,
  written: Pick<Mail, "subject" | "text" | "html">,
  link: string,
  attachments?: Mail["attachments"],
): ComposedMail {
  const facts = getBusinessFacts();
  return {
    mail: {
      to: item.recipient,
      toName: homeowner,
      fromName: facts.company,
      replyTo: facts.email || undefined,
      ...written,
      ...(attachments && { attachments }),
    },
    link,
  };
}

export const invoice: MailKind = {
  retries: true,
  async compose(item, now) {
    const found = item.invoiceId === null ? undefined : getInvoice(item.invoiceId);
    const lead = found && getLead(found.leadId);
    if (!found || !lead || found.state === "draft" || found.state === "void") return null;
    const facts = getBusinessFacts();
    const number = formatInvoiceNumber(found.number);
    const pdf = await buildInvoicePdf(found, lead, paymentsOf(found.id));
    const attached = [{ filename: invoiceFileName(found, lead.name), content: pdf, contentType: "application/pdf" }];
    const claim = found.payer === "homeowner" ? undefined : getClaim(lead.id);
    if (claim) {
      const written = carrierInvoiceMail({
        adjuster: claim.adjusterName,
        billTo: billTo(found.payer, lead.name, claim),
        homeowner: lead.name,
        address: leadAddressLine(lead),
        number,
        owedCents: owedCents(found),
        dueOn: found.dueOn,
        company: { name: facts.company, phone: facts.phone },
      });
      return toHomeowner(item, claim.adjusterName ?? claim.carrier, written, "", attached);
    }
    const link = jobPageLinkUrl(lead.id, now);
    const written = invoiceMail(
      {
        homeowner: lead.name,
        number,
        kindLabel: INVOICE_KIND_LABELS[found.kind],
        owedCents: owedCents(found),
        dueOn: found.dueOn,
        company: { name: facts.company, phone: facts.phone },
        onlinePayment: onlinePaymentEnabled(),
      },
      link,
    );
    return toHomeowner(item, lead.name, written, link, attached);
  },
  text(item, now) {
    const found = item.invoiceId === null ? undefined : getInvoice(item.invoiceId);
    if (!found || found.state === "draft" || found.state === "void") return null;
    return invoiceText(
      {
        company: getBusinessFacts().company,
        number: formatInvoiceNumber(found.number),
        owedCents: owedCents(found),
        payOnline: onlinePaymentEnabled(),
      },
      jobPageLinkUrl(found.leadId, now),
    );
  },
};

export const receipt: MailKind = {
  retries: true,
  compose(item, now) {
    const payment = item.paymentId === null ? undefined : getPayment(item.paymentId);
    const found = payment && getInvoice(payment.invoiceId);
    const lead = found && getLead(found.leadId);
    if (!payment || !found || !lead) return null;
    const facts = getBusinessFacts();
    const link = jobPageLinkUrl(lead.id, now);
    const written = receiptMail(
      {
        homeowner: lead.name,
        number: formatInvoiceNumber(found.number),
        amountCents: payment.amountCents,
        paid: paymentMethodWords(payment),
        receivedOn: payment.receivedOn,
        // What was owed right after this payment, not now: a receipt retried or mailed after
        // a later payment still tells the truth about this one.
        owedCents: owedAfterPayment(found.totalCents, paymentsOf(found.id), payment.id),
        company: { name: facts.company, phone: facts.phone },
      },
      link,
    );
    return toHomeowner(item, lead.name, written, link);
  },
  text(item, now) {
    const payment = item.paymentId === null ? undefined : getPayment(item.paymentId);
    const found = payment && getInvoice(payment.invoiceId);
    if (!payment || !found) return null;
    return receiptText(
      {
        company: getBusinessFacts().company,
        amountCents: payment.amountCents,
        number: formatInvoiceNumber(found.number),
        owedCents: owedAfterPayment(found.totalCents, paymentsOf(found.id), payment.id),
      },
      jobPageLinkUrl(found.leadId, now),
    );
  },
};

/**
 * The reminder of an overdue invoice (decision 0104), written when it goes: skipped if the
 * invoice was paid or voided, or the job's reminders paused or the lead archived, since it
 * was queued. No PDF: the job page shows the invoice, and the first mail had it.
 */
function remindedInvoice(item: OutboxItem) {
  const found = item.invoiceId === null ? undefined : getInvoice(item.invoiceId);
  const lead = found && getLead(found.leadId);
  if (!found?.dueOn || !lead || lead.remindersPausedAt || lead.archivedAt || owedCents(found) === 0) return null;
  return { invoice: { ...found, dueOn: found.dueOn }, lead };
}

export const invoiceReminder: MailKind = {
  retries: true,
  compose(item, now) {
    const found = remindedInvoice(item);
    if (!found) return null;
    const { invoice: reminded, lead } = found;
    const facts = getBusinessFacts();
    const link = jobPageLinkUrl(lead.id, now);
    const written = invoiceReminderMail(
      {
        homeowner: lead.name,
        number: formatInvoiceNumber(reminded.number),
        owedCents: owedCents(reminded),
        dueOn: reminded.dueOn,
        company: { name: facts.company, phone: facts.phone },
        onlinePayment: onlinePaymentEnabled(),
      },
      link,
    );
    return toHomeowner(item, lead.name, written, link);
  },
  text(item, now) {
    const found = remindedInvoice(item);
    if (!found) return null;
    return invoiceReminderText(
      {
        company: getBusinessFacts().company,
        number: formatInvoiceNumber(found.invoice.number),
        owedCents: owedCents(found.invoice),
        dueOn: found.invoice.dueOn,
        payOnline: onlinePaymentEnabled(),
      },
      jobPageLinkUrl(found.lead.id, now),
    );
  },
};
