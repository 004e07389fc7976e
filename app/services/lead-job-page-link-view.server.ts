import { href } from "react-router";
import { mayPost } from "~/lib/access";
import { NEW_JOB_PAGE_LINK_INTENT, REVOKE_JOB_PAGE_LINKS_INTENT } from "~/lib/job-page";
import { jobPageLinkSummary } from "~/models/job-page-link.server";
import { getLead } from "~/models/lead.server";
import type { SessionUser } from "~/models/session.server";
import { readLink } from "./new-link.server";

/** What the lead page shows of the homeowner's job page: links working and turned off, the one just made (once), the forms. */
export type LeadJobPageLinkView = {
  leadId: number;
  action: string;
  /** Links that still open the page, and the newest one's date. */
  linkCount: number;
  newestAt: Date | null;
  /** Links turned off, and when last. */
  revokedCount: number;
  revokedAt: Date | null;
  /** The link staff just made, shown only on the page right after (services/new-link.server.ts). */
  newLink: string | null;
  /** "Get the link to copy": a won (or completed) job only. */
  mayMake: boolean;
  /** "Turn off every link": whenever one works, whatever the lead's status. */
  mayRevoke: boolean;
};

/**
 * For a won job (or one marked completed), and for any lead a mail already linked to the page
 * (the auto-reply, a proposal, a visit): staff must be able to turn those links off.
 */
export async function leadJobPageLinkView(
  request: Request,
  leadId: number,
  user: SessionUser,
): Promise<LeadJobPageLinkView | null> {
  const lead = getLead(leadId);
  if (!lead) return null;
  const won = lead.status === "won" || !!lead.completedAt;
  const summary = jobPageLinkSummary(leadId);
  if (!won && summary.count === 0 && summary.revoked === 0) return null;
  return {
    leadId,
    action: href("/admin/leads/:id/job-page-link", { id: String(leadId) }),
    linkCount: summary.count,
    newestAt: summary.newestAt,
    revokedCount: summary.revoked,
    revokedAt: summary.revokedAt,
    newLink: (await readLink(request, leadId, "job"))?.url ?? null,
    mayMake: won && mayPost(user.role, "routes/admin/lead-job-page-link", NEW_JOB_PAGE_LINK_INTENT),
    mayRevoke: summary.count > 0 && mayPost(user.role, "routes/admin/lead-job-page-link", REVOKE_JOB_PAGE_LINKS_INTENT),
  };
}
