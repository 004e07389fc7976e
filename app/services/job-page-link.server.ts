import { createHmac, randomBytes } from "node:crypto";
import { addJobPageLink, findLeadIdByJobPageLinkHash, reusableJobPageLinks } from "~/models/job-page-link.server";
import { jobPath } from "~/lib/job-page";
import { hashLinkToken, isLinkToken } from "~/server/link-token.server";
import { siteOrigin } from "~/server/origin.server";
import { ensureCookieSecret } from "~/services/cookies.server";

/**
 * A job page link's token: an HMAC of its row's random salt under the server's secret
 * (decision 0076). The database keeps the salt and the token's hash, never the token, so a
 * copy of the database alone opens nothing, and the secret alone names no link.
 */
function tokenFromSalt(salt: string): string {
  return createHmac("sha256", ensureCookieSecret()).update(`job-page-link\0${salt}`).digest("base64url");
}

/**
 * The job's one live job page link, as a full URL for a mail or for staff to copy: the same
 * link every time until staff turn it off, then a new one (decision 0076). A link whose
 * token can no longer be derived (the secret changed) is left working and a new one made.
 * Call it inside the transaction that stores the mail when there is one. The lead must exist.
 */
export function jobPageLinkUrl(leadId: number, now = new Date()): string {
  for (const link of reusableJobPageLinks(leadId)) {
    const token = tokenFromSalt(link.salt);
    if (hashLinkToken(token) === link.tokenHash) return `${siteOrigin()}${jobPath(token)}`;
  }
  const salt = randomBytes(16).toString("base64url");
  const token = tokenFromSalt(salt);
  addJobPageLink(leadId, hashLinkToken(token), salt, now);
  return `${siteOrigin()}${jobPath(token)}`;
}

/** The lead a job page token opens, or null for anything that is not one of ours. */
export function findJobByToken(token: string): number | null {
  if (!isLinkToken(token)) return null;
  return findLeadIdByJobPageLinkHash(hashLinkToken(token)) ?? null;
}
