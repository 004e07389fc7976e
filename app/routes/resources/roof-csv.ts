import { requireAccess } from "~/services/access.server";
import { parseId } from "~/services/admin-actions.server";
import { csvHeaders } from "~/lib/csv";
import { roofCsvFileName, roofMeasurementsCsv } from "~/lib/roof-export";
import { getRoofCustomer } from "~/models/roof-customer.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/roof-csv";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "routes/resources/roof-csv");
  const customer = getRoofCustomer(parseId(params.id) ?? 0);
  if (!customer) notFound();
  const view = new URL(request.url).searchParams.get("view") === "side" ? "side" : "top";
  return new Response(roofMeasurementsCsv(view, customer, customer.drawingData), {
    headers: csvHeaders(roofCsvFileName(view)),
  });
}
