/**
 * The mail that takes a proposal to the homeowner: plain text and a small HTML copy, both
 * with the proposal's link (one token per mail, decision 0038) and the job's one job page
 * link (decision 0076).
 */
import { weWillReach, type PreferredContact } from "./contact-form";
import { JOB_PAGE_MAIL } from "./job-page";
import { formatCents } from "./money-format";
import { type ProposalContent } from "./proposal";
import { formatDay, formatMoment } from "./business-time";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function proposalMail(
  content: Pick<ProposalContent, "company" | "customer" | "totalCents" | "validUntil" | "options">,
  link: string,
  jobPageLink: string,
): { subject: string; text: string; html: string } {
  const { company, customer } = content;
  // Options (decision 0108): the mail quotes the lowest, "from"; the homeowner picks on the page.
  const options = content.options ?? [];
  const total = formatCents(options.length > 1 ? Math.min(...options.map((o) => o.totalCents)) : content.totalCents);
  const quote =
    options.length > 1
      ? `Your proposal from ${company.name} offers ${options.length} shingle options, from ${total}.`
      : `Your proposal from ${company.name} comes to ${total}.`;
  const until = formatDay(content.validUntil);
  const paragraphs = [
    `Hi ${customer.name},`,
    `Thank you for the chance to quote your roof. ${quote}`,
    "Open it to read the work, the price and the terms, download it as a PDF, and accept it online by typing your name:",
    link,
    `It is open until ${until}. Questions? Just reply to this email or call us at ${company.phone}.`,
    JOB_PAGE_MAIL.beforeSale,
    jobPageLink,
    `Thank you,\n${company.name}`,
  ];
  const anchors: Record<string, string> = {
    [link]: "View and accept your proposal",
    [jobPageLink]: JOB_PAGE_MAIL.linkText,
  };
  const html = paragraphs
    .map((p) =>
      p in anchors
        ? `<p><a href="${escapeHtml(p)}">${anchors[p]}</a></p>`
        : `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`,
    )
    .join("\n");
  const figure = options.length > 1 ? `from ${total}` : total;
  return { subject: `Your proposal from ${company.name}: ${figure}`, text: paragraphs.join("\n\n"), html };
}

/**
 * The homeowner's confirmation once they accept: what they signed, by whom and when, the
 * signed proposal attached as a PDF, and the job page where it stays.
 */
export function signedProposalMail(
  content: Pick<ProposalContent, "company" | "customer" | "totalCents">,
  accepted: { name: string; at: Date },
  jobPageLink: string,
  reach: PreferredContact | null = null,
): { subject: string; text: string; html: string } {
  const { company, customer } = content;
  const paragraphs = [
    `Hi ${customer.name},`,
    `Thank you for choosing ${company.name}! We have your acceptance of our proposal for ${formatCents(content.totalCents)}, signed online by ${accepted.name} on ${formatMoment(accepted.at)} (Kansas time).`,
    `Your signed proposal is attached as a PDF. ${weWillReach(reach)} to book the work day.`,
    JOB_PAGE_MAIL.afterJob,
    jobPageLink,
    `Questions? Just reply to this email or call us at ${company.phone}.`,
    `Thank you,\n${company.name}`,
  ];
  const html = paragraphs
    .map((p) =>
      p === jobPageLink
        ? `<p><a href="${escapeHtml(p)}">${JOB_PAGE_MAIL.linkText}</a></p>`
        : `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`,
    )
    .join("\n");
  return { subject: `Your signed proposal from ${company.name}`, text: paragraphs.join("\n\n"), html };
}

/** What staff are told after "Email to <homeowner>". */
export const PROPOSAL_MAIL_MESSAGES = {
  sent: (to: string) => `Proposal emailed to ${to}`,
  queued: (to: string) => `Proposal on its way to ${to}`,
  noMail: "Proposal not emailed: mail is not set up. Send the homeowner its link yourself.",
  failed: "The mail provider refused the proposal: it will be tried again. Its state shows on the proposal.",
  slow: "The mail provider did not answer in time: the proposal will be tried again, so the homeowner may get it twice.",
  closed: "This proposal is no longer open: send a new one.",
  noEmail: "This lead has no email address: send the homeowner the proposal's link yourself.",
  // The card's word for a mail its proposal closed before it went (the outbox skipped it).
  notSent: "Not sent (the proposal was no longer open)",
} as const;
