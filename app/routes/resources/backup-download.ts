import { requireAccess } from "~/services/access.server";
import { backupDownload } from "~/services/backups.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/backup-download";

/** A kept backup as a .tar.gz (owner only): the database, the pictures and the manifest. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "routes/resources/backup-download");
  return backupDownload(params.name) ?? notFound();
}
