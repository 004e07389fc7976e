import { pdfResponse } from "~/services/proposal-pdf.server";
import { proposalForToken } from "~/services/proposals.server";
import type { Route } from "./+types/proposal-pdf";

/**
 * The homeowner's PDF of their proposal, by the same link's token (no account). Expired or
 * not, it is theirs to keep; an unknown token is not found.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const proposal = proposalForToken(params.token);
  if (!proposal) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return pdfResponse(proposal);
}
