import type { ProposalContent } from "~/lib/proposal";
import { reachWay } from "~/lib/contact-form";
import { signedProposalMail } from "~/lib/proposal-mail";
import { getLead } from "~/models/lead.server";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { jobPageLinkUrl } from "~/services/job-page-link.server";
import { buildProposalPdf, proposalFileName } from "~/services/proposal-pdf.server";
import { mailProposal, type MailKind } from "./mail-kind.server";

/**
 * The homeowner's confirmation when they accept a proposal: the signed PDF (the one their job
 * page offers) attached, and the job page link. Stored with the acceptance, beside the
 * owner's mail, when the lead has an address.
 */
export const proposalSigned: MailKind = {
  retries: true,
  async compose(item, now) {
    const proposal = mailProposal(item);
    if (!proposal?.acceptedAt || !proposal.acceptedName) return null;
    const content = proposal.content as ProposalContent;
    const jobPageLink = jobPageLinkUrl(proposal.leadId, now);
    const pdf = await buildProposalPdf(proposal);
    const lead = getLead(proposal.leadId);
    const written = signedProposalMail(
      // The total signed for: the homeowner's choice (decision 0108).
      { ...content, totalCents: proposal.totalCents },
      { name: proposal.acceptedName, at: proposal.acceptedAt },
      jobPageLink,
      lead ? reachWay(lead) : null,
    );
    // To the homeowner's address as it was at acceptance; a reply reaches the office.
    return {
      mail: {
        to: item.recipient,
        toName: content.customer.name,
        fromName: getBusinessFacts().company,
        replyTo: getSetting("contact").notificationEmail,
        ...written,
        attachments: [{ filename: proposalFileName(proposal), content: pdf, contentType: "application/pdf" }],
      },
    };
  },
};
