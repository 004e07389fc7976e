import { parseId } from "~/lib/parse-id";
import { requireAccess } from "~/services/access.server";
import { claimFileResponse } from "~/services/insurance-claim.server";
import { requireVisibleLead } from "~/services/lead-access.server";
import type { Route } from "./+types/claim-file";

/**
 * A file kept on a lead's insurance claim (the carrier's scope, a photo, a letter): private,
 * for signed-in staff who may see the lead, never kept by a shared cache. The crew opens the
 * scope and the photos only.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/resources/claim-file");
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0, { resource: true });
  return claimFileResponse(user, lead.id, parseId(params.fileId) ?? 0);
}
