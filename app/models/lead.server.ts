import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { leadPhotos, leads, estimates, leadNotes, users, type Lead, type LeadNote } from "~/db/schema";
import { jobValueCents } from "~/lib/job-value";
import { jobValueColumns } from "./job-value.server";
import { CONTACT_SUBJECT } from "~/lib/contact-form";
import type { ContactInput } from "~/lib/contact-schema";
import { isClosed, LEAD_STATUSES, statusAfterMeasurement, type LeadUpdate } from "~/lib/lead-status";
import { getDb, inTransaction } from "~/server/db.server";
import { ADDED_BY_HAND, PHONE_CALL_SUBJECT, type ManualLeadInput } from "~/lib/manual-lead";
import type { PhotoFile } from "~/models/lead-photo.server";
import { enqueueMail } from "~/models/outbox.server";
import { getSetting } from "~/models/settings.server";
import { writtenBy, type Actor } from "~/lib/actor";

/** The spec's four fields; what a quote request adds (service, address, way to reach) is optional. */
export type NewLead = Pick<ContactInput, "name" | "email" | "phone" | "message"> & Partial<ContactInput>;

/**
 * Stored before any mail is attempted: a lead is never lost to a mail failure. The lead,
 * its photos' rows and its notification are one transaction: all or none.
 */
export function createLead(input: NewLead, photos: PhotoFile[] = []): Lead {
  return inTransaction(() => {
    const lead = getDb()
      .insert(leads)
      .values({ ...input, subject: CONTACT_SUBJECT })
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
  getDb().update(leads).set({ readAt: read ? new Date() : null }).where(eq(leads.id, id)).run();
}

export function setArchived(id: number, archived: boolean) {
  getDb().update(leads).set({ archivedAt: archived ? new Date() : null }).where(eq(leads.id, id)).run();
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
      statusChanged || lead.lostReason !== update.lostReason || lead.followUpOn !== update.followUpOn || update.note !== null;
    if (!changed) return false;
    db.update(leads)
      .set({ status: update.status, lostReason: update.lostReason, followUpOn: update.followUpOn })
      .where(eq(leads.id, id))
      .run();
    if (statusChanged || update.note) {
      db.insert(leadNotes)
        .values({
          leadId: id,
          ...writtenBy(by),
          body: update.note,
          statusFrom: statusChanged ? lead.status : null,
          statusTo: statusChanged ? update.status : null,
        })
        .run();
    }
    return true;
  });
}

/**
 * A lead staff wrote down (a phone call). It is stored read (staff wrote it), with both
 * mails "skipped": the mail queue only ever takes "pending" ones, so neither the owner's
 * notification nor an auto-reply goes out for it. Its first history entry, "Added by
 * hand" by `by` at the status it starts with, is written in the same transaction.
 * `keeper`: who has it from the start (the crew member who took the call keeps it).
 */
export function createManualLead(input: ManualLeadInput, by: Actor, keeper: number | null = null) {
  return inTransaction(() => insertStaffLead({ ...input, source: "phone", subject: PHONE_CALL_SUBJECT, assignedTo: keeper }, by, ADDED_BY_HAND));
}

/**
 * A lead staff wrote themselves (a call, a roof measured on the spot): no mail is ever sent
 * for it, nobody needs to read it, and its history starts with `note` and who wrote it.
 * Call inside a transaction.
 */
function insertStaffLead(values: Omit<typeof leads.$inferInsert, "readAt">, by: Actor, note: string) {
  const db = getDb();
  const lead = db
    .insert(leads)
    .values({ ...values, readAt: new Date() })
    .returning()
    .get();
  db.insert(leadNotes).values({ leadId: lead.id, ...writtenBy(by), body: note, statusTo: lead.status }).run();
  return lead;
}

/**
 * A lead's history, oldest first. An entry an account wrote names that account as it is
 * called now (a name added later, a removed member: users rows are never deleted); an
 * older entry, or one by the homeowner or the roof tool, keeps the name it was written with.
 */
export function listLeadNotes(id: number): LeadNote[] {
  return getDb()
    .select({ ...getTableColumns(leadNotes), author: sql<string>`coalesce(nullif(trim(${users.name}), ''), ${users.email}, ${leadNotes.author})` })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(eq(leadNotes.leadId, id))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id))
    .all();
}

/** How many history entries a lead page shows at a time. */
export const HISTORY_PAGE_SIZE = 20;

/** Where a page of a lead's history ends: the last entry shown (its created_at as stored, and id). */
export type HistoryCursor = { at: number; id: number };

/**
 * A lead's history, latest first, a page at a time (issue 31): the entries before `before`
 * (none: the latest), and the cursor of the next older page if there is one. Read through
 * lead_notes_lead_idx (lead_id, created_at), never all of them.
 */
export function leadHistoryPage(id: number, before: HistoryCursor | null = null, size = HISTORY_PAGE_SIZE): { notes: LeadNote[]; older: HistoryCursor | null } {
  const at = sql`${leadNotes.createdAt}`;
  const rows = getDb()
    .select({ ...getTableColumns(leadNotes), author: sql<string>`coalesce(nullif(trim(${users.name}), ''), ${users.email}, ${leadNotes.author})`, raw: sql<number>`${leadNotes.createdAt}` })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(and(eq(leadNotes.leadId, id), before ? or(lt(at, before.at), and(eq(at, before.at), lt(leadNotes.id, before.id))) : undefined))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id))
    .limit(size + 1)
    .all();
  const notes = rows.slice(0, size);
  const last = notes[notes.length - 1];
  return { notes: notes.map(({ raw: _raw, ...note }) => note), older: rows.length > size && last ? { at: last.raw, id: last.id } : null };
}

/** Who wrote a lead's first history entry (a lead staff added: who added it). */
export function firstLeadAuthor(id: number): string | null {
  const row = getDb()
    .select({ author: sql<string>`coalesce(nullif(trim(${users.name}), ''), ${users.email}, ${leadNotes.author})` })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(eq(leadNotes.leadId, id))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id))
    .limit(1)
    .get();
  return row?.author ?? null;
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
export const isDueLead = (today: string) => sql`${leads.archivedAt} is null and ${leads.status} in (${OPEN_STATUSES}) and ${leads.followUpOn} <= ${today}`;

/**
 * What is waiting, for the admin's header: leads nobody has moved from New, and open leads
 * whose follow-up day has come (today's and late ones). Archived leads count for neither.
 * Two counts, each a range of leads_open_status_idx: at 20,000 leads 0.2 ms, where one pass
 * over every open lead took 6 ms on every admin page (issue 31).
 */
export function waitingLeads(today: string, where?: SQL): { fresh: number; due: number } {
  const counted = (what: SQL) => sql`(select count(*) from ${leads} where ${and(what, where)})`;
  const counts = getDb().get<{ fresh: number; due: number }>(sql`select ${counted(isNewLead)} as fresh, ${counted(isDueLead(today))} as due`);
  return { fresh: counts?.fresh ?? 0, due: counts?.due ?? 0 };
}

/** Who a roof customer's lead is: what the roof tool knows of them. */
type RoofCustomerContact = { customerName: string | null; street: string; city: string; zipCode: string | null };

/**
 * The lead of a roof customer staff saved straight in the roof tool (no request before it):
 * every measured roof belongs to a lead, with no email ('' is "none given"). Call inside
 * the roof customer's transaction.
 */
export function insertRoofToolLead(customer: RoofCustomerContact, measured: boolean, by: Actor): number {
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
  };
  return insertStaffLead(lead, by, "Added in the roof tool").id;
}

/**
 * A measurement was saved for this lead: it is Measured now, unless staff already moved it
 * further (statusAfterMeasurement). The change goes into its history like any other.
 */
export function markLeadMeasured(id: number, by: Actor) {
  const db = getDb();
  const lead = db.select({ status: leads.status }).from(leads).where(eq(leads.id, id)).get();
  if (!lead) return;
  const next = statusAfterMeasurement(lead.status);
  if (next === lead.status) return;
  db.update(leads).set({ status: next }).where(eq(leads.id, id)).run();
  db.insert(leadNotes).values({ leadId: id, ...writtenBy(by), body: "Roof measured", statusFrom: lead.status, statusTo: next }).run();
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
    .where(sql`${archivedAt} is null and ${status} not in ('won', 'lost') and (${status} = 'new' or ${followUpOn} <= ${today})`)
    .all();
}

/**
 * What the pipeline page works from: the open (not archived) leads per status with the sum
 * of their values (narrowed by `where`: the crew's scope, the filter by person), and the
 * moves to Quoted, Won or Lost since `since`, each with the lead's value. A value is the
 * job's one figure (lib/job-value.ts: the accepted proposal plus change orders, else the
 * estimate), read by the same query path as the Leads list and the lead page.
 */
export function pipelineRows(since: Date, where?: SQL) {
  const db = getDb();
  const open = and(sql`${leads.archivedAt} is null`, where);
  // Counted by SQLite: a row per status, whatever the years of leads (issue 31).
  const counts = db.select({ status: leads.status, count: count() }).from(leads).where(open).groupBy(leads.status).all();
  // Valued one by one, only the leads that have an estimate (an accepted proposal is made from one).
  const sums = new Map<string, number>();
  const valued = db
    .select({ status: leads.status, ...jobValueColumns(leads.id) })
    .from(leads)
    .innerJoin(estimates, and(eq(estimates.leadId, leads.id), isNull(estimates.supersededAt)))
    .where(open)
    .all();
  for (const { status, ...parts } of valued) {
    const value = jobValueCents(parts);
    if (value !== null) sums.set(status, (sums.get(status) ?? 0) + value);
  }
  const byStatus = counts.map((c) => ({ ...c, totalCents: sums.get(c.status) ?? null }));
  const moves = db
    .select({ leadId: leadNotes.leadId, to: leadNotes.statusTo, at: leadNotes.createdAt, ...jobValueColumns(leadNotes.leadId) })
    .from(leadNotes)
    .innerJoin(leads, eq(leads.id, leadNotes.leadId))
    .where(and(inArray(leadNotes.statusTo, ["quoted", "won", "lost"]), gte(leadNotes.createdAt, since), where))
    .all()
    .flatMap(({ acceptedCents, changeOrderCents, estimateCents, ...m }) => (m.to ? [{ ...m, to: m.to, valueCents: jobValueCents({ acceptedCents, changeOrderCents, estimateCents }) }] : []));
  return { byStatus, moves };
}

export const JOB_COMPLETED_NOTE = "Job completed";
export const JOB_REOPENED_NOTE = "Job marked not completed";

/**
 * Marks a won job's work done (or, to undo a slip, not done), with an entry in its history.
 * Undefined for an unknown lead; false when nothing changed or the lead is not Won (only a
 * won job can be completed; undoing is always allowed).
 */
export function setJobCompleted(id: number, completed: boolean, by: Actor): boolean | undefined {
  return inTransaction(() => {
    const db = getDb();
    const lead = db.select({ status: leads.status, completedAt: leads.completedAt }).from(leads).where(eq(leads.id, id)).get();
    if (!lead) return undefined;
    if (completed === !!lead.completedAt || (completed && lead.status !== "won")) return false;
    db.update(leads).set({ completedAt: completed ? new Date() : null }).where(eq(leads.id, id)).run();
    db.insert(leadNotes).values({ leadId: id, ...writtenBy(by), body: completed ? JOB_COMPLETED_NOTE : JOB_REOPENED_NOTE }).run();
    return true;
  });
}
