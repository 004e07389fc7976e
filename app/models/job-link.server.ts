import { eq } from "drizzle-orm";
import { jobLinks } from "~/db/schema";
import { getDb } from "~/server/db.server";

/**
 * The homeowner's private links to a job's page (issue 33): only each token's SHA-256 is
 * kept, as for proposal links (decision 0038). A lead may have many (one per mail, one per
 * "new link" staff make); each opens the same page until the lead is deleted.
 */
export function addJobLink(leadId: number, tokenHash: string, now = new Date()): void {
  getDb().insert(jobLinks).values({ leadId, tokenHash, createdAt: now }).run();
}

/** The lead a link's token hash opens, or undefined. */
export function findLeadIdByJobLinkHash(tokenHash: string): number | undefined {
  return getDb().select({ leadId: jobLinks.leadId }).from(jobLinks).where(eq(jobLinks.tokenHash, tokenHash)).get()?.leadId;
}

/** How many links were made for the lead, and when the newest was (for the lead page). */
export function jobLinkSummary(leadId: number): { count: number; newestAt: Date | null } {
  const rows = getDb().select({ createdAt: jobLinks.createdAt }).from(jobLinks).where(eq(jobLinks.leadId, leadId)).all();
  const newest = rows.reduce<Date | null>((max, r) => (!max || r.createdAt > max ? r.createdAt : max), null);
  return { count: rows.length, newestAt: newest };
}
