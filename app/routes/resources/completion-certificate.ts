import { requireAccess } from "~/services/access.server";
import { parseId } from "~/lib/parse-id";
import { completionCertificateResponse } from "~/services/completion-certificate-pdf.server";
import { requireVisibleLead } from "~/services/lead-access.server";
import type { Route } from "./+types/completion-certificate";

/** An insurance claim's completion certificate for the carrier (staff); 404 before the job is completed. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/resources/completion-certificate");
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0, { resource: true });
  return completionCertificateResponse(lead.id);
}
