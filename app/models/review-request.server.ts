import { and, asc, desc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { leads, reviewRequests, testimonials, type ReviewRequest } from "~/db/schema";
import type { ReviewInput } from "~/lib/review-request";
import { getDb, inTransaction } from "~/server/db.server";

/**
 * Review requests: the mail to a completed job's homeowner (stored first, retried by
 * services/review-collection.server.ts) and the one review its link may bring.
 */

/** The lead's latest request, if any. */
export function latestReviewRequest(leadId: number): ReviewRequest | undefined {
  return getDb().select().from(reviewRequests).where(eq(reviewRequests.leadId, leadId)).orderBy(desc(reviewRequests.id)).limit(1).get();
}

/**
 * Puts a request in line for the mail queue: a new one, or the lead's open one again (a
 * fresh set of retries; its link is made anew when it goes). A request already answered
 * stays as it is: undefined then.
 */
export function queueReviewRequest(leadId: number, placeholderHash: string, expiresAt: Date): ReviewRequest | undefined {
  return inTransaction(() => {
    const db = getDb();
    const open = latestReviewRequest(leadId);
    if (open?.submittedAt) return undefined;
    const queued = { expiresAt, mailStatus: "pending" as const, mailAttempts: 0, mailLastError: null, mailNextAttemptAt: null };
    if (open) return db.update(reviewRequests).set(queued).where(eq(reviewRequests.id, open.id)).returning().get();
    return db
      .insert(reviewRequests)
      .values({ leadId, tokenHash: placeholderHash, ...queued })
      .returning()
      .get();
  });
}

/** A request due to be mailed, with who it goes to. */
export type ReviewMailRow = ReviewRequest & { name: string; email: string; service: string | null; city: string | null };

const withLead = () =>
  getDb()
    .select({ request: reviewRequests, name: leads.name, email: leads.email, service: leads.service, city: leads.city })
    .from(reviewRequests)
    .innerJoin(leads, eq(leads.id, reviewRequests.leadId));

const due = (now: Date) =>
  and(eq(reviewRequests.mailStatus, "pending"), or(isNull(reviewRequests.mailNextAttemptAt), lte(reviewRequests.mailNextAttemptAt, now)));

/**
 * Leases due requests (one, or up to `limit`) until `until`, so no other run sends them
 * meanwhile; if the process dies mid-send, the lease runs out and they are tried again.
 */
export function leaseDueReviewMails(now: Date, until: Date, limit: number, id?: number): ReviewMailRow[] {
  return inTransaction(() => {
    const rows = withLead()
      .where(id === undefined ? due(now) : and(eq(reviewRequests.id, id), due(now)))
      .orderBy(asc(reviewRequests.id))
      .limit(limit)
      .all();
    if (rows.length) {
      getDb()
        .update(reviewRequests)
        .set({ mailNextAttemptAt: until })
        .where(inArray(reviewRequests.id, rows.map((r) => r.request.id)))
        .run();
    }
    return rows.map(({ request, ...lead }) => ({ ...request, ...lead }));
  });
}

/** The link about to be mailed: its token's hash and its expiry replace the old ones (a link never sent dies). */
export function setReviewLink(id: number, tokenHash: string, expiresAt: Date) {
  getDb().update(reviewRequests).set({ tokenHash, expiresAt }).where(eq(reviewRequests.id, id)).run();
}

export function recordReviewMailSent(rows: Pick<ReviewRequest, "id" | "mailAttempts">[], status: "sent" | "unsent") {
  inTransaction(() => {
    for (const r of rows) {
      getDb()
        .update(reviewRequests)
        .set({ mailStatus: status, mailAttempts: r.mailAttempts + 1, mailLastError: null, mailNextAttemptAt: null })
        .where(eq(reviewRequests.id, r.id))
        .run();
    }
  });
}

/** A failed try: counted, with the next one (none: failed for good). */
export function recordReviewMailFailure(id: number, attempts: number, next: Date | null, reason: string) {
  getDb()
    .update(reviewRequests)
    .set({ mailStatus: next ? "pending" : "failed", mailAttempts: attempts, mailLastError: reason.slice(0, 500), mailNextAttemptAt: next })
    .where(eq(reviewRequests.id, id))
    .run();
}

/** The request a link's token belongs to, with what the form prefills from its lead. */
export function findReviewRequestByHash(tokenHash: string) {
  return withLead()
    .where(eq(reviewRequests.tokenHash, tokenHash))
    .get();
}

/**
 * The homeowner's review, as a pending testimonial, and the request marked answered, in
 * one transaction; only if the request is still open (not answered, not expired): a
 * second post of the same link gets false and creates nothing.
 */
export function submitReviewForRequest(id: number, leadId: number, review: ReviewInput, now: Date): boolean {
  return inTransaction(() => {
    const db = getDb();
    const claimed = db
      .update(reviewRequests)
      .set({ submittedAt: now })
      .where(and(eq(reviewRequests.id, id), isNull(reviewRequests.submittedAt)))
      .run().changes;
    if (!claimed) return false;
    const testimonial = db
      .insert(testimonials)
      .values({ ...review, status: "pending", leadId })
      .returning({ id: testimonials.id })
      .get();
    db.update(reviewRequests).set({ testimonialId: testimonial.id }).where(eq(reviewRequests.id, id)).run();
    return true;
  });
}
