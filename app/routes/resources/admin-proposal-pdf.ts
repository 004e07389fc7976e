import { parseId } from "~/lib/parse-id";
import { requireAccess } from "~/services/access.server";
import { getLeadProposal } from "~/models/proposal.server";
import { pdfResponse } from "~/services/proposal-pdf.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/admin-proposal-pdf";

/** A proposal's PDF for staff, from the lead's page: the same paper the homeowner gets. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "routes/resources/admin-proposal-pdf");
  const proposal = getLeadProposal(parseId(params.id) ?? 0, parseId(params.pid) ?? 0);
  if (!proposal) notFound();
  return pdfResponse(proposal);
}
