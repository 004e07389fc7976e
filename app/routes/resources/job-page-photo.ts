import { findLeadPhotoOfFile } from "~/models/lead-photo.server";
import { readUpload } from "~/server/storage.server";
import { notFound, privateImageResponse } from "~/server/responses.server";
import { findJobByToken } from "~/services/job-page-link.server";
import type { Route } from "./+types/job-page-photo";

/**
 * A photo the office shared on the homeowner's job page (or a smaller copy of it), by the
 * page's token: only a photo of that token's lead, and only while it is shared. Anything
 * else is the same 404 as an unknown link, whether the photo exists or not. Someone's house:
 * never kept by a shared cache.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" };
  const leadId = findJobByToken(params.token);
  const photo = leadId === null ? undefined : findLeadPhotoOfFile(leadId, params.name);
  if (!photo?.sharedAt) notFound("Not found", headers);
  const file = await readUpload(params.name, "private");
  if (!file) notFound("Not found", headers);
  return privateImageResponse(file, { "X-Robots-Tag": "noindex" });
}
