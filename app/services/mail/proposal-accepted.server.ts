import { href } from "react-router";
import { formatPhone } from "~/lib/business";
import type { Proposal } from "~/db/schema";
import { formatCents } from "~/lib/money-format";
import { hasChoices, type ProposalContent } from "~/lib/proposal";
import { acceptedChoice } from "~/lib/proposal-choice";
import { formatMoment } from "~/lib/business-time";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { siteOrigin } from "~/server/origin.server";
import { mailProposal, type MailKind } from "./mail-kind.server";

/** The owner's mail when a homeowner accepts a proposal. */
function acceptanceMail(p: Proposal, notificationEmail: string, company: string) {
  const content = p.content as ProposalContent;
  // The accepted proposal's total is what the homeowner chose (decision 0108).
  const total = formatCents(p.totalCents);
  const chosen = acceptedChoice(content, p);
  return {
    to: notificationEmail,
    toName: company,
    fromName: company,
    replyTo: content.customer.email || undefined,
    subject: `Proposal accepted: ${content.customer.name}, ${total}`,
    text: [
      `${content.customer.name} accepted your proposal through the link.`,
      "",
      `Total:        ${total}`,
      ...(chosen && hasChoices(content)
        ? [`Chose:        ${[`${chosen.option.name} shingles`, ...chosen.addOns.map((a) => a.label)].join(", ")}`]
        : []),
      `Address:      ${content.customer.address || "(not given)"}`,
      `Typed name:   ${p.acceptedName ?? ""}`,
      `Accepted at:  ${p.acceptedAt ? formatMoment(p.acceptedAt) : ""} (Kansas time)`,
      `From address: ${p.acceptedIp ?? ""}`,
      `Phone:        ${content.customer.phone ? formatPhone(content.customer.phone) : "(not given)"}`,
      "",
      `The lead is marked Won: ${siteOrigin()}${href("/admin/leads/:id", { id: String(p.leadId) })}`,
    ].join("\n"),
  };
}

/** Stored with the acceptance (one transaction), tried at once, retried like the others. */
export const proposalAccepted: MailKind = {
  retries: true,
  compose(item) {
    const proposal = mailProposal(item);
    if (!proposal?.acceptedAt) return null;
    return { mail: acceptanceMail(proposal, getSetting("contact").notificationEmail, getBusinessFacts().company) };
  },
};
