import { and, desc, eq, isNull } from "drizzle-orm";
import { leads, reviewRequests, testimonials, type ReviewRequest } from "~/db/schema";
import type { ReviewInput } from "~/lib/review-request";
import { getDb, inTransaction } from "~/server/db.server";

/**
 * Review requests: what a completed job's homeowner is asked (the mail itself is in the
 * outbox, services/mail/review-request.server.ts) and the one review its link may bring.
 */

/** The lead's latest request, if any. */
export function latestReviewRequest(leadId: number): ReviewRequest | undefined {
  return getDb()
    .select()
    .from(reviewRequests)
    .where(eq(reviewRequests.leadId, leadId))
    .orderBy(desc(reviewRequests.id))
    .limit(1)
    .get();
}

/**
 * The request to mail: a new one, or the lead's open one again (its link is made anew when
 * the mail goes). A request already answered stays as it is: undefined then.
 */
export function queueReviewRequest(
  leadId: number,
  placeholderHash: string,
  expiresAt: Date,
): ReviewRequest | undefined {
  return inTransaction(() => {
    const db = getDb();
    const open = latestReviewRequest(leadId);
    if (open?.submittedAt) return undefined;
    const queued = { expiresAt };
    if (open) return db.update(reviewRequests).set(queued).where(eq(reviewRequests.id, open.id)).returning().get();
    return db
      .insert(reviewRequests)
      .values({ leadId, tokenHash: placeholderHash, ...queued })
      .returning()
      .get();
  });
}

const withLead = () =>
  getDb()
    .select({ request: reviewRequests, name: leads.name, email: leads.email, service: leads.service, city: leads.city })
    .from(reviewRequests)
    .innerJoin(leads, eq(leads.id, reviewRequests.leadId));

/** A request with who it goes to. */
export function findReviewRequest(id: number) {
  return withLead().where(eq(reviewRequests.id, id)).get();
}

/** The link about to be mailed: its token's hash and its expiry replace the old ones (a link never sent dies). */
export function setReviewLink(id: number, tokenHash: string, expiresAt: Date) {
  getDb().update(reviewRequests).set({ tokenHash, expiresAt }).where(eq(reviewRequests.id, id)).run();
}

/** The request a link's token belongs to, with what the form prefills from its lead. */
export function findReviewRequestByHash(tokenHash: string) {
  return withLead().where(eq(reviewRequests.tokenHash, tokenHash)).get();
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
