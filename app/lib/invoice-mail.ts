/**
 * The homeowner's invoice, receipt and overdue reminder mails: plain text and a small HTML
 * copy, each with the job's one job page link (decision 0076).
 */
import { JOB_PAGE_MAIL } from "./job-page";
import { formatCents } from "./money-format";
import { formatDay } from "./business-time";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Company = { name: string; phone: string };

function mailOf(paragraphs: string[], link: string) {
  const html = paragraphs
    .map((p) =>
      p === link
        ? `<p><a href="${escapeHtml(link)}">${JOB_PAGE_MAIL.linkText}</a></p>`
        : `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`,
    )
    .join("\n");
  return { text: paragraphs.join("\n\n"), html };
}

export function invoiceMail(
  s: {
    homeowner: string;
    number: string;
    kindLabel: string;
    owedCents: number;
    dueOn: string | null;
    company: Company;
    onlinePayment: boolean;
  },
  link: string,
): { subject: string; text: string; html: string } {
  const due = s.dueOn ? ` by ${formatDay(s.dueOn)}` : "";
  return {
    subject: `Invoice ${s.number} from ${s.company.name}: ${formatCents(s.owedCents)}`,
    ...mailOf(
      [
        `Hi ${s.homeowner},`,
        `Here is your ${s.kindLabel.toLowerCase()} invoice ${s.number} for ${formatCents(s.owedCents)}, due${due || " on receipt"}. The PDF is attached.`,
        ...howToPay(s, link),
        `Questions? Reply to this email or call us at ${s.company.phone}.`,
        `Thank you,\n${s.company.name}`,
      ],
      link,
    ),
  };
}

/**
 * An insurance carrier's invoice, to the claim's adjuster (decision 0110): the claim, the
 * homeowner and the address it is for, what is owed and by when. No job page link: that page
 * is the homeowner's.
 */
export function carrierInvoiceMail(s: {
  adjuster: string | null;
  billTo: string;
  homeowner: string;
  address: string;
  number: string;
  owedCents: number;
  dueOn: string | null;
  company: Company;
}): { subject: string; text: string; html: string } {
  const due = s.dueOn ? ` by ${formatDay(s.dueOn)}` : " on receipt";
  return {
    subject: `Invoice ${s.number} from ${s.company.name}: ${s.billTo}, ${formatCents(s.owedCents)}`,
    ...mailOf(
      [
        `Hello${s.adjuster ? ` ${s.adjuster}` : ""},`,
        `Here is our invoice ${s.number} to ${s.billTo} for the roof of ${s.homeowner} at ${s.address}: ${formatCents(s.owedCents)}, due${due}. The PDF is attached.`,
        `Please make the check out as the invoice says and write ${s.number} on it.`,
        `Questions? Reply to this email or call us at ${s.company.phone}.`,
        `Thank you,\n${s.company.name}`,
      ],
      "",
    ),
  };
}

/** How to pay, with the job page link: online only when the owner set Stripe up (otherwise the page has no Pay button). */
function howToPay(s: { number: string; onlinePayment: boolean }, link: string): string[] {
  return s.onlinePayment
    ? [
        "Pay it online by card on your job page, which also shows every invoice and what is paid:",
        link,
        `You can also pay by check (please write ${s.number} on it).`,
      ]
    : [
        "Your job page shows every invoice, what is paid and what comes next:",
        link,
        `You can pay by check (please write ${s.number} on it), in cash or by card when we are on site.`,
      ];
}

/**
 * A polite reminder of an invoice past its due day (decision 0104): what is still owed, the
 * day it was due, how to pay, and a way to talk if something is wrong or a plan would help.
 */
export function invoiceReminderMail(
  s: {
    homeowner: string;
    number: string;
    owedCents: number;
    dueOn: string;
    company: Company;
    onlinePayment: boolean;
  },
  link: string,
): { subject: string; text: string; html: string } {
  return {
    subject: `Reminder: invoice ${s.number} from ${s.company.name} was due ${formatDay(s.dueOn)}`,
    ...mailOf(
      [
        `Hi ${s.homeowner},`,
        `A friendly reminder: invoice ${s.number} was due on ${formatDay(s.dueOn)}, and ${formatCents(s.owedCents)} of it is still open.`,
        ...howToPay(s, link),
        `If you have paid it already, thank you, and please ignore this note. If something about the invoice is not right, or a payment plan would help, reply to this email or call us at ${s.company.phone}.`,
        `Thank you,\n${s.company.name}`,
      ],
      link,
    ),
  };
}

/** `paid`: how, in the words of paymentMethodWords ("online by card"). */
export function receiptMail(
  s: {
    homeowner: string;
    number: string;
    amountCents: number;
    paid: string;
    receivedOn: string;
    owedCents: number;
    company: Company;
  },
  link: string,
): { subject: string; text: string; html: string } {
  const left =
    s.owedCents > 0
      ? `${formatCents(s.owedCents)} is still owed on this invoice.`
      : "This invoice is now paid in full.";
  return {
    subject: `Receipt: ${formatCents(s.amountCents)} received by ${s.company.name}`,
    ...mailOf(
      [
        `Hi ${s.homeowner},`,
        `Thank you: you paid ${formatCents(s.amountCents)} ${s.paid} on ${formatDay(s.receivedOn)} toward invoice ${s.number}. ${left}`,
        "Your job page keeps your receipts:",
        link,
        `Questions? Reply to this email or call us at ${s.company.phone}.`,
        `Thank you,\n${s.company.name}`,
      ],
      link,
    ),
  };
}

/**
 * How to pay, as the invoice PDF says it: the same ways as the invoice mail, online only when
 * the owner has set card payment up (otherwise the job page has no Pay button).
 */
export function howToPayOnPaper(s: {
  company: string;
  number: string;
  phone: string;
  email: string;
  onlinePayment: boolean;
}): string {
  const ways = s.onlinePayment
    ? `By card on your job page (its link is in our emails), or by check made out to ${s.company}.`
    : `By check made out to ${s.company}, or in cash or by card when we are on site.`;
  return `${ways} Please write ${s.number} on your check. Questions: ${s.phone} or ${s.email}.`;
}
