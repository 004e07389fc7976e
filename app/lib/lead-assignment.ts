import type { LeadStatus } from "./lead-status";
import type { Role } from "./roles";

/**
 * Who looks after a lead (decision 0053), as pure rules: what the crew may see
 * of the leads, who may give a lead to whom, and the Leads and Pipeline filter by person.
 * models/lead-assignment.server.ts asks the same questions of the database.
 */

/** A lead as far as its assignee goes. */
export type Assignable = {
  assigneeId: number | null;
  archivedAt: Date | null;
  status: LeadStatus;
  completedAt: Date | null;
  /** Who has a visit on it (not cancelled): the people sent there, whatever became of the lead. */
  visitorIds: readonly number[];
};

/**
 * Whether a person may see (open, change, look at the photos of) a lead. Owner and office:
 * every lead. The crew: leads given to them, leads they are sent to (a visit given to them:
 * the roofer doing the tear-off needs the job, its roof and its photos, even when the office
 * keeps the lead), and the open work nobody has yet (someone has to pick it up): not
 * archived, not lost, not a job already completed. Someone else's lead, or years of closed
 * ones, are not theirs.
 */
export function maySeeLead(user: { role: Role; userId: number }, lead: Assignable): boolean {
  if (user.role !== "crew") return true;
  if (lead.visitorIds.includes(user.userId)) return true;
  if (lead.assigneeId !== null) return lead.assigneeId === user.userId;
  return lead.archivedAt === null && lead.status !== "lost" && lead.completedAt === null;
}

/**
 * Who keeps a lead a person adds (a phone call, a roof started in the roof tool): a crew
 * member keeps theirs, so it stays among their leads once won or done, when open work
 * nobody has drops out of their lists (decision 0053); the office's is nobody's.
 */
export const assigneeOfNewLead = (user: { role: Role; userId: number }): number | null =>
  user.role === "crew" ? user.userId : null;

/**
 * Whether a person may move a lead from `from` to `to` (user ids; null: nobody). Owner and
 * office give any lead to anyone on the team. The crew takes a lead nobody has, or gives
 * back their own: never someone else's, never to someone else.
 */
export function mayAssign(user: { role: Role; userId: number }, from: number | null, to: number | null): boolean {
  if (user.role !== "crew") return true;
  return (from === null && to === user.userId) || (from === user.userId && to === null);
}

/** The Leads and Pipeline filter by person: everyone's, mine, nobody's, or one person's (a user id). */
export type WhoFilter = { kind: "everyone" } | { kind: "mine" } | { kind: "nobody" } | { kind: "person"; id: number };

export const EVERYONE: WhoFilter = { kind: "everyone" };

/** `?who=` as the filter form sends it: "", "mine", "nobody" or a user id. Anything else is everyone's. */
export function parseWhoFilter(value: string | null): WhoFilter {
  if (value === "mine") return { kind: "mine" };
  if (value === "nobody") return { kind: "nobody" };
  if (value && /^[1-9]\d{0,9}$/.test(value)) return { kind: "person", id: Number(value) };
  return EVERYONE;
}

/** The filter back as its `?who=` value ("" for everyone's). */
export function whoParam(who: WhoFilter): string {
  return who.kind === "person" ? String(who.id) : who.kind === "everyone" ? "" : who.kind;
}

/**
 * The one assignee the filter asks for, for `me`: a user id, null for nobody, undefined for
 * any. The crew picks only among their own and nobody's (others' are not theirs to see).
 */
export function filterAssignee(who: WhoFilter, me: { role: Role; userId: number }): number | null | undefined {
  switch (who.kind) {
    case "mine":
      return me.userId;
    case "nobody":
      return null;
    case "person":
      return me.role === "crew" && who.id !== me.userId ? undefined : who.id;
    case "everyone":
      return undefined;
  }
}

/** A person as lists and histories name them: their name, or their email while they have none. */
export const personName = (person: { name: string; email: string }) => person.name.trim() || person.email;
