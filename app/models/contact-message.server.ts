import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { getDb } from "~/server/db.server";
import { contactMessages, type ContactMessage } from "~/db/schema";
import { CONTACT_SUBJECT, type ContactInput } from "~/lib/contact-form";

/** Stored before any mail is attempted: a message is never lost to a mail failure. */
export function createContactMessage(input: ContactInput): ContactMessage {
  return getDb()
    .insert(contactMessages)
    .values({ ...input, subject: CONTACT_SUBJECT })
    .returning()
    .get();
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

export function countUnread(): number {
  return (
    getDb()
      .select({ n: count() })
      .from(contactMessages)
      .where(and(isNull(contactMessages.readAt), isNull(contactMessages.archivedAt)))
      .get()?.n ?? 0
  );
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
