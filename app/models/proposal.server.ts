import { and, desc, eq, gt, isNotNull, isNull, ne } from "drizzle-orm";
import { leads, proposalLinks, proposals, users, type Proposal } from "~/db/schema";
import type { AccountName } from "~/lib/by-line";
import { statusAfterProposal } from "~/lib/lead-status";
import type { ProposalContent } from "~/lib/proposal";
import type { ProposalChoice } from "~/lib/proposal-choice";
import { getDb, inTransaction } from "~/server/db.server";
import { lockCurrentEstimate } from "./estimate.server";
import { createDepositDraft } from "./invoice.server";
import { enqueueMail } from "./outbox.server";
import { getSetting } from "./settings.server";
import { systemActor, type Actor } from "~/lib/actor";
import { writeLeadHistory } from "./lead-history.server";

/** Who the history names for what the homeowner did through the link. */
export const HOMEOWNER_AUTHOR = "Homeowner (proposal link)";

/** The lead's accepted proposal, if it accepted one. */
export const acceptedOf = (leadId: number) =>
  getDb()
    .select({ id: proposals.id, acceptedAt: proposals.acceptedAt })
    .from(proposals)
    .where(and(eq(proposals.leadId, leadId), isNotNull(proposals.acceptedAt)))
    .get();

/** The lead's proposals a homeowner could still accept: not accepted, not withdrawn, not expired. */
const openOf = (leadId: number, now: Date) =>
  and(
    eq(proposals.leadId, leadId),
    isNull(proposals.acceptedAt),
    isNull(proposals.withdrawnAt),
    gt(proposals.expiresAt, now),
  );

/**
 * Withdraws the lead's open proposals (but `keep`): their links answer "replaced". How many.
 * An expired one is left alone: it is already closed, and its PDF stays the homeowner's to keep.
 */
function withdrawOthers(leadId: number, now: Date, keep?: number): number {
  return getDb()
    .update(proposals)
    .set({ withdrawnAt: now })
    .where(and(openOf(leadId, now), keep === undefined ? undefined : ne(proposals.id, keep)))
    .run().changes;
}

/** Whether the lead has a proposal the homeowner could accept now. */
export function hasOpenProposal(leadId: number, now = new Date()): boolean {
  return !!getDb().select({ id: proposals.id }).from(proposals).where(openOf(leadId, now)).get();
}

/**
 * The estimate changed while a proposal made from it was open: that proposal is withdrawn
 * (decision 0032), so whatever a homeowner accepts is what the estimate says at that moment.
 * A history entry says so. How many were withdrawn.
 */
export function withdrawForChangedEstimate(leadId: number, by: Actor, now = new Date()): number {
  return inTransaction(() => {
    const withdrawn = withdrawOthers(leadId, now);
    if (withdrawn) writeLeadHistory({ leadId, kind: "proposal-withdrawn" }, by, now);
    return withdrawn;
  });
}

/**
 * Stores a proposal, withdraws the lead's earlier ones still open (one live proposal at a
 * time, decision 0032) and moves the lead to Quoted (statusAfterProposal: a Won or Lost
 * lead stays), with a history entry, in one transaction. Undefined for an unknown lead;
 * "accepted" when the lead already accepted one (it stands: no other may be sent).
 */
export function insertProposal(
  input: { leadId: number; tokenHash: string; content: ProposalContent; expiresAt: Date },
  by: Actor,
  now = new Date(),
): Proposal | "accepted" | undefined {
  return inTransaction(() => {
    const db = getDb();
    const lead = db.select({ status: leads.status }).from(leads).where(eq(leads.id, input.leadId)).get();
    if (!lead) return undefined;
    if (acceptedOf(input.leadId)) return "accepted" as const;
    const replaced = withdrawOthers(input.leadId, now);
    const { tokenHash, ...fields } = input;
    const proposal = db
      .insert(proposals)
      .values({ ...fields, totalCents: input.content.totalCents, createdAt: now, sentBy: by.id })
      .returning()
      .get();
    addProposalLink(proposal.id, tokenHash, now);
    const next = statusAfterProposal(lead.status);
    if (next !== lead.status) db.update(leads).set({ status: next }).where(eq(leads.id, input.leadId)).run();
    // The link staff copy; mailing the proposal adds a link of its own (decision 0038).
    writeLeadHistory(
      {
        leadId: input.leadId,
        kind: "proposal-created",
        amountCents: input.content.totalCents,
        detail: input.content.validUntil,
        count: replaced || null,
        statusFrom: next !== lead.status ? lead.status : null,
        statusTo: next !== lead.status ? next : null,
      },
      by,
      now,
    );
    return proposal;
  });
}

/** A lead's proposals, newest first, each with the account that made it (null: from before accounts). */
export function listLeadProposals(leadId: number): (Proposal & { sender: AccountName | null })[] {
  return getDb()
    .select({ proposal: proposals, sender: { name: users.name, email: users.email } })
    .from(proposals)
    .leftJoin(users, eq(proposals.sentBy, users.id))
    .where(eq(proposals.leadId, leadId))
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .all()
    .map(({ proposal, sender }) => ({ ...proposal, sender }));
}

/** One of a lead's proposals (the id alone is not enough: it must be this lead's). */
export function getLeadProposal(leadId: number, id: number): Proposal | undefined {
  return getDb()
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, id), eq(proposals.leadId, leadId)))
    .get();
}

/** The proposal one of its links opens (decision 0038). */
export function findProposalByTokenHash(tokenHash: string): Proposal | undefined {
  return getDb()
    .select({ proposal: proposals })
    .from(proposalLinks)
    .innerJoin(proposals, eq(proposals.id, proposalLinks.proposalId))
    .where(eq(proposalLinks.tokenHash, tokenHash))
    .get()?.proposal;
}

/** Another link to the proposal: only its token's hash is kept. */
export function addProposalLink(proposalId: number, tokenHash: string, now = new Date()) {
  getDb().insert(proposalLinks).values({ proposalId, tokenHash, createdAt: now }).run();
}

/**
 * The homeowner accepts (with what he chose, checked and totaled by the caller; none: the
 * default option as sent): recorded only while the proposal is open, not withdrawn and the
 * lead's only accepted one (a second accept, one after the expiry or of a replaced one
 * changes nothing and returns undefined). The lead is Won with "Accepted by <name>" in its
 * history, its other proposals are withdrawn, its estimate is locked, and the owner's mail
 * (and the homeowner's signed copy) wait in the outbox, all in the same transaction.
 */
export function recordAcceptance(
  id: number,
  acceptance: { name: string; ip: string; chosen?: { choice: ProposalChoice; totalCents: number } },
  now: Date,
): Proposal | undefined {
  return inTransaction(() => {
    const db = getDb();
    const target = db.select({ leadId: proposals.leadId }).from(proposals).where(eq(proposals.id, id)).get();
    // One accepted proposal per lead: none after another (older data may hold two open at once).
    if (!target || acceptedOf(target.leadId)) return undefined;
    const accepted = db
      .update(proposals)
      // What the job is worth from now on is the total of what he chose (decision 0108): the
      // deposit invoice below, the job value and the pipeline all read it.
      .set({
        acceptedAt: now,
        acceptedName: acceptance.name,
        acceptedIp: acceptance.ip,
        ...(acceptance.chosen && {
          chosenOption: acceptance.chosen.choice.option,
          chosenAddOns: acceptance.chosen.choice.addOns,
          totalCents: acceptance.chosen.totalCents,
        }),
      })
      .where(
        and(
          eq(proposals.id, id),
          isNull(proposals.acceptedAt),
          isNull(proposals.withdrawnAt),
          gt(proposals.expiresAt, now),
        ),
      )
      .returning()
      .get();
    if (!accepted) return undefined;
    withdrawOthers(accepted.leadId, now, accepted.id);
    lockCurrentEstimate(accepted.leadId, now);
    // The deposit's draft invoice, in this transaction: one per acceptance. An insurance job's
    // terms asked none: its bills are the claim's (the deductible, the carrier's payments).
    if (!(accepted.content as ProposalContent).claim) createDepositDraft(accepted, now);
    const lead = db
      .select({ status: leads.status, email: leads.email })
      .from(leads)
      .where(eq(leads.id, accepted.leadId))
      .get();
    if (lead && lead.status !== "won")
      db.update(leads).set({ status: "won", lostReason: null }).where(eq(leads.id, accepted.leadId)).run();
    writeLeadHistory(
      {
        leadId: accepted.leadId,
        kind: "proposal-accepted",
        detail: acceptance.name,
        statusFrom: lead && lead.status !== "won" ? lead.status : null,
        statusTo: lead && lead.status !== "won" ? "won" : null,
      },
      systemActor(HOMEOWNER_AUTHOR),
      now,
    );
    enqueueMail(
      {
        kind: "proposal-accepted",
        leadId: accepted.leadId,
        proposalId: accepted.id,
        recipient: getSetting("contact").notificationEmail,
      },
      now,
    );
    // The homeowner's own signed copy, when there is an address to send it to.
    if (lead?.email.includes("@"))
      enqueueMail(
        { kind: "proposal-signed", leadId: accepted.leadId, proposalId: accepted.id, recipient: lead.email },
        now,
      );
    return accepted;
  });
}
