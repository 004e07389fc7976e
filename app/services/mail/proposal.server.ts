import { proposalPath, proposalState, type ProposalContent } from "~/lib/proposal";
import { proposalMail } from "~/lib/proposal-mail";
import { addProposalLink } from "~/models/proposal.server";
import { getBusinessFacts } from "~/models/settings.server";
import { newLinkToken } from "~/server/link-token.server";
import { siteOrigin } from "~/server/origin.server";
import { jobPageLinkUrl } from "~/services/job-page-link.server";
import { proposalText } from "~/lib/text-words";
import { mailProposal, type MailKind } from "./mail-kind.server";

/**
 * The proposal, mailed to the homeowner (decision 0038). Each attempt adds a link of its own
 * to the proposal (one token per link, only its hash kept), so the link staff copied keeps
 * working beside the mailed one; withdrawing the proposal closes them all. It also carries
 * the job's one job page link (decisions 0070, 0076). A proposal no longer open
 * (accepted, replaced, expired) is not sent.
 */
export const proposal: MailKind = {
  retries: true,
  compose(item, now) {
    const found = mailProposal(item);
    if (!found || proposalState(found, now) !== "open") return null;
    const content = found.content as ProposalContent;
    const { token, hash } = newLinkToken();
    addProposalLink(found.id, hash, now);
    const link = `${siteOrigin()}${proposalPath(token)}`;
    const jobPageLink = jobPageLinkUrl(found.leadId, now);
    const company = getBusinessFacts().company;
    // To the address staff chose to mail; a reply reaches the business. Staff see the proposal's link.
    return {
      mail: {
        to: item.recipient,
        toName: content.customer.name,
        fromName: company,
        replyTo: content.company.email || undefined,
        ...proposalMail(content, link, jobPageLink),
      },
      link,
    };
  },
  // A link of its own, like each mail's: the proposal keeps every link it was sent with.
  text(item, now) {
    const found = mailProposal(item);
    if (!found || proposalState(found, now) !== "open") return null;
    const { token, hash } = newLinkToken();
    addProposalLink(found.id, hash, now);
    return proposalText(getBusinessFacts().company, `${siteOrigin()}${proposalPath(token)}`);
  },
};
