import { requireAccess } from "~/services/access.server";
import { refuseOthersRoof } from "~/services/lead-access.server";
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
  // The roof of someone else's lead is not the crew's (decisions 0053, 0098).
  refuseOthersRoof(user, customer, { resource: true });
  const view = new URL(request.url).searchParams.get("view") === "side" ? "side" : "top";
  return new Response(roofMeasurementsCsv(view, customer, customer.drawingData), {
    headers: csvHeaders(roofCsvFileName(view)),
  });
}
