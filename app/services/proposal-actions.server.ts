import { href } from "react-router";
import type { Proposal } from "~/db/schema";
import { byLine, personName } from "~/lib/by-line";
import { businessToday, endOfBusinessDay, formatDay, formatKansasDateTime } from "~/lib/business-time";
import { formatCents } from "~/lib/money-format";
import { emailedLine, latestBy, mailStateLabel } from "~/lib/outbox";
import {
  buildProposalContent,
  factTermsLines,
  hasChoices,
  frozenFacts,
  proposalPath,
  proposalStanding,
  proposalState,
  PROPOSAL_STANDING_LABELS,
  PROPOSAL_MESSAGES,
  type ProposalContent,
  type ProposalSettings,
  type TermsFacts,
} from "~/lib/proposal";
import { missingMaterialsMessage, SHINGLE_TIERS, unexplainedMissing } from "~/lib/estimate";
import { acceptedChoice, checkedChoice, proposalOptions, type PostedChoice } from "~/lib/proposal-choice";
import { buildOffer, type Offer } from "~/lib/proposal-offer";
import { parseDrawing } from "~/lib/roof-drawing";
import type { TakeoffKey } from "~/lib/takeoff";
import { getLead } from "~/models/lead.server";
import { writeLeadHistory } from "~/models/lead-history.server";
import { getEstimate, measuredLeadRoof } from "~/models/estimate.server";
import {
  acceptedOf,
  findProposalByTokenHash,
  getLeadProposal,
  insertProposal,
  listLeadProposals,
  recordAcceptance,
} from "~/models/proposal.server";
import { findMail, listMails, mailView, queueToHomeowner, textedInsteadOfMail } from "~/models/outbox.server";
import { findLeadRoof } from "~/models/roof-customer.server";
import { getBusinessFacts, getSetting, setSetting } from "~/models/settings.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/server/link-token.server";
import { siteOrigin } from "~/server/origin.server";
import { MAIL_WAIT_MS, mailTransport, type MailTransport } from "~/server/mail.server";
import { deliverNow, type DeliveryOutcome } from "~/services/outbox.server";
import { leadRoofView } from "~/services/roof-customer-view.server";
import { redirectWithFlash } from "~/services/flash.server";
import { notFound } from "~/server/responses.server";
import { PROPOSAL_MAIL_MESSAGES } from "~/lib/proposal-mail";
import { formatPhone } from "~/lib/business";
import { textedWords } from "~/lib/texts";
import type { Actor } from "~/lib/actor";
import { getClaim } from "~/models/insurance-claim.server";

/**
 * The facts a proposal's terms state, read where they live (decision 0073): the deposit from
 * Pricing, the workmanship warranty from the site's trust facts, and the lead's insurance
 * claim if it is one (decision 0109). Never a copy of any.
 */
export function proposalTermsFacts(leadId: number): TermsFacts {
  const claim = getClaim(leadId);
  return {
    depositBasisPoints: getSetting("pricing").depositBasisPoints,
    warrantyYears: getSetting("trust").warrantyYears,
    claim: claim && {
      carrier: claim.carrier,
      claimNumber: claim.claimNumber,
      deductibleCents: claim.deductibleCents,
    },
  };
}

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
  input: ProposalSettings & { saveDefaults?: boolean } & Partial<Offer>,
  by: Actor,
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
  const pricing = getSetting("pricing");
  // The options from the one estimate, each shingle line's quantities from the same measurement.
  const offer = buildOffer(
    estimate,
    measuredLeadRoof(leadId)?.roof ?? null,
    pricing,
    getSetting("proposalAddOns").items,
    {
      tiers: input.tiers ?? [],
      addOns: input.addOns ?? [],
      hideUnitPrices: input.hideUnitPrices ?? false,
    },
  );
  const content = buildProposalContent({
    lead,
    estimate,
    roof: roof ? { figures: leadRoofView(roof).figures, drawing: parseDrawing(roof.drawing).top } : null,
    business: getBusinessFacts(),
    terms: input.terms,
    facts: proposalTermsFacts(leadId),
    validDays: input.validDays,
    shingleName: pricing.tiers[estimate.tier].name,
    offer,
    today: businessToday(now),
    now,
  });
  const { token, hash } = newLinkToken();
  const proposal = insertProposal(
    { leadId, tokenHash: hash, content, expiresAt: endOfBusinessDay(content.validUntil) },
    by,
    now,
  );
  if (!proposal) return "no-lead";
  if (proposal === "accepted") return "accepted";
  if (input.saveDefaults)
    setSetting("proposal", { terms: input.terms, validDays: input.validDays }, by.id ?? undefined);
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

export type AcceptOutcome = "accepted" | "already" | "expired" | "withdrawn" | { error: string };

/**
 * The homeowner accepts by the link: recorded once (time, typed name, address), the lead
 * Won, and the owner's mail stored in the outbox before it is tried (and retried there).
 * A second accept changes nothing; an expired proposal cannot be accepted.
 */
export function acceptProposal(
  proposal: Proposal,
  acceptance: { name: string; ip: string; choice: PostedChoice },
  now = new Date(),
): AcceptOutcome {
  const state = proposalState(proposal, now);
  if (state !== "open") return state === "accepted" ? "already" : state;
  // The option and add-ons must be offered, and their total the one the homeowner was shown.
  const checked = checkedChoice(proposalContent(proposal), acceptance.choice);
  if ("error" in checked) return checked;
  const accepted = recordAcceptance(
    proposal.id,
    {
      name: acceptance.name,
      ip: acceptance.ip,
      chosen: { choice: checked.choice, totalCents: checked.totals.totalCents },
    },
    now,
  );
  // Another request accepted it, or another of the lead's, a moment ago (or it just ran out): say which.
  if (!accepted) {
    const after = getLeadProposal(proposal.leadId, proposal.id);
    return after?.acceptedAt
      ? "already"
      : after?.withdrawnAt || proposalState(proposal, now) === "open"
        ? "withdrawn"
        : "expired";
  }
  // The owner's notice first, then the homeowner's signed copy; the outbox retries either.
  const mails = [
    findMail("proposal-accepted", { proposalId: accepted.id }),
    findMail("proposal-signed", { proposalId: accepted.id }),
  ];
  void (async () => {
    for (const mail of mails) if (mail) await deliverNow(mail.id);
  })().catch((error: unknown) => console.error("Proposal acceptance mail failed:", error));
  return "accepted";
}

/**
 * "Email to <homeowner>": the proposal goes to the lead's address through the outbox with
 * a link of its own (the copied one keeps working, decision 0038), tried at once while
 * staff wait (at most 8 s) and retried after. Sending it again puts the same mail back in
 * line. Only an open proposal of a lead with an email is mailed.
 */
export async function emailProposal(
  leadId: number,
  proposalId: number,
  by: Actor,
  transport: MailTransport = mailTransport(),
  now = new Date(),
): Promise<DeliveryOutcome | "no-proposal" | "closed" | "no-email"> {
  const lead = getLead(leadId);
  const proposal = lead && getLeadProposal(leadId, proposalId);
  if (!lead || !proposal) return "no-proposal";
  if (proposalState(proposal, now) !== "open") return "closed";
  // To a lead without an email, its text (when the lead takes texts).
  const mail = queueToHomeowner({ kind: "proposal", leadId, proposalId }, lead.email, now);
  if (!mail) return "no-email";
  const outcome = await deliverNow(mail.id, { transport, now, waitMs: MAIL_WAIT_MS });
  // Sent, or in line to be tried again until it is: the history says who mailed it, as it does
  // an invoice's sending. Not when mail is off or nothing was to go: then nothing went. A text
  // is in the lead's texts instead.
  if (mail.channel === "mail" && outcome.status !== "unsent" && outcome.status !== "skipped")
    writeLeadHistory({ leadId, kind: "proposal-emailed", detail: lead.email }, by, now);
  return outcome;
}

/** "Email to <homeowner>" posted on the lead's page: mailed (or queued), then the page again with what became of it. */
export async function emailProposalAction(leadId: number, proposalId: number | null, back: string, by: Actor) {
  const outcome = await emailProposal(leadId, proposalId ?? 0, by);
  if (outcome === "no-proposal") notFound();
  if (outcome === "closed" || outcome === "no-email")
    return redirectWithFlash(back, {
      type: "error",
      message: PROPOSAL_MAIL_MESSAGES[outcome === "closed" ? "closed" : "noEmail"],
    });
  const lead = getLead(leadId);
  const to = lead?.email ?? "";
  if (!to.includes("@")) {
    const words = textedWords(formatPhone(lead?.phone ?? ""), outcome.status);
    const ok = outcome.status === "sent" || outcome.status === "queued";
    return redirectWithFlash(back, { type: ok ? "success" : "info", message: `Proposal: ${words || "not texted"}` });
  }
  switch (outcome.status) {
    case "sent":
      return redirectWithFlash(back, { type: "success", message: PROPOSAL_MAIL_MESSAGES.sent(to) });
    case "queued":
      return redirectWithFlash(back, { type: "success", message: PROPOSAL_MAIL_MESSAGES.queued(to) });
    case "unsent":
      return redirectWithFlash(back, { type: "info", message: PROPOSAL_MAIL_MESSAGES.noMail });
    case "skipped":
      return redirectWithFlash(back, { type: "error", message: PROPOSAL_MAIL_MESSAGES.closed });
    default:
      return redirectWithFlash(back, {
        type: "error",
        message: PROPOSAL_MAIL_MESSAGES[outcome.status === "timeout" ? "slow" : "failed"],
      });
  }
}

/** "Chose Architectural shingles, Gutter guards" or "3 options, 2 add-ons"; null for a proposal without choices. */
function choiceLine(content: ProposalContent, p: Proposal): string | null {
  if (!hasChoices(content)) return null;
  const chosen = p.acceptedAt ? acceptedChoice(content, p) : null;
  if (chosen) return `Chose ${[`${chosen.option.name} shingles`, ...chosen.addOns.map((a) => a.label)].join(", ")}`;
  const options = proposalOptions(content).length;
  const addOns = content.addOns?.length ?? 0;
  return [`${options} option${options === 1 ? "" : "s"}`, addOns ? `${addOns} add-on${addOns === 1 ? "" : "s"}` : null]
    .filter(Boolean)
    .join(", ");
}

/** The lead page's list: each proposal sent, newest first, as staff read it. */
export function leadProposalsView(leadId: number, now = new Date()) {
  const proposals = listLeadProposals(leadId);
  const mails = listMails(["proposal", "proposal-accepted"], { proposalIds: proposals.map((p) => p.id) });
  const toHomeowner = latestBy(
    mails.filter((m) => m.kind === "proposal"),
    (m) => m.proposalId,
  );
  const toOwner = latestBy(
    mails.filter((m) => m.kind === "proposal-accepted"),
    (m) => m.proposalId,
  );
  // Mailed to the lead's address as it is now (a lead staff wrote down may have none): texted
  // instead when the lead has none and takes texts.
  const email = getLead(leadId)?.email ?? "";
  const texts = textedInsteadOfMail({ id: leadId, email });
  return proposals.map((p) => {
    const content = proposalContent(p);
    const mailed = toHomeowner.get(p.id) ?? findMail("proposal", { proposalId: p.id }, "text");
    const state = proposalState(p, now);
    const standing = proposalStanding(state, mailed?.state === "sent" || mailed?.state === "pending");
    return {
      id: p.id,
      sentAt: formatKansasDateTime(p.createdAt),
      /** "Made by Kim Ruiz" (lib/by-line.ts); null for one from before accounts. */
      madeBy: byLine("Made", personName(p.sender)),
      total: formatCents(p.totalCents),
      validUntil: formatDay(content.validUntil),
      state,
      /** The badge: the state, or "Not sent yet" for an open one not emailed. */
      standing,
      standingLabel: PROPOSAL_STANDING_LABELS[standing],
      /** With options or add-ons (decision 0108): what was offered, or once accepted what was chosen. */
      choice: choiceLine(content, p),
      acceptedBy: p.acceptedName,
      acceptedAt: p.acceptedAt ? formatKansasDateTime(p.acceptedAt) : null,
      acceptedIp: p.acceptedIp,
      ownerMail: toOwner.get(p.id)?.state ?? null,
      /** The proposal's mail to the homeowner, if staff sent it: where it stands, in words. */
      homeownerMail: mailed
        ? {
            ...mailView(mailed),
            line: emailedLine(
              mailed,
              mailed.state === "skipped" ? PROPOSAL_MAIL_MESSAGES.notSent : mailStateLabel(mailed),
            ),
          }
        : null,
      /** Who "Email to" mails: an open proposal of a lead with an email. */
      emailTo: state === "open" && email.includes("@") ? { name: content.customer.name, email } : null,
      /** Who "Text to" texts: an open proposal of a lead without an email who takes texts. */
      textTo: state === "open" && texts ? { name: content.customer.name } : null,
      pdf: href("/admin/leads/:id/proposals/:pid.pdf", { id: String(leadId), pid: String(p.id) }),
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
  const missing = estimate ? unexplainedMissing(estimate) : [];
  // Each shingle line as an option of this estimate, and the owner's add-ons, for staff to tick.
  const pricing = getSetting("pricing");
  const addOns = getSetting("proposalAddOns").items;
  const all = estimate
    ? buildOffer(estimate, measuredLeadRoof(leadId)?.roof ?? null, pricing, addOns, {
        tiers: [...SHINGLE_TIERS],
        addOns: [],
        hideUnitPrices: false,
      }).options
    : [];
  return {
    estimateTotal: estimate ? formatCents(estimate.totalCents) : null,
    offer: {
      tiers: all.map((o) => ({
        tier: o.tier,
        name: o.name,
        total: formatCents(o.totalCents),
        own: o.tier === estimate?.tier,
      })),
      addOns: addOns.map((a, i) => ({ index: i, label: a.label, price: formatCents(a.cents) })),
    },
    // What the terms will state, worked out as buildProposalContent does when it is sent.
    factLines: estimate ? factTermsLines(frozenFacts(estimate.totalCents, proposalTermsFacts(leadId))) : [],
    blocked: accepted ? PROPOSAL_MESSAGES.alreadyAccepted : missing.length ? missingMaterialsMessage(missing) : null,
    defaults: getSetting("proposal"),
  };
}
export type ProposalOffer = ReturnType<typeof proposalFormView>["offer"];
