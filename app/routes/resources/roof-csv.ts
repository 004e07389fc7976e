import { requireAccess } from "~/services/access.server";
import { refuseOthersFile } from "~/services/lead-access.server";
import { getLead } from "~/models/lead.server";
import { parseId } from "~/lib/parse-id";
import { csvHeaders } from "~/lib/csv";
import { roofCsvFileName, roofMeasurementsCsv } from "~/lib/roof-export";
import { getRoofCustomer } from "~/models/roof-customer.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/roof-csv";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/resources/roof-csv");
  const customer = getRoofCustomer(parseId(params.id) ?? 0);
  if (!customer) notFound();
  // The roof of someone else's lead is not the crew's (decision 0053).
  refuseOthersFile(user, customer.leadId ? getLead(customer.leadId) : undefined);
  const view = new URL(request.url).searchParams.get("view") === "side" ? "side" : "top";
  return new Response(roofMeasurementsCsv(view, customer, customer.drawingData), {
    headers: csvHeaders(roofCsvFileName(view)),
  });
}
