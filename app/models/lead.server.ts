import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { leadPhotos, leads, estimates, leadNotes, visits, type Lead } from "~/db/schema";
import { jobValueCents } from "~/lib/job-value";
import { jobValueColumns, jobValueJoin } from "./job-value.server";
import { CONTACT_SUBJECT } from "~/lib/contact-form";
import type { ContactInput } from "~/lib/contact-schema";
import {
  isClosed,
  JOB_MESSAGES,
  LEAD_STATUSES,
  statusAfterMeasurement,
  type LeadSource,
  type LeadStatus,
  type LeadUpdate,
} from "~/lib/lead-status";
import { refusal, type Refusal } from "~/lib/refusal";
import { getDb, inTransaction } from "~/server/db.server";
import { PHONE_CALL_SUBJECT, type ManualLeadInput } from "~/lib/manual-lead";
import type { PhotoFile } from "~/models/lead-photo.server";
import { enqueueMail, queueText } from "~/models/outbox.server";
import { getSetting } from "~/models/settings.server";
import type { Actor } from "~/lib/actor";
import { writeLeadHistory } from "~/models/lead-history.server";

/** The spec's four fields; what a quote request adds (service, address, way to reach) is optional. */
export type NewLead = Pick<ContactInput, "name" | "email" | "phone" | "message"> & Partial<ContactInput>;

/**
 * Stored before any mail is attempted: a lead is never lost to a mail failure. The lead,
 * its photos' rows and its notification are one transaction: all or none.
 */
export function createLead(input: NewLead, photos: PhotoFile[] = [], source: LeadSource = "website"): Lead {
  return inTransaction(() => {
    const { textConsent, ...fields } = input;
    const lead = getDb()
      .insert(leads)
      .values({ ...fields, source, subject: CONTACT_SUBJECT, textConsentAt: textConsent ? new Date() : null })
      .returning()
      .get();
    if (photos.length) {
      getDb()
        .insert(leadPhotos)
        .values(photos.map((p) => ({ ...p, leadId: lead.id })))
        .run();
    }
    // The owner's notification waits in the outbox with it (decision 0037).
    enqueueMail({ kind: "lead-notification", leadId: lead.id, recipient: getSetting("contact").notificationEmail });
    // "We got your request" by text goes at once, not after the owner's notice as the mail does.
    queueText({ kind: "lead-autoreply", leadId: lead.id });
    return lead;
  });
}

export function listLeads({ archived = false } = {}): Lead[] {
  return getDb()
    .select()
    .from(leads)
    .where(archived ? isNotNull(leads.archivedAt) : isNull(leads.archivedAt))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .all();
}

export function listAllLeads(): Lead[] {
  return getDb().select().from(leads).orderBy(desc(leads.createdAt), desc(leads.id)).all();
}

export function getLead(id: number): Lead | undefined {
  return getDb().select().from(leads).where(eq(leads.id, id)).get();
}

export function markRead(id: number, read = true) {
  getDb()
    .update(leads)
    .set({ readAt: read ? new Date() : null })
    .where(eq(leads.id, id))
    .run();
}

export function setArchived(id: number, archived: boolean) {
  getDb()
    .update(leads)
    .set({ archivedAt: archived ? new Date() : null })
    .where(eq(leads.id, id))
    .run();
}

/**
 * Saves a lead's status, follow-up day and a note, and writes its history in the same
 * transaction: a change of status is an entry (from, to), a note another. Undefined for an
 * unknown lead; otherwise whether anything changed.
 */
export function updateLead(id: number, update: LeadUpdate, by: Actor): boolean | undefined {
  return inTransaction(() => {
    const db = getDb();
    const lead = db.select().from(leads).where(eq(leads.id, id)).get();
    if (!lead) return undefined;
    const statusChanged = lead.status !== update.status;
    const changed =
      statusChanged ||
      lead.lostReason !== update.lostReason ||
      lead.followUpOn !== update.followUpOn ||
      update.note !== null;
    if (!changed) return false;
    db.update(leads)
      .set({ status: update.status, lostReason: update.lostReason, followUpOn: update.followUpOn })
      .where(eq(leads.id, id))
      .run();
    if (statusChanged || update.note) {
      writeLeadHistory(
        {
          leadId: id,
          body: update.note,
          statusFrom: statusChanged ? lead.status : null,
          statusTo: statusChanged ? update.status : null,
        },
        by,
      );
    }
    return true;
  });
}

/**
 * A lead staff wrote down (a phone call). It is stored read (staff wrote it), with both
 * mails "skipped": the mail queue only ever takes "pending" ones, so neither the owner's
 * notification nor an auto-reply goes out for it. Its first history entry, "Added by
 * hand" by `by` at the status it starts with, is written in the same transaction.
 * `assignee`: who has it from the start (the crew member who took the call keeps it).
 */
export function createManualLead(input: ManualLeadInput, by: Actor, assignee: number | null = null) {
  const { textConsent, ...fields } = input;
  return inTransaction(() =>
    insertStaffLead(
      {
        ...fields,
        source: "phone",
        subject: PHONE_CALL_SUBJECT,
        assigneeId: assignee,
        textConsentAt: textConsent ? new Date() : null,
      },
      by,
      "added-by-hand",
    ),
  );
}

/**
 * A lead staff wrote themselves (a call, a roof measured on the spot): no mail is ever sent
 * for it, nobody needs to read it, and its history starts with `note` and who wrote it.
 * Call inside a transaction.
 */
function insertStaffLead(
  values: Omit<typeof leads.$inferInsert, "readAt">,
  by: Actor,
  kind: "added-by-hand" | "added-in-roof-tool",
) {
  const db = getDb();
  const lead = db
    .insert(leads)
    .values({ ...values, readAt: new Date() })
    .returning()
    .get();
  writeLeadHistory({ leadId: lead.id, kind, statusTo: lead.status }, by);
  return lead;
}

// SQLite uses a partial index only for a query that names its terms as they are written
// there (schema.ts: leads_open_status_idx, on archived_at is null), literals and all: hence
// sql`` and no parameters. The dashboard lists the rows these count.
const OPEN_STATUSES = sql.raw(
  LEAD_STATUSES.filter((s) => !isClosed(s))
    .map((s) => `'${s}'`)
    .join(", "),
);
/** A lead nobody has moved from New, not archived. */
export const isNewLead = sql`${leads.archivedAt} is null and ${leads.status} = 'new'`;
/** An open lead whose follow-up day has come by `today`: status in (...), not "not in", so the index is read once per open status. */
export const isDueLead = (today: string) =>
  sql`${leads.archivedAt} is null and ${leads.status} in (${OPEN_STATUSES}) and ${leads.followUpOn} <= ${today}`;

/** A history entry moving its lead to Quoted, Won or Lost (the pipeline's and the reports' moves). Named as lead_notes_moves_idx is. */
export const periodMove = sql`${leadNotes.statusTo} in ('quoted', 'won', 'lost')`;

/** A lead with a text from the homeowner nobody has read (archived or not: they wrote to us). Named as leads_unread_reply_idx is. */
export const hasUnreadReply = sql`${leads.unreadReplyAt} is not null`;

/**
 * What is waiting, for the admin's header: leads nobody has moved from New, open leads
 * whose follow-up day has come (today's and late ones), and leads with a reply by text
 * nobody has read. Archived leads count for neither of the first two.
 * Each count a range of an index (leads_open_status_idx, leads_unread_reply_idx): at 20,000
 * leads 0.2 ms, where one pass over every open lead took 6 ms on every admin page.
 */
export function waitingLeads(today: string, where?: SQL): { fresh: number; due: number; replies: number } {
  const counted = (what: SQL) => sql`(select count(*) from ${leads} where ${and(what, where)})`;
  const counts = getDb().get<{ fresh: number; due: number; replies: number }>(
    sql`select ${counted(isNewLead)} as fresh, ${counted(isDueLead(today))} as due, ${counted(hasUnreadReply)} as replies`,
  );
  return { fresh: counts?.fresh ?? 0, due: counts?.due ?? 0, replies: counts?.replies ?? 0 };
}

/** Who a roof customer's lead is: what the roof tool knows of them. */
type RoofCustomerContact = { customerName: string | null; street: string; city: string; zipCode: string | null };

/**
 * The lead of a roof customer staff saved straight in the roof tool (no request before it):
 * every measured roof belongs to a lead, with no email ('' is "none given"). Call inside
 * the roof customer's transaction.
 */
export function insertRoofToolLead(
  customer: RoofCustomerContact,
  measured: boolean,
  by: Actor,
  assignee: number | null = null,
): number {
  const lead = {
    name: customer.customerName || customer.street || "Roof customer",
    email: "",
    message: "Added in the roof tool.",
    subject: "Roof customer",
    street: customer.street || null,
    city: customer.city || null,
    zip: customer.zipCode,
    status: measured ? ("measured" as const) : ("contacted" as const),
    source: "roof_tool" as const,
    assigneeId: assignee,
  };
  return insertStaffLead(lead, by, "added-in-roof-tool").id;
}

/**
 * A measurement was saved for this lead: it is Measured now, unless staff already moved it
 * further (statusAfterMeasurement). The change goes into its history like any other.
 */
export function markLeadMeasured(id: number, by: Actor) {
  const change = moveLeadOn(id, statusAfterMeasurement);
  if (change) writeLeadHistory({ leadId: id, kind: "roof-measured", ...change }, by);
}

/**
 * Moves a lead on by a rule of lib/lead-status (a visit booked, a roof measured). Returns the
 * change for the caller's own history entry, so one entry says both what happened and the
 * new status; null when the lead stays where it is. Call inside the caller's transaction.
 */
export function moveLeadOn(
  id: number,
  next: (current: LeadStatus) => LeadStatus,
): { statusFrom: LeadStatus; statusTo: LeadStatus } | null {
  const db = getDb();
  const lead = db.select({ status: leads.status }).from(leads).where(eq(leads.id, id)).get();
  if (!lead) return null;
  const status = next(lead.status);
  if (status === lead.status) return null;
  db.update(leads).set({ status }).where(eq(leads.id, id)).run();
  return { statusFrom: lead.status, statusTo: status };
}

/**
 * Marks a lead read when staff open its page and it is unread: "Unread" is for a lead nobody
 * has looked at since it came in (or since someone marked it unread to come back to it).
 * An open of a read lead keeps when it was first read.
 */
export function markOpened(id: number, now = new Date()) {
  getDb()
    .update(leads)
    .set({ readAt: now })
    .where(and(eq(leads.id, id), isNull(leads.readAt)))
    .run();
  // Opening the lead is reading its new texts too.
  getDb()
    .update(leads)
    .set({ unreadReplyAt: null })
    .where(and(eq(leads.id, id), isNotNull(leads.unreadReplyAt)))
    .run();
}

/**
 * The leads behind those counts, for the daily summary mail: open, not archived, New or
 * with a follow-up day that has come. lib/lead-digest.ts sorts them into its lists.
 */
export function listWaitingLeads(today: string) {
  const { id, name, service, city, status, followUpOn, createdAt, archivedAt } = leads;
  return getDb()
    .select({ id, name, service, city, status, followUpOn, createdAt })
    .from(leads)
    .where(
      sql`${archivedAt} is null and ${status} not in ('won', 'lost') and (${status} = 'new' or ${followUpOn} <= ${today})`,
    )
    .all();
}

/**
 * What the pipeline page works from: the open (not archived) leads per status with the sum
 * of their values (narrowed by `where`: the crew's scope, the filter by person), and the
 * moves to Quoted, Won or Lost since `since`, each with the parts of the lead's value. A value
 * is the job's one figure (lib/job-value.ts: the accepted proposal plus change orders, else
 * the estimate), read by the same query path as the Leads list and the lead page.
 */
export function pipelineRows(since: Date, where?: SQL) {
  const db = getDb();
  const open = and(sql`${leads.archivedAt} is null`, where);
  // Counted by SQLite: a row per status, whatever the years of leads.
  const counts = db
    .select({ status: leads.status, count: count() })
    .from(leads)
    .where(open)
    .groupBy(leads.status)
    .all();
  // Valued one by one, only the leads that have an estimate (an accepted proposal is made from one).
  const sums = new Map<string, number>();
  const valued = db
    .select({ status: leads.status, ...jobValueColumns })
    .from(leads)
    .innerJoin(estimates, and(eq(estimates.leadId, leads.id), isNull(estimates.supersededAt)))
    .leftJoin(...jobValueJoin)
    .where(open)
    .all();
  for (const { status, ...parts } of valued) {
    const value = jobValueCents(parts);
    if (value !== null) sums.set(status, (sums.get(status) ?? 0) + value);
  }
  const byStatus = counts.map((c) => ({ ...c, totalCents: sums.get(c.status) ?? null }));
  const moves = db
    .select({
      leadId: leadNotes.leadId,
      to: leadNotes.statusTo,
      at: leadNotes.createdAt,
      ...jobValueColumns,
    })
    .from(leadNotes)
    .innerJoin(leads, eq(leads.id, leadNotes.leadId))
    .leftJoin(...jobValueJoin)
    .where(and(periodMove, gte(leadNotes.createdAt, since), where))
    .all()
    .flatMap(({ acceptedCents, changeOrderCents, estimateCents, ...m }) =>
      m.to ? [{ ...m, to: m.to, at: m.at.getTime(), value: { acceptedCents, changeOrderCents, estimateCents } }] : [],
    );
  return { byStatus, moves };
}

/**
 * Marks a won job's work done (or, to undo a slip, not done), with an entry in its history.
 * Undefined for an unknown lead; false when nothing changed or the lead is not Won (only a
 * won job can be completed; undoing is always allowed). Refused, naming the first visit,
 * while visits not canceled start later: the homeowner's page would show
 * work ahead on a finished job and its reminder would still go (decision 0082). `reschedules`:
 * whether the person may cancel or move visits (the refusal tells the crew to ask the office).
 */
export function setJobCompleted(
  id: number,
  completed: boolean,
  by: Actor,
  now = new Date(),
  { reschedules = true }: { reschedules?: boolean } = {},
): boolean | undefined | Refusal {
  return inTransaction(() => {
    const db = getDb();
    const lead = db
      .select({ status: leads.status, completedAt: leads.completedAt })
      .from(leads)
      .where(eq(leads.id, id))
      .get();
    if (!lead) return undefined;
    if (completed === !!lead.completedAt || (completed && lead.status !== "won")) return false;
    if (completed) {
      const ahead = db
        .select({ startsAt: visits.startsAt })
        .from(visits)
        .where(and(eq(visits.leadId, id), isNull(visits.cancelledAt), gt(visits.startsAt, now)))
        .orderBy(asc(visits.startsAt))
        .all();
      if (ahead.length)
        return refusal(
          JOB_MESSAGES.visitsAhead(
            ahead.map((v) => v.startsAt),
            reschedules,
          ),
          { status: 409 },
        );
    }
    db.update(leads)
      .set({ completedAt: completed ? now : null })
      .where(eq(leads.id, id))
      .run();
    writeLeadHistory({ leadId: id, kind: completed ? "job-completed" : "job-reopened" }, by);
    return true;
  });
}

/**
 * Pauses or resumes the overdue invoice reminders for a lead's job (decision 0104), with a
 * history entry naming who, in one transaction. Undefined for an unknown lead; otherwise
 * whether anything changed (pausing a paused job changes nothing and writes nothing).
 */
export function setRemindersPaused(id: number, paused: boolean, by: Actor, now = new Date()): boolean | undefined {
  return inTransaction(() => {
    const lead = getDb().select({ pausedAt: leads.remindersPausedAt }).from(leads).where(eq(leads.id, id)).get();
    if (!lead) return undefined;
    if (paused === !!lead.pausedAt) return false;
    getDb()
      .update(leads)
      .set({ remindersPausedAt: paused ? now : null })
      .where(eq(leads.id, id))
      .run();
    writeLeadHistory({ leadId: id, kind: paused ? "invoice-reminders-paused" : "invoice-reminders-resumed" }, by, now);
    return true;
  });
}
