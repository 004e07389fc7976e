import { requireAccess } from "~/services/access.server";
import { refuseOthersFile } from "~/services/lead-access.server";
import { photoLead } from "~/models/lead-assignment.server";
import { readUpload } from "~/server/storage.server";
import { notFound, privateImageResponse } from "~/server/responses.server";
import type { Route } from "./+types/private-image";

/**
 * A private picture (a roof tool picture, a photo sent with a quote request: someone's
 * house): for signed-in staff only, never cached by a shared cache.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, "lead-photo");
  // A photo of someone else's lead is not the crew's to see (decision 0053).
  refuseOthersFile(user, photoLead(params.name));
  const file = await readUpload(params.name, "private");
  if (!file) notFound();
  return privateImageResponse(file);
}
