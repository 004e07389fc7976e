import { requireAccess } from "~/services/access.server";
import { uploadToLibrary } from "~/services/library-upload.server";
import { parseUploadForm } from "~/server/upload.server";
import type { Route } from "./+types/image-upload";
import { isRefusal } from "~/lib/refusal";

/** Opened as a page: the address takes uploads only (401 or 403 first for whoever may not upload). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/resources/image-upload");
  return new Response("This address takes uploads only.", { status: 405, headers: { Allow: "POST" } });
}

/** The library's upload when scripts run: JSON back, so the page can show progress. */
export async function action({ request }: Route.ActionArgs) {
  await requireAccess(request, "routes/resources/image-upload");
  const result = await uploadToLibrary(await parseUploadForm(request));
  // The page's upload script reads { ok, message }.
  if (isRefusal(result)) {
    const status = result.status ?? 400;
    return Response.json({ ok: false, message: result.refused, status }, { status });
  }
  return Response.json({ ok: true, message: result.message });
}
