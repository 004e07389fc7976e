import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, inTransaction } from "~/server/db.server";
import { contactMessagePhotos, contactMessages, type ContactMessage, type ContactMessagePhoto } from "~/db/schema";
import { CONTACT_SUBJECT } from "~/lib/contact-form";
import type { ContactInput } from "~/lib/contact-schema";

/** The spec's four fields; what a quote request adds (service, address, way to reach) is optional. */
export type NewContactMessage = Pick<ContactInput, "name" | "email" | "phone" | "message"> & Partial<ContactInput>;
/** What a photo row records of its (already written, private) file. */
export type PhotoFile = Pick<ContactMessagePhoto, "storedName" | "originalName" | "contentType" | "width" | "height" | "bytes">;

/**
 * Stored before any mail is attempted: a message is never lost to a mail failure. The
 * message and its photos' rows are one transaction: both or neither.
 */
export function createContactMessage(input: NewContactMessage, photos: PhotoFile[] = []): ContactMessage {
  return inTransaction(() => {
    const message = getDb()
      .insert(contactMessages)
      .values({ ...input, subject: CONTACT_SUBJECT })
      .returning()
      .get();
    if (photos.length) {
      getDb()
        .insert(contactMessagePhotos)
        .values(photos.map((p) => ({ ...p, messageId: message.id })))
        .run();
    }
    return message;
  });
}

export function listPhotos(messageId: number): ContactMessagePhoto[] {
  return getDb().select().from(contactMessagePhotos).where(eq(contactMessagePhotos.messageId, messageId)).orderBy(asc(contactMessagePhotos.id)).all();
}

/** How many photos each of these messages has (none: not in the map). */
export function photoCounts(ids: number[]): Map<number, number> {
  if (!ids.length) return new Map();
  const rows = getDb()
    .select({ id: contactMessagePhotos.messageId, n: count() })
    .from(contactMessagePhotos)
    .where(inArray(contactMessagePhotos.messageId, ids))
    .groupBy(contactMessagePhotos.messageId)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Every photo file a message owns: upload housekeeping keeps these. */
export function listPhotoFiles(): Pick<ContactMessagePhoto, "storedName">[] {
  return getDb().select({ storedName: contactMessagePhotos.storedName }).from(contactMessagePhotos).all();
}

export function listMessages({ archived = false } = {}): ContactMessage[] {
  return getDb()
    .select()
    .from(contactMessages)
    .where(archived ? isNotNull(contactMessages.archivedAt) : isNull(contactMessages.archivedAt))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .all();
}

export function listAllMessages(): ContactMessage[] {
  return getDb().select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).all();
}

export function getMessage(id: number): ContactMessage | undefined {
  return getDb().select().from(contactMessages).where(eq(contactMessages.id, id)).get();
}

export function markRead(id: number, read = true) {
  getDb().update(contactMessages).set({ readAt: read ? new Date() : null }).where(eq(contactMessages.id, id)).run();
}

export function setArchived(id: number, archived: boolean) {
  getDb().update(contactMessages).set({ archivedAt: archived ? new Date() : null }).where(eq(contactMessages.id, id)).run();
}

/** Puts failed mails of a message back in line: a fresh set of retries for the notification. */
export function requeueFailedMails(id: number): boolean {
  const message = getMessage(id);
  if (!message) return false;
  const db = getDb();
  if (message.notifyStatus === "failed") {
    db.update(contactMessages)
      .set({ notifyStatus: "pending", notifyAttempts: 0, notifyNextAttemptAt: null })
      .where(eq(contactMessages.id, id))
      .run();
  }
  if (message.autoreplyStatus === "failed") {
    db.update(contactMessages).set({ autoreplyStatus: "pending" }).where(eq(contactMessages.id, id)).run();
  }
  return message.notifyStatus === "failed" || message.autoreplyStatus === "failed";
}

// The mail queue's state lives in these rows (services/contact-mailer.server.ts runs it).
// A lease is a notifyNextAttemptAt in the near future: while it runs, nobody else sends.

const pending = eq(contactMessages.notifyStatus, "pending");
const dueBy = (now: Date) => or(isNull(contactMessages.notifyNextAttemptAt), lte(contactMessages.notifyNextAttemptAt, now));
const inBackoff = (now: Date) => and(pending, isNotNull(contactMessages.notifyLastError), gt(contactMessages.notifyNextAttemptAt, now));

/** Leases one message's notification if it is waiting and due; undefined otherwise. */
export function leaseNotification(id: number, now: Date, until: Date): ContactMessage | undefined {
  return getDb()
    .update(contactMessages)
    .set({ notifyNextAttemptAt: until })
    .where(and(eq(contactMessages.id, id), pending, dueBy(now)))
    .returning()
    .get();
}

/** Leases up to `limit` due notifications, oldest first. */
export function leaseDueNotifications(now: Date, until: Date, limit: number): ContactMessage[] {
  return inTransaction(() => {
    const db = getDb();
    const due = db.select().from(contactMessages).where(and(pending, dueBy(now))).orderBy(asc(contactMessages.id)).limit(limit).all();
    if (due.length) {
      db.update(contactMessages)
        .set({ notifyNextAttemptAt: until })
        .where(inArray(contactMessages.id, due.map((m) => m.id)))
        .run();
    }
    return due;
  });
}

/** A failed attempt: counted, with the next try (none: failed for good). */
export function recordNotificationFailure(id: number, attempts: number, next: Date | null, reason: string) {
  getDb()
    .update(contactMessages)
    .set({ notifyStatus: next ? "pending" : "failed", notifyAttempts: attempts, notifyLastError: reason.slice(0, 500), notifyNextAttemptAt: next })
    .where(eq(contactMessages.id, id))
    .run();
}

export function recordNotificationsSent(messages: Pick<ContactMessage, "id" | "notifyAttempts">[], status: "sent" | "unsent" = "sent") {
  inTransaction(() => {
    for (const m of messages) {
      getDb()
        .update(contactMessages)
        .set({ notifyStatus: status, notifyAttempts: m.notifyAttempts + 1, notifyLastError: null, notifyNextAttemptAt: null })
        .where(eq(contactMessages.id, m.id))
        .run();
    }
  });
}

/** The outcome of one autoresponder attempt for these messages; skipped ones are not counted. */
export function recordAutoreplies(ids: number[], outcome: { status: "sent" | "skipped" | "unsent" } | { status: "failed"; reason: string }) {
  const counted = outcome.status === "skipped" ? {} : { autoreplyAttempts: sql`${contactMessages.autoreplyAttempts} + 1` };
  const error = outcome.status === "failed" ? { autoreplyLastError: outcome.reason.slice(0, 500) } : {};
  getDb()
    .update(contactMessages)
    .set({ autoreplyStatus: outcome.status, ...counted, ...error })
    .where(inArray(contactMessages.id, ids))
    .run();
}

/** The waiting notification whose backoff ends first, leased without counting an attempt. */
export function leaseBackoffCanary(now: Date, until: Date): ContactMessage | undefined {
  const db = getDb();
  const canary = db.select().from(contactMessages).where(inBackoff(now)).orderBy(asc(contactMessages.notifyNextAttemptAt)).limit(1).get();
  if (!canary) return undefined;
  const leased = db
    .update(contactMessages)
    .set({ notifyNextAttemptAt: until })
    .where(and(eq(contactMessages.id, canary.id), pending, eq(contactMessages.notifyNextAttemptAt, canary.notifyNextAttemptAt!)))
    .run().changes;
  return leased ? canary : undefined;
}

/** The canary failed: it goes back to where it was in its backoff. */
export function returnCanary(canary: Pick<ContactMessage, "id" | "notifyNextAttemptAt">) {
  getDb().update(contactMessages).set({ notifyNextAttemptAt: canary.notifyNextAttemptAt }).where(eq(contactMessages.id, canary.id)).run();
}

/** The provider answers again: everything still waiting out a failure is due now. */
export function endBackoffs(now: Date) {
  getDb().update(contactMessages).set({ notifyNextAttemptAt: null }).where(inBackoff(now)).run();
}
