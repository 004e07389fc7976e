import { getLeadInvoice } from "~/models/invoice.server";
import { requireAccess } from "~/services/access.server";
import { parseId } from "~/lib/parse-id";
import { invoicePdfResponse } from "~/services/invoice-pdf.server";
import { requireVisibleLead } from "~/services/lead-access.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/admin-invoice-pdf";

/** An invoice's PDF for staff (a draft's too, marked as one). Money: never the crew's. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/resources/admin-invoice-pdf");
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0, { resource: true });
  const invoice = getLeadInvoice(lead.id, parseId(params.iid) ?? 0);
  if (!invoice) notFound();
  return invoicePdfResponse(invoice);
}
