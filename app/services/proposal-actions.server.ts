import type { Proposal } from "~/db/schema";
import { businessToday } from "~/lib/lead-status";
import { formatCents } from "~/lib/money-format";
import {
  adminProposalPdfPath,
  buildProposalContent,
  endOfBusinessDay,
  formatDay,
  formatMoment,
  proposalPath,
  proposalState,
  PROPOSAL_MESSAGES,
  type ProposalContent,
  type ProposalSettings,
} from "~/lib/proposal";
import { missingMaterialsMessage, unexplainedMissing } from "~/lib/estimate";
import { parseDrawing } from "~/lib/roof-drawing";
import type { TakeoffKey } from "~/lib/takeoff";
import { getLead } from "~/models/lead.server";
import { getEstimate } from "~/models/estimate.server";
import { acceptedOf, findProposalByTokenHash, insertProposal, listLeadProposals, recordAcceptance } from "~/models/proposal.server";
import { findLeadRoof } from "~/models/roof-customer.server";
import { getBusinessFacts, getSetting, setSetting } from "~/models/settings.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/server/link-token.server";
import { siteOrigin } from "~/server/origin.server";
import { deliverProposalNotice } from "~/services/proposal-mailer.server";
import { leadRoofView } from "~/services/roof-customer-view.server";

export type CreatedProposal = { proposal: Proposal; url: string };

/**
 * "Send a proposal": a frozen copy of the lead's estimate with the business, the customer,
 * the roof's figures and outline, the terms and the last day it is open; a new random
 * token of which only the hash is kept. The lead becomes Quoted and its earlier open
 * proposals are withdrawn. The link is returned this once: nothing can make it again.
 * Refused when there is nothing to send, when the lead accepted one already, or when the
 * estimate lacks materials the owner prices and staff have not said why.
 */
export function createProposal(
  leadId: number,
  input: ProposalSettings & { saveDefaults?: boolean },
  author: string,
  now = new Date(),
): CreatedProposal | "no-lead" | "no-estimate" | "accepted" | { missing: TakeoffKey[] } {
  const lead = getLead(leadId);
  if (!lead) return "no-lead";
  const estimate = getEstimate(leadId);
  if (!estimate) return "no-estimate";
  // Materials the owner prices that the takeoff could not count: staff add them, or say why not.
  const missing = unexplainedMissing(estimate);
  if (missing.length) return { missing };
  const roof = findLeadRoof(leadId);
  const content = buildProposalContent({
    lead,
    estimate,
    roof: roof ? { figures: leadRoofView(roof).figures, drawing: parseDrawing(roof.drawing).top } : null,
    business: getBusinessFacts(),
    terms: input.terms,
    validDays: input.validDays,
    shingleName: getSetting("pricing").tiers[estimate.tier].name,
    today: businessToday(now),
    now,
  });
  const { token, hash } = newLinkToken();
  const proposal = insertProposal({ leadId, tokenHash: hash, content, expiresAt: endOfBusinessDay(content.validUntil) }, author, now);
  if (!proposal) return "no-lead";
  if (proposal === "accepted") return "accepted";
  if (input.saveDefaults) setSetting("proposal", { terms: input.terms, validDays: input.validDays });
  return { proposal, url: `${siteOrigin()}${proposalPath(token)}` };
}

/**
 * The proposal a link opens, or undefined for anything that is not one of ours. One still
 * open while another of its lead is accepted (data older than decision 0032 that migration
 * 0008 missed) reads as withdrawn then: its page, PDF and acceptance all say "replaced".
 */
export function proposalForToken(token: string, now = new Date()): Proposal | undefined {
  if (!isLinkToken(token)) return undefined;
  const proposal = findProposalByTokenHash(hashLinkToken(token));
  if (!proposal || proposalState(proposal, now) !== "open") return proposal;
  const accepted = acceptedOf(proposal.leadId);
  return accepted ? { ...proposal, withdrawnAt: accepted.acceptedAt } : proposal;
}

export const proposalContent = (p: Proposal) => p.content as ProposalContent;

export type AcceptOutcome = "accepted" | "already" | "expired" | "withdrawn";

/**
 * The homeowner accepts by the link: recorded once (time, typed name, address), the lead
 * Won, and the owner's mail stored before it is tried (retried by the background loop).
 * A second accept changes nothing; an expired proposal cannot be accepted.
 */
export function acceptProposal(proposal: Proposal, acceptance: { name: string; ip: string }, now = new Date()): AcceptOutcome {
  const state = proposalState(proposal, now);
  if (state !== "open") return state === "accepted" ? "already" : state;
  const accepted = recordAcceptance(proposal.id, acceptance, now);
  // Another request accepted it, or another of the lead's, a moment ago (or it just ran out): say which.
  if (!accepted) {
    const after = findProposalByTokenHash(proposal.tokenHash);
    return after?.acceptedAt ? "already" : after?.withdrawnAt || proposalState(proposal, now) === "open" ? "withdrawn" : "expired";
  }
  void deliverProposalNotice(accepted.id).catch((error: unknown) => console.error("Proposal acceptance mail failed:", error));
  return "accepted";
}

/** The lead page's list: each proposal sent, newest first, as staff read it. */
export function leadProposalsView(leadId: number, now = new Date()) {
  return listLeadProposals(leadId).map((p) => {
    const content = proposalContent(p);
    return {
      id: p.id,
      sentAt: formatMoment(p.createdAt),
      total: formatCents(p.totalCents),
      validUntil: formatDay(content.validUntil),
      state: proposalState(p, now),
      acceptedBy: p.acceptedName,
      acceptedAt: p.acceptedAt ? formatMoment(p.acceptedAt) : null,
      acceptedIp: p.acceptedIp,
      ownerMail: p.acceptedAt ? p.notifyStatus : null,
      pdf: adminProposalPdfPath(leadId, p.id),
    };
  });
}
export type LeadProposalView = ReturnType<typeof leadProposalsView>[number];

/**
 * What the "Send a proposal" form needs: whether there is an estimate to send (and its
 * total), what keeps it from being sent, and the owner's defaults.
 */
export function proposalFormView(leadId: number) {
  const estimate = getEstimate(leadId);
  const accepted = listLeadProposals(leadId).some((p) => p.acceptedAt);
  return {
    estimateTotal: estimate ? formatCents(estimate.totalCents) : null,
    blocked: accepted ? PROPOSAL_MESSAGES.alreadyAccepted : estimate && unexplainedMissing(estimate).length ? missingMaterialsMessage(unexplainedMissing(estimate)) : null,
    defaults: getSetting("proposal"),
  };
}
