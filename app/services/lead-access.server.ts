import type { Lead } from "~/db/schema";
import { maySeeLead, type Assignable } from "~/lib/lead-assignment";
import { withVisitors } from "~/models/lead-assignment.server";
import { getLead } from "~/models/lead.server";
import type { SessionUser } from "~/models/session.server";
import { QUEUED_FOR_ANOTHER, QUEUED_FOR_HEADER } from "~/lib/offline";
import { jsonRefusal, notFound } from "~/server/responses.server";
import { requireRoleOf } from "./access.server";

// Which leads a person may reach (decision 0053), past the role matrix: the crew only the
// leads given to them, those they have a visit on (decision 0098) and the open ones nobody
// has. Every page, form and file of one lead asks.

/** A lead as read for a page, with who is sent to it (lib/lead-assignment.ts maySeeLead). */
export type VisibleLead = Lead & { visitorIds: number[] };

const leadWithVisitors = (id: number): VisibleLead | undefined => {
  const lead = getLead(id);
  return lead && withVisitors(lead);
};

/** Who may open any lead, and give it to anyone: the answer a crew member gets for someone else's. */
const EVERY_LEAD = ["owner", "office"] as const;

/** The 403 for a lead (or a change of assignee) that is not this crew member's. */
export function refuseOthersLead(user: SessionUser, options: { resource?: boolean } = {}): never {
  requireRoleOf(user, EVERY_LEAD, options.resource);
  throw new Error("requireRoleOf let a crew member through");
}

/** The lead, if this person may reach it: 404 when there is none, 403 (owner and office) when it is someone else's. */
export function requireVisibleLead(user: SessionUser, id: number, options: { resource?: boolean } = {}): VisibleLead {
  const lead = leadWithVisitors(id);
  if (!lead) notFound();
  if (!maySeeLead(user, lead)) refuseOthersLead(user, options);
  return lead;
}

/**
 * Before a form is read: a 403 if the lead is someone else's; a lead that is not there is left
 * to the form (its 404). The lead as read, for the action's own use.
 */
export function refuseUnlessVisible(user: SessionUser, id: number): VisibleLead | undefined {
  const lead = leadWithVisitors(id);
  if (lead && !maySeeLead(user, lead)) refuseOthersLead(user);
  return lead;
}

/** A private file of a lead (a photo sent with it, the roof measured for it): a 403 if the lead is someone else's. */
export function refuseOthersFile(user: SessionUser, lead: Assignable | undefined): void {
  if (lead && !maySeeLead(user, lead)) refuseOthersLead(user, { resource: true });
}

/**
 * A saved roof (the roof tool's customer, its report, its CSV): the crew's only when it was
 * measured for a lead they may see; a roof of no lead is the office's.
 */
export function refuseOthersRoof(
  user: SessionUser,
  customer: { leadId: number | null },
  options: { resource?: boolean } = {},
): void {
  if (user.role !== "crew") return;
  const lead = customer.leadId === null ? undefined : leadWithVisitors(customer.leadId);
  if (!lead || !maySeeLead(user, lead)) refuseOthersLead(user, options);
}

/**
 * A phone's queued send names whose photo or note it is (decision 0099): with someone else
 * signed in on that phone it is refused (409), and waits there for its taker, never stored
 * as another person's.
 */
export function refuseQueuedForAnother(request: Request, user: { userId: number }): void {
  const owner = request.headers.get(QUEUED_FOR_HEADER);
  if (owner !== null && owner !== String(user.userId)) throw jsonRefusal(409, QUEUED_FOR_ANOTHER);
}
