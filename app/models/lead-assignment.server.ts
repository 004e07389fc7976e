import { and, eq, gt, inArray, isNull, lt, ne, or, type SQL } from "drizzle-orm";
import { leadPhotos, leads, users, visits } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { writeLeadHistory } from "./lead-history.server";
import { filterAssignee, personName, type Assignable, type WhoFilter } from "~/lib/lead-assignment";
import type { Role } from "~/lib/roles";
import { getDb, inTransaction } from "~/server/db.server";

// Who looks after a lead (decision 0053): the team to choose from, the assignment and its
// history entry, and the conditions the Leads list and the Pipeline add to their queries
// (the SQL twins of lib/lead-assignment.ts's maySeeLead and filterAssignee).

export type Assignee = { id: number; name: string };

/** Everyone a lead can be given to: the team, not removed people, by name. */
export function listAssignees(): Assignee[] {
  return getDb()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(isNull(users.removedAt))
    .all()
    .map((u) => ({ id: u.id, name: personName(u) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Names of these people (removed ones too: a lead may still be theirs), by id. */
export function assigneeNames(ids: readonly (number | null)[]): Map<number, string> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = getDb()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted))
    .all();
  return new Map(rows.map((u) => [u.id, personName(u)]));
}

export type AssignOutcome = "assigned" | "unchanged" | "no-lead" | "no-person" | "refused";

/**
 * Gives a lead to a person (`to`, a user id; null: nobody) and writes "Assigned to Kim" in its
 * history by `by`, in one transaction. `mayMove(from)` is asked with the assignee the lead has
 * at that moment (the crew may only take a free lead or give back their own).
 */
export function assignLead(
  id: number,
  to: number | null,
  by: Actor,
  mayMove: (from: number | null) => boolean = () => true,
): AssignOutcome {
  return inTransaction(() => {
    const db = getDb();
    const lead = db.select({ assigneeId: leads.assigneeId }).from(leads).where(eq(leads.id, id)).get();
    if (!lead) return "no-lead";
    if (!mayMove(lead.assigneeId)) return "refused";
    if (to !== null) {
      const person = db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, to), isNull(users.removedAt)))
        .get();
      if (!person) return "no-person";
    }
    if (lead.assigneeId === to) return "unchanged";
    db.update(leads).set({ assigneeId: to }).where(eq(leads.id, id)).run();
    writeLeadHistory({ leadId: id, kind: "assigned", subjectId: to }, by);
    return "assigned";
  });
}

/**
 * The people with a visit on each of these leads, not cancelled (lib/lead-assignment.ts
 * Assignable's visitorIds), by lead id; a lead nobody is sent to has an empty list.
 */
export function leadVisitors(ids: readonly number[]): Map<number, number[]> {
  const wanted = [...new Set(ids)];
  const found = new Map(wanted.map((id) => [id, [] as number[]]));
  if (!wanted.length) return found;
  const rows = getDb()
    .selectDistinct({ leadId: visits.leadId, userId: visits.assigneeId })
    .from(visits)
    .where(and(inArray(visits.leadId, wanted), isNull(visits.cancelledAt)))
    .all();
  for (const { leadId, userId } of rows) if (userId !== null) found.get(leadId)?.push(userId);
  return found;
}

/** A lead row with who is sent to it: what maySeeLead asks of it. */
export function withVisitors<L extends { id: number }>(lead: L): L & { visitorIds: number[] } {
  return { ...lead, visitorIds: leadVisitors([lead.id]).get(lead.id) ?? [] };
}

/**
 * The leads a person may see, as a condition (none: all of them). The crew: their own, those
 * they have a visit on, and the open work nobody has yet (lib/lead-assignment.ts maySeeLead).
 */
export function visibleTo(user: { role: Role; userId: number }): SQL | undefined {
  if (user.role !== "crew") return undefined;
  return or(
    eq(leads.assigneeId, user.userId),
    // Sent there by a visit (a cancelled one sends nobody). A rowid IN (…), so the OR stays a
    // union of index ranges, never a pass over every lead.
    inArray(
      leads.id,
      getDb()
        .select({ id: visits.leadId })
        .from(visits)
        .where(and(eq(visits.assigneeId, user.userId), isNull(visits.cancelledAt))),
    ),
    and(isNull(leads.assigneeId), isNull(leads.archivedAt), ne(leads.status, "lost"), isNull(leads.completedAt)),
  );
}

/** The Leads/Pipeline filter by person, as a condition (none: anyone's). */
export function keptBy(who: WhoFilter, me: { role: Role; userId: number }): SQL | undefined {
  const assignee = filterAssignee(who, me);
  if (assignee === undefined) return undefined;
  return assignee === null ? isNull(leads.assigneeId) : eq(leads.assigneeId, assignee);
}

/** Who looks after a lead, by name (null: nobody). */
export function assigneeOf(id: number): Assignee | null {
  const row = getDb()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.assigneeId))
    .where(eq(leads.id, id))
    .get();
  return row ? { id: row.id, name: personName(row) } : null;
}

/** The leads a page lists for `me`: what they may see, narrowed by the filter by person. */
export function leadsFor(me: { role: Role; userId: number }, who: WhoFilter): SQL | undefined {
  return and(visibleTo(me), keptBy(who, me));
}

/**
 * The lead a private photo belongs to (its stored name, or one of its smaller copies,
 * "<name>-w480.webp"), as far as who may see it goes; undefined for a file that is no lead's.
 */
export function photoLead(name: string): Assignable | undefined {
  const variant = /^(.+)-w\d+\.webp$/.exec(name);
  const base = variant?.[1];
  const named = base
    ? or(
        eq(leadPhotos.storedName, name),
        and(gt(leadPhotos.storedName, `${base}.`), lt(leadPhotos.storedName, `${base}/`)),
      )
    : eq(leadPhotos.storedName, name);
  const lead = getDb()
    .select({
      id: leads.id,
      assigneeId: leads.assigneeId,
      archivedAt: leads.archivedAt,
      status: leads.status,
      completedAt: leads.completedAt,
    })
    .from(leadPhotos)
    .innerJoin(leads, eq(leads.id, leadPhotos.leadId))
    .where(named)
    .get();
  return lead && withVisitors(lead);
}
