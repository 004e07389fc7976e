import { pdfResponse } from "~/services/proposal-pdf.server";
import { proposalState, PROPOSAL_MESSAGES, PROPOSAL_REPLACED_TEXT } from "~/lib/proposal";
import { proposalContent, proposalForToken } from "~/services/proposal-actions.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/proposal-pdf";

/**
 * The homeowner's PDF of their proposal, by the same link's token (no account). Expired or
 * not, it is theirs to keep; a replaced one answers 410 as its page does; an unknown token
 * is not found.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const proposal = proposalForToken(params.token);
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!proposal) notFound("Not found", headers);
  // A replaced proposal's paper would be a price that no longer stands: the link says so instead.
  if (proposalState(proposal) === "withdrawn") {
    const { phone } = proposalContent(proposal).company;
    return new Response(`${PROPOSAL_MESSAGES.replaced}. ${PROPOSAL_REPLACED_TEXT} Phone: ${phone}\n`, {
      status: 410,
      headers,
    });
  }
  return pdfResponse(proposal);
}
