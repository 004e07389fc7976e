import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { jobPageLinks } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { writeLeadHistory } from "./lead-history.server";
import { getDb, inTransaction } from "~/server/db.server";

/**
 * The homeowner's job page links: only each token's SHA-256 is kept, as for proposal links
 * (decision 0038). A job has one live link that every mail carries (decision 0076): its
 * token is derived from the row's salt, so it can be made again at send time. Links from
 * before that (no salt) keep opening the page until staff turn them off (revoked) or the
 * lead is deleted.
 */
export function addJobPageLink(leadId: number, tokenHash: string, salt: string | null, now = new Date()): void {
  getDb().insert(jobPageLinks).values({ leadId, tokenHash, salt, createdAt: now }).run();
}

/** The lead's working links a token can be derived for again, newest first. */
export function reusableJobPageLinks(leadId: number): { tokenHash: string; salt: string }[] {
  return getDb()
    .select({ tokenHash: jobPageLinks.tokenHash, salt: jobPageLinks.salt })
    .from(jobPageLinks)
    .where(and(eq(jobPageLinks.leadId, leadId), isNull(jobPageLinks.revokedAt), isNotNull(jobPageLinks.salt)))
    .orderBy(desc(jobPageLinks.id))
    .all()
    .flatMap((r) => (r.salt === null ? [] : [{ tokenHash: r.tokenHash, salt: r.salt }]));
}

/** The lead a working link's token hash opens, or undefined (unknown or turned off). */
export function findLeadIdByJobPageLinkHash(tokenHash: string): number | undefined {
  return getDb()
    .select({ leadId: jobPageLinks.leadId })
    .from(jobPageLinks)
    .where(and(eq(jobPageLinks.tokenHash, tokenHash), isNull(jobPageLinks.revokedAt)))
    .get()?.leadId;
}

export type JobPageLinkSummary = {
  /** Links that still open the page, and when the newest of them was made. */
  count: number;
  newestAt: Date | null;
  /** Links turned off, and when last (for the lead page). */
  revoked: number;
  revokedAt: Date | null;
};

/** What the lead page says of the job's links: how many work, how many were turned off. */
export function jobPageLinkSummary(leadId: number): JobPageLinkSummary {
  const rows = getDb()
    .select({ createdAt: jobPageLinks.createdAt, revokedAt: jobPageLinks.revokedAt })
    .from(jobPageLinks)
    .where(eq(jobPageLinks.leadId, leadId))
    .all();
  const latest = (dates: Date[]) => dates.reduce<Date | null>((max, d) => (!max || d > max ? d : max), null);
  const working = rows.filter((r) => !r.revokedAt);
  const revoked = rows.flatMap((r) => (r.revokedAt ? [r.revokedAt] : []));
  return {
    count: working.length,
    newestAt: latest(working.map((r) => r.createdAt)),
    revoked: revoked.length,
    revokedAt: latest(revoked),
  };
}

/**
 * Turns off every working link to the lead's page at once, with a history entry saying who
 * and how many, in one transaction; how many were turned off (0: nothing written).
 */
export function revokeJobPageLinks(leadId: number, by: Actor, now = new Date()): number {
  return inTransaction(() => {
    const db = getDb();
    const turnedOff = db
      .update(jobPageLinks)
      .set({ revokedAt: now })
      .where(and(eq(jobPageLinks.leadId, leadId), isNull(jobPageLinks.revokedAt)))
      .run().changes;
    if (turnedOff > 0) writeLeadHistory({ leadId, kind: "job-links-revoked", count: turnedOff }, by, now);
    return turnedOff;
  });
}
