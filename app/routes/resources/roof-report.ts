import { fileNameSlug } from "~/lib/file-name";
import { requireAccess } from "~/services/access.server";
import { refuseOthersRoof } from "~/services/lead-access.server";
import { parseId } from "~/lib/parse-id";
import { buildRoofReport } from "~/services/roof-report.server";
import { getRoofCustomer } from "~/models/roof-customer.server";
import { getBusinessFacts } from "~/models/settings.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/roof-report";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/resources/roof-report");
  const customer = getRoofCustomer(parseId(params.id) ?? 0);
  if (!customer) notFound();
  // The roof of someone else's lead is not the crew's (decisions 0053, 0098).
  refuseOthersRoof(user, customer, { resource: true });
  const pdf = await buildRoofReport(customer, getBusinessFacts());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="roof-report-${fileNameSlug(customer.street)}.pdf"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "no-store",
    },
  });
}
