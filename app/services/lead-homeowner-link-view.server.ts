import { href } from "react-router";
import { mayPost } from "~/lib/access";
import { NEW_JOB_LINK_INTENT } from "~/lib/job-page";
import { jobLinkSummary } from "~/models/job-link.server";
import { getLead } from "~/models/lead.server";
import type { SessionUser } from "~/models/session.server";
import { readLink } from "./new-link.server";

/** What the lead page shows of the homeowner's job page: links made so far, the one just made (once), the form. */
export type LeadHomeownerLinkView = {
  leadId: number;
  action: string;
  linkCount: number;
  newestAt: Date | null;
  /** The link staff just made, shown only on the page right after (services/new-link.server.ts). */
  newLink: string | null;
  mayMake: boolean;
};

/** Only for a won job (or one marked completed): the homeowner's page is the job's. */
export async function leadHomeownerLinkView(request: Request, leadId: number, user: SessionUser): Promise<LeadHomeownerLinkView | null> {
  const lead = getLead(leadId);
  if (!lead || (lead.status !== "won" && !lead.completedAt)) return null;
  const { count, newestAt } = jobLinkSummary(leadId);
  return {
    leadId,
    action: href("/admin/leads/:id/job-link", { id: String(leadId) }),
    linkCount: count,
    newestAt,
    newLink: (await readLink(request, leadId, "job"))?.url ?? null,
    mayMake: mayPost(user.role, "routes/admin/lead-job-link", NEW_JOB_LINK_INTENT),
  };
}
