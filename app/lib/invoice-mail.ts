/**
 * The homeowner's invoice and receipt mails: plain text and a small HTML copy,
 * each with the job's one job page link (decision 0076).
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
  // Online payment is offered only when the owner set Stripe up; otherwise the page has no Pay button.
  const howToPay = s.onlinePayment
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
  return {
    subject: `Invoice ${s.number} from ${s.company.name}: ${formatCents(s.owedCents)}`,
    ...mailOf(
      [
        `Hi ${s.homeowner},`,
        `Here is your ${s.kindLabel.toLowerCase()} invoice ${s.number} for ${formatCents(s.owedCents)}, due${due || " on receipt"}. The PDF is attached.`,
        ...howToPay,
        `Questions? Reply to this email or call us at ${s.company.phone}.`,
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
