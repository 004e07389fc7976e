import { requireAccess } from "~/services/access.server";
import { exportResponse } from "~/services/export.server";
import type { Route } from "./+types/export-zip";

/** "Export everything": every record as CSV and every picture, as one .zip (owner only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/resources/export-zip");
  return exportResponse();
}
