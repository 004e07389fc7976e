import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { invoices, leadNotes, leads, payments, users, visits } from "~/db/schema";
import { writtenBy, type Actor } from "~/lib/actor";
import { REFUND_DUE_KINDS, TEXT_HISTORY_KINDS } from "~/lib/history-kinds";
import { historyFor, historyText, type HistoryEntryView, type HistoryRow } from "~/lib/lead-history";
import { isFirstContactKind } from "~/lib/lead-report";
import type { Role } from "~/lib/roles";
import { getDb, inTransaction } from "~/server/db.server";

/**
 * A lead's history (decision 0074): the one place that writes an entry, and the reads that
 * give each row with what it names (the person, the invoice, the payment, the visit) so that
 * lib/lead-history.ts can word it for whoever reads it. No reader goes by an entry's words.
 */

/** What an entry records; who wrote it comes from the Actor, when from `now`. */
export type NewHistoryEntry = Omit<typeof leadNotes.$inferInsert, "id" | "author" | "authorId" | "createdAt">;

/**
 * Writes one entry in the lead's history, by `by` (a signed-in person, or a system author). Its id.
 * An entry that is contact (a team member's, of FIRST_CONTACT_KINDS, once the lead was in) and
 * earlier than the lead's first contact so far becomes it, in the same transaction (decision 0107).
 */
export function writeLeadHistory(entry: NewHistoryEntry, by: Actor, now = new Date()): number {
  return inTransaction(() => {
    const id = getDb()
      // eslint-disable-next-line no-restricted-syntax -- this is the one writer
      .insert(leadNotes)
      .values({ ...entry, ...writtenBy(by), createdAt: now })
      .returning({ id: leadNotes.id })
      .get().id;
    if (by.id !== null && isFirstContactKind(entry.kind ?? "note"))
      getDb()
        .update(leads)
        .set({ firstContactAt: now })
        .where(
          and(
            eq(leads.id, entry.leadId),
            lte(leads.createdAt, now),
            or(isNull(leads.firstContactAt), gt(leads.firstContactAt, now)),
          ),
        )
        .run();
    return id;
  });
}

/** One history entry of a lead, as stored (a text's words, an "on my way" and who sent it). */
export function getHistoryEntry(id: number) {
  return getDb().select().from(leadNotes).where(eq(leadNotes.id, id)).get();
}

/**
 * A counted entry ("3 photos added"): added to the person's own entry of the same kind when
 * that is the lead's latest and a few minutes old, else written anew. A phone's queue sends
 * its photos one at a time; the history tells of the photos taken, not of each sending.
 */
export function writeCountedHistory(
  entry: NewHistoryEntry & { count: number },
  by: Actor,
  now = new Date(),
  withinMs = 15 * 60_000,
): void {
  const last = getDb()
    .select({ id: leadNotes.id, kind: leadNotes.kind, authorId: leadNotes.authorId, createdAt: leadNotes.createdAt })
    .from(leadNotes)
    .where(eq(leadNotes.leadId, entry.leadId))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id))
    .limit(1)
    .get();
  if (
    last &&
    by.id !== null &&
    last.kind === entry.kind &&
    last.authorId === by.id &&
    now.getTime() - last.createdAt.getTime() < withinMs
  ) {
    getDb()
      .update(leadNotes)
      .set({ count: sql`coalesce(${leadNotes.count}, 0) + ${entry.count}` })
      .where(eq(leadNotes.id, last.id))
      .run();
    return;
  }
  writeLeadHistory(entry, by, now);
}

/**
 * A note a phone kept without signal, written unless the same person's same words are on the
 * lead from the last day already: a send whose answer was lost, sent again, is kept once.
 * Whether it was written.
 */
export function writePhoneNote(leadId: number, body: string, by: Actor, now = new Date()): boolean {
  return inTransaction(() => {
    const since = new Date(now.getTime() - 24 * 60 * 60_000);
    const same = getDb()
      .select({ id: leadNotes.id })
      .from(leadNotes)
      .where(
        and(
          eq(leadNotes.leadId, leadId),
          eq(leadNotes.kind, "note"),
          by.id === null ? sql`0` : eq(leadNotes.authorId, by.id),
          eq(leadNotes.body, body),
          gte(leadNotes.createdAt, since),
        ),
      )
      .get();
    if (same) return false;
    writeLeadHistory({ leadId, kind: "note", body }, by, now);
    return true;
  });
}

const subject = alias(users, "subject");

/** An account as histories name it: its name, else its email; an entry without one keeps the name it was written with. */
const authorName = sql<string>`coalesce(nullif(trim(${users.name}), ''), ${users.email}, ${leadNotes.author})`;

/** Every row of the history with what it names, in the shape lib/lead-history.ts words. */
export function historyQuery() {
  return getDb()
    .select({
      id: leadNotes.id,
      leadId: leadNotes.leadId,
      createdAt: leadNotes.createdAt,
      raw: sql<number>`${leadNotes.createdAt}`,
      author: authorName,
      kind: leadNotes.kind,
      body: leadNotes.body,
      statusFrom: leadNotes.statusFrom,
      statusTo: leadNotes.statusTo,
      amountCents: leadNotes.amountCents,
      count: leadNotes.count,
      detail: leadNotes.detail,
      reference: leadNotes.reference,
      visitStartsAt: leadNotes.visitStartsAt,
      subjectName: sql<string | null>`coalesce(nullif(trim(${subject.name}), ''), ${subject.email})`,
      invoiceNumber: invoices.number,
      invoiceKind: invoices.kind,
      paymentMethod: payments.method,
      checkNumber: payments.checkNumber,
      visitKind: visits.kind,
    })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .leftJoin(subject, eq(subject.id, leadNotes.subjectId))
    .leftJoin(invoices, eq(invoices.id, leadNotes.invoiceId))
    .leftJoin(payments, eq(payments.id, leadNotes.paymentId))
    .leftJoin(visits, eq(visits.id, leadNotes.visitId))
    .$dynamic();
}

/** A lead's whole history, oldest first, as `role` reads it. */
export function listLeadNotes(id: number, role: Role): HistoryEntryView[] {
  const rows = historyQuery()
    .where(eq(leadNotes.leadId, id))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id))
    .all();
  return historyFor(rows, role);
}

/** A lead's entries about texts (sent, received, "on my way", STOP, START), oldest first, by lead_notes_lead_idx. */
export function listTextEntries(leadId: number) {
  return historyQuery()
    .where(and(eq(leadNotes.leadId, leadId), inArray(leadNotes.kind, TEXT_HISTORY_KINDS)))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id))
    .all();
}

/** How many history entries a lead page shows at a time. */
export const HISTORY_PAGE_SIZE = 20;

/** Where a page of a lead's history ends: the last entry shown (its created_at as stored, and id). */
export type HistoryCursor = { at: number; id: number };

/**
 * A lead's history, latest first, a page at a time (years of entries stay cheap): the entries before `before`
 * (none: the latest), and the cursor of the next older page if there is one. Read through
 * lead_notes_lead_idx (lead_id, created_at), never all of them.
 */
export function leadHistoryPage(
  id: number,
  before: HistoryCursor | null = null,
  size = HISTORY_PAGE_SIZE,
): { notes: HistoryRow[]; older: HistoryCursor | null } {
  const at = sql`${leadNotes.createdAt}`;
  const older: SQL | undefined = before
    ? or(lt(at, before.at), and(eq(at, before.at), lt(leadNotes.id, before.id)))
    : undefined;
  const rows = historyQuery()
    .where(and(eq(leadNotes.leadId, id), older))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id))
    .limit(size + 1)
    .all();
  const notes = rows.slice(0, size);
  const last = notes[notes.length - 1];
  return {
    notes: notes.map(({ raw: _raw, leadId: _lead, ...row }) => row),
    older: rows.length > size && last ? { at: last.raw, id: last.id } : null,
  };
}

/** Who wrote a lead's first history entry (a lead staff added: who added it). */
export function firstLeadAuthor(id: number): string | null {
  const row = getDb()
    .select({ author: authorName })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(eq(leadNotes.leadId, id))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id))
    .limit(1)
    .get();
  return row?.author ?? null;
}

/**
 * What Stripe took that the site did not keep (decision 0068): the entries the webhook left
 * asking the owner to refund from the Stripe dashboard, newest first, in the owner's words.
 */
export function stripeRefundNotes(leadId: number): { id: number; body: string; createdAt: Date }[] {
  return historyQuery()
    .where(and(eq(leadNotes.leadId, leadId), inArray(leadNotes.kind, REFUND_DUE_KINDS)))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id))
    .limit(20)
    .all()
    .map((row) => ({ id: row.id, body: historyText(row, "owner") ?? "", createdAt: row.createdAt }));
}
