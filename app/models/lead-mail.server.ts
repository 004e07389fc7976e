import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { leads, type Lead } from "~/db/schema";
import { getDb, inTransaction } from "~/server/db.server";
import { getLead } from "~/models/lead.server";

// The website lead's two mails (the owner's notification, the visitor's auto-reply) keep
// their queue state in the lead's own row; services/contact-mailer.server.ts runs it.

/** Puts failed mails of a lead back in line: a fresh set of retries for the notification. */
export function requeueFailedMails(id: number): boolean {
  const lead = getLead(id);
  if (!lead) return false;
  const db = getDb();
  if (lead.notifyStatus === "failed") {
    db.update(leads)
      .set({ notifyStatus: "pending", notifyAttempts: 0, notifyNextAttemptAt: null })
      .where(eq(leads.id, id))
      .run();
  }
  if (lead.autoreplyStatus === "failed") {
    db.update(leads).set({ autoreplyStatus: "pending" }).where(eq(leads.id, id)).run();
  }
  return lead.notifyStatus === "failed" || lead.autoreplyStatus === "failed";
}

// The mail queue's state lives in these rows (services/contact-mailer.server.ts runs it).
// A lease is a notifyNextAttemptAt in the near future: while it runs, nobody else sends.

const pending = eq(leads.notifyStatus, "pending");
const dueBy = (now: Date) => or(isNull(leads.notifyNextAttemptAt), lte(leads.notifyNextAttemptAt, now));
const inBackoff = (now: Date) => and(pending, isNotNull(leads.notifyLastError), gt(leads.notifyNextAttemptAt, now));

/** Leases one lead's notification if it is waiting and due; undefined otherwise. */
export function leaseNotification(id: number, now: Date, until: Date): Lead | undefined {
  return getDb()
    .update(leads)
    .set({ notifyNextAttemptAt: until })
    .where(and(eq(leads.id, id), pending, dueBy(now)))
    .returning()
    .get();
}

/** Leases up to `limit` due notifications, oldest first. */
export function leaseDueNotifications(now: Date, until: Date, limit: number): Lead[] {
  return inTransaction(() => {
    const db = getDb();
    const due = db.select().from(leads).where(and(pending, dueBy(now))).orderBy(asc(leads.id)).limit(limit).all();
    if (due.length) {
      db.update(leads)
        .set({ notifyNextAttemptAt: until })
        .where(inArray(leads.id, due.map((m) => m.id)))
        .run();
    }
    return due;
  });
}

/** A failed attempt: counted, with the next try (none: failed for good). */
export function recordNotificationFailure(id: number, attempts: number, next: Date | null, reason: string) {
  getDb()
    .update(leads)
    .set({ notifyStatus: next ? "pending" : "failed", notifyAttempts: attempts, notifyLastError: reason.slice(0, 500), notifyNextAttemptAt: next })
    .where(eq(leads.id, id))
    .run();
}

export function recordNotificationsSent(sent: Pick<Lead, "id" | "notifyAttempts">[], status: "sent" | "unsent" = "sent") {
  inTransaction(() => {
    for (const m of sent) {
      getDb()
        .update(leads)
        .set({ notifyStatus: status, notifyAttempts: m.notifyAttempts + 1, notifyLastError: null, notifyNextAttemptAt: null })
        .where(eq(leads.id, m.id))
        .run();
    }
  });
}

/** The outcome of one autoresponder attempt for these leads; skipped ones are not counted. */
export function recordAutoreplies(ids: number[], outcome: { status: "sent" | "skipped" | "unsent" } | { status: "failed"; reason: string }) {
  const counted = outcome.status === "skipped" ? {} : { autoreplyAttempts: sql`${leads.autoreplyAttempts} + 1` };
  const error = outcome.status === "failed" ? { autoreplyLastError: outcome.reason.slice(0, 500) } : {};
  getDb()
    .update(leads)
    .set({ autoreplyStatus: outcome.status, ...counted, ...error })
    .where(inArray(leads.id, ids))
    .run();
}

/** The waiting notification whose backoff ends first, leased without counting an attempt. */
export function leaseBackoffCanary(now: Date, until: Date): Lead | undefined {
  const db = getDb();
  const canary = db.select().from(leads).where(inBackoff(now)).orderBy(asc(leads.notifyNextAttemptAt)).limit(1).get();
  if (!canary) return undefined;
  const leased = db
    .update(leads)
    .set({ notifyNextAttemptAt: until })
    .where(and(eq(leads.id, canary.id), pending, eq(leads.notifyNextAttemptAt, canary.notifyNextAttemptAt!)))
    .run().changes;
  return leased ? canary : undefined;
}

/** The canary failed: it goes back to where it was in its backoff. */
export function returnCanary(canary: Pick<Lead, "id" | "notifyNextAttemptAt">) {
  getDb().update(leads).set({ notifyNextAttemptAt: canary.notifyNextAttemptAt }).where(eq(leads.id, canary.id)).run();
}

/** The provider answers again: everything still waiting out a failure is due now. */
export function endBackoffs(now: Date) {
  getDb().update(leads).set({ notifyNextAttemptAt: null }).where(inBackoff(now)).run();
}
