import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { leads, users, visits, type Visit } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { personName, type Assignable } from "~/lib/lead-assignment";
import { statusAfterBooking } from "~/lib/lead-status";
import type { Role } from "~/lib/roles";
import type { VisitKind } from "~/lib/visit-kinds";
import { upcomingVisits } from "~/lib/visit-time";
import { leadVisitors, visibleTo } from "~/models/lead-assignment.server";
import { writeLeadHistory, type NewHistoryEntry } from "~/models/lead-history.server";
import { moveLeadOn } from "~/models/lead.server";
import { getDb, inTransaction } from "~/server/db.server";

// The schedule: visits and work days of a lead, stored as the instant each starts.
// `sequence` counts the changes a homeowner's calendar must see (a move, a cancellation),
// so the .ics of each mail replaces the event it already has.

export type VisitTimes = { startsAt: Date; durationMinutes: number; assigneeId: number | null; note: string | null };
export type NewVisit = VisitTimes & { leadId: number; kind: VisitKind; createdBy: number | null };

/** Whether a person can be sent: on the team, not removed. */
function isTeamMember(id: number): boolean {
  return !!getDb()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.removedAt)))
    .get();
}

/** A line in the lead's history about its schedule: the visit, and when it was to start then. */
function noteOnLead(
  visit: Visit,
  kind: "visit-booked" | "visit-moved" | "visit-length-changed" | "visit-canceled",
  by: Actor,
  now: Date,
  more: Partial<NewHistoryEntry> | null = null,
) {
  writeLeadHistory({ leadId: visit.leadId, kind, visitId: visit.id, visitStartsAt: visit.startsAt, ...more }, by, now);
}

/** Books a visit on a lead, and says so in its history; a New or Contacted lead is Visit scheduled now, in the same entry. */
export function addVisit(visit: NewVisit, by: Actor, now = new Date()): Visit | "no-lead" | "no-person" {
  return inTransaction(() => {
    const db = getDb();
    if (!db.select({ id: leads.id }).from(leads).where(eq(leads.id, visit.leadId)).get()) return "no-lead";
    if (visit.assigneeId !== null && !isTeamMember(visit.assigneeId)) return "no-person";
    const added = db
      .insert(visits)
      .values({ ...visit, createdAt: now, updatedAt: now })
      .returning()
      .get();
    noteOnLead(added, "visit-booked", by, now, moveLeadOn(visit.leadId, statusAfterBooking));
    return added;
  });
}

/** A visit of this lead (cancelled ones too). */
export function findLeadVisit(leadId: number, visitId: number): Visit | undefined {
  return getDb()
    .select()
    .from(visits)
    .where(and(eq(visits.id, visitId), eq(visits.leadId, leadId)))
    .get();
}

/**
 * `moved`: it starts at another time; `timeChanged`: it starts or ends at another time (a new
 * length alone is not a move); `changed`: anything was saved.
 */
export type MoveOutcome =
  { visit: Visit; moved: boolean; timeChanged: boolean; changed: boolean } | "no-visit" | "cancelled" | "no-person";

/**
 * Saves a visit's time, length, who goes and note. A new start or length is a change the
 * homeowner's calendar must see (the sequence goes up); a new start also wants a new
 * reminder (the one queued for the old day no longer counts). `history` words the entry
 * for a new start or length.
 */
export function moveVisit(leadId: number, visitId: number, to: VisitTimes, by: Actor, now = new Date()): MoveOutcome {
  return inTransaction(() => {
    const visit = findLeadVisit(leadId, visitId);
    if (!visit) return "no-visit";
    if (visit.cancelledAt) return "cancelled";
    if (to.assigneeId !== null && to.assigneeId !== visit.assigneeId && !isTeamMember(to.assigneeId))
      return "no-person";
    const moved = visit.startsAt.getTime() !== to.startsAt.getTime();
    const timeChanged = moved || visit.durationMinutes !== to.durationMinutes;
    const changed = timeChanged || visit.assigneeId !== to.assigneeId || (visit.note ?? null) !== to.note;
    if (!changed) return { visit, moved, timeChanged, changed };
    const saved = getDb()
      .update(visits)
      .set({
        ...to,
        updatedAt: now,
        ...(timeChanged ? { sequence: visit.sequence + 1 } : {}),
        ...(moved ? { reminderQueuedAt: null } : {}),
      })
      .where(eq(visits.id, visit.id))
      .returning()
      .get();
    // A new length alone is not a move: the homeowner is told the visit now takes longer or less.
    if (moved) noteOnLead(saved, "visit-moved", by, now);
    else if (timeChanged) noteOnLead(saved, "visit-length-changed", by, now, { count: saved.durationMinutes });
    return { visit: saved, moved, timeChanged, changed };
  });
}

/** Calls a visit off (kept, marked cancelled: its mails and the calendar's CANCEL refer to it). */
export function cancelVisit(
  leadId: number,
  visitId: number,
  by: Actor,
  now = new Date(),
): Visit | "no-visit" | "already" {
  return inTransaction(() => {
    const visit = findLeadVisit(leadId, visitId);
    if (!visit) return "no-visit";
    if (visit.cancelledAt) return "already";
    const cancelled = getDb()
      .update(visits)
      .set({ cancelledAt: now, sequence: visit.sequence + 1, updatedAt: now })
      .where(eq(visits.id, visit.id))
      .returning()
      .get();
    noteOnLead(cancelled, "visit-canceled", by, now);
    return cancelled;
  });
}

export type VisitRow = Visit & { assigneeName: string | null };

const assigneeColumns = { assigneeName: users.name, assigneeEmail: users.email };
const withName = <T extends { assigneeName: string | null; assigneeEmail: string | null }>({
  assigneeName,
  assigneeEmail,
  ...row
}: T) => ({
  ...row,
  assigneeName: assigneeEmail === null ? null : personName({ name: assigneeName ?? "", email: assigneeEmail }),
});

/** A lead's visits, soonest first, cancelled ones included (the page shows them struck through). */
export function listLeadVisits(leadId: number): VisitRow[] {
  return getDb()
    .select({ visit: visits, ...assigneeColumns })
    .from(visits)
    .leftJoin(users, eq(users.id, visits.assigneeId))
    .where(eq(visits.leadId, leadId))
    .orderBy(asc(visits.startsAt), asc(visits.id))
    .all()
    .map(({ visit, ...names }) => withName({ ...visit, ...names }));
}

/** The lead's visits not cancelled that have not ended yet, soonest first (the homeowner's job page). */
export function listUpcomingLeadVisits(leadId: number, now = new Date(), limit = 5): VisitRow[] {
  return upcomingVisits(listLeadVisits(leadId), now, limit);
}

export type ScheduledVisit = VisitRow & {
  lead: {
    id: number;
    name: string;
    street: string | null;
    city: string | null;
    zip: string | null;
    phone: string | null;
  } & Assignable;
};

/** Visits with their lead and who goes, in time order, for a schedule. */
function scheduledVisits(where: SQL | undefined, limit?: number): ScheduledVisit[] {
  const query = getDb()
    .select({
      visit: visits,
      ...assigneeColumns,
      lead: {
        id: leads.id,
        name: leads.name,
        street: leads.street,
        city: leads.city,
        zip: leads.zip,
        phone: leads.phone,
        assigneeId: leads.assigneeId,
        archivedAt: leads.archivedAt,
        status: leads.status,
        completedAt: leads.completedAt,
      },
    })
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .leftJoin(users, eq(users.id, visits.assigneeId))
    .where(and(isNull(visits.cancelledAt), where))
    .orderBy(asc(visits.startsAt), asc(visits.id));
  const rows = limit === undefined ? query.all() : query.limit(limit).all();
  const visitors = leadVisitors(rows.map((r) => r.lead.id));
  return rows.map(({ visit, lead, ...names }) => ({
    ...withName({ ...visit, ...names }),
    lead: { ...lead, visitorIds: visitors.get(lead.id) ?? [] },
  }));
}

/**
 * The visits starting in [from, to), not cancelled, of the leads this person may see (the
 * crew: their own leads and the free ones, decision 0053), and always the visits given to
 * them, whatever became of the lead: a work day booked for someone stays on his schedule
 * when the office marks the job completed.
 */
export function listVisitsBetween(from: Date, to: Date, user: { role: Role; userId: number }): ScheduledVisit[] {
  const theirs = visibleTo(user);
  return scheduledVisits(
    and(gte(visits.startsAt, from), lt(visits.startsAt, to), theirs && or(theirs, eq(visits.assigneeId, user.userId))),
  );
}

/** The next visits given to this person that have not ended (`from`: now), soonest first, whatever the lead's state. */
export function listVisitsGivenTo(userId: number, from: Date, limit: number): ScheduledVisit[] {
  return scheduledVisits(
    and(
      eq(visits.assigneeId, userId),
      // Still under way counts: a work day that began at 8 is today's work at noon.
      sql`${visits.startsAt} + ${visits.durationMinutes} * 60000 > ${from.getTime()}`,
    ),
    limit,
  );
}

/** The visits this person is sent to, starting in [from, to), not cancelled (their calendar feed). */
export function listAssignedVisits(userId: number, from: Date, to: Date): ScheduledVisit[] {
  return scheduledVisits(and(eq(visits.assigneeId, userId), gte(visits.startsAt, from), lt(visits.startsAt, to)));
}

/** What a homeowner's mail about a visit needs: the visit, its lead and who comes. */
export function visitForMail(visitId: number) {
  const row = getDb()
    .select({
      visit: visits,
      ...assigneeColumns,
      lead: {
        id: leads.id,
        name: leads.name,
        email: leads.email,
        street: leads.street,
        city: leads.city,
        zip: leads.zip,
      },
    })
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .leftJoin(users, eq(users.id, visits.assigneeId))
    .where(eq(visits.id, visitId))
    .get();
  if (!row) return undefined;
  const { visit, lead, ...names } = row;
  return { ...withName({ ...visit, ...names }), lead };
}

/**
 * The visits starting in [from, to) whose reminder has not been queued, not cancelled, of a
 * lead with an email address or agreed to texts (`email` may be empty: its text alone). The
 * caller marks those it reminds (markRemindersQueued) in the same transaction, so a second
 * tick (or a second server) never queues one again.
 */
export function dueReminders(from: Date, to: Date): { id: number; leadId: number; email: string }[] {
  return getDb()
    .select({ id: visits.id, leadId: visits.leadId, email: leads.email })
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .where(
      and(
        gte(visits.startsAt, from),
        lt(visits.startsAt, to),
        isNull(visits.cancelledAt),
        isNull(visits.reminderQueuedAt),
        or(ne(sql`trim(${leads.email})`, ""), isNotNull(leads.textConsentAt)),
      ),
    )
    .all();
}

/** These visits' reminders are queued (for their start as it is now: a move clears it). */
export function markRemindersQueued(visitIds: number[], now: Date) {
  if (!visitIds.length) return;
  getDb().update(visits).set({ reminderQueuedAt: now }).where(inArray(visits.id, visitIds)).run();
}
