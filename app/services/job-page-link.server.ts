import { addJobLink, findLeadIdByJobLinkHash } from "~/models/job-link.server";
import { jobPath } from "~/lib/job-page";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/server/link-token.server";
import { siteOrigin } from "~/server/origin.server";

/**
 * A new private link to the lead's job page, as a full URL for a mail or for staff to copy:
 * a fresh random token each call, only its hash stored (like proposal links, decision 0038),
 * so every mail carries its own link and a database copy opens none. Call it inside the
 * transaction that stores the mail when there is one. The lead must exist (foreign key).
 */
export function newJobLinkUrl(leadId: number, now = new Date()): string {
  const { token, hash } = newLinkToken();
  addJobLink(leadId, hash, now);
  return `${siteOrigin()}${jobPath(token)}`;
}

/** The lead a job-page token opens, or null for anything that is not one of ours. */
export function findJobByToken(token: string): number | null {
  if (!isLinkToken(token)) return null;
  return findLeadIdByJobLinkHash(hashLinkToken(token)) ?? null;
}
