import { acceptedOf, getLeadProposal } from "~/models/proposal.server";
import { notFound } from "~/server/responses.server";
import { findJobByToken } from "~/services/job-page-link.server";
import { pdfResponse } from "~/services/proposal-pdf.server";
import type { Route } from "./+types/job-proposal-pdf";

/**
 * The accepted proposal's PDF by the job page's token (the proposal's own token is kept
 * only as a hash, so the job page cannot link it): the same paper as the proposal link's.
 * Anything else (an unknown token, a lead with no accepted proposal) is not found.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const headers = {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  };
  const leadId = findJobByToken(params.token);
  const accepted = leadId === null ? undefined : acceptedOf(leadId);
  const proposal = accepted && leadId !== null ? getLeadProposal(leadId, accepted.id) : undefined;
  if (!proposal) notFound("Not found", headers);
  return pdfResponse(proposal);
}
