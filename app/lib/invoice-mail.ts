/**
 * The homeowner's invoice and receipt mails (issue 33): plain text and a small HTML copy,
 * each with a fresh link to the job page (one token per mail, only its hash kept).
 */
import { formatCents } from "./money-format";
import { formatDay } from "./proposal";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Company = { name: string; phone: string };

function mailOf(paragraphs: string[], link: string, linkText: string) {
  const html = paragraphs
    .map((p) => (p === link ? `<p><a href="${escapeHtml(link)}">${linkText}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`))
    .join("\n");
  return { text: paragraphs.join("\n\n"), html };
}

export function invoiceMail(
  s: { homeowner: string; number: string; kindLabel: string; owedCents: number; dueOn: string | null; company: Company },
  link: string,
): { subject: string; text: string; html: string } {
  const due = s.dueOn ? ` by ${formatDay(s.dueOn)}` : "";
  return {
    subject: `Invoice ${s.number} from ${s.company.name}: ${formatCents(s.owedCents)}`,
    ...mailOf(
      [
        `Hi ${s.homeowner},`,
        `Here is your ${s.kindLabel.toLowerCase()} invoice ${s.number} for ${formatCents(s.owedCents)}, due${due || " on receipt"}. The PDF is attached.`,
        "Your job page shows every invoice, what is paid and what comes next:",
        link,
        `You can pay by check (please write ${s.number} on it), in cash or by card when we are on site. Questions? Reply to this email or call us at ${s.company.phone}.`,
        `Thank you,\n${s.company.name}`,
      ],
      link,
      "Open your job page",
    ),
  };
}

export function receiptMail(
  s: { homeowner: string; number: string; amountCents: number; how: string; receivedOn: string; owedCents: number; company: Company },
  link: string,
): { subject: string; text: string; html: string } {
  const left = s.owedCents > 0 ? `${formatCents(s.owedCents)} is still owed on this invoice.` : "This invoice is now paid in full.";
  return {
    subject: `Receipt: ${formatCents(s.amountCents)} received by ${s.company.name}`,
    ...mailOf(
      [
        `Hi ${s.homeowner},`,
        `Thank you: we received ${formatCents(s.amountCents)} (${s.how}) on ${formatDay(s.receivedOn)} toward invoice ${s.number}. ${left}`,
        "Your job page keeps your receipts:",
        link,
        `Questions? Reply to this email or call us at ${s.company.phone}.`,
        `Thank you,\n${s.company.name}`,
      ],
      link,
      "Open your job page",
    ),
  };
}
