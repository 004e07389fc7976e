import { requireAccess } from "~/services/access.server";
import { readUpload } from "~/server/storage.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/private-image";

/**
 * A private picture (a roof tool picture, a photo sent with a quote request: someone's
 * house): for signed-in staff only, never cached by a shared cache.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "lead-photo");
  const file = await readUpload(params.name, "private");
  if (!file) notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
