import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { actorOf } from "~/lib/actor";
import { isIntentOf, mayPost } from "~/lib/access";
import {
  ADD_PHOTOS_INTENT,
  JOB_PHOTO_INTENTS,
  JOB_PHOTO_MESSAGES,
  JobPhotoRowSchema,
  leadPhotosAnchor,
} from "~/lib/job-photos";
import { parseId } from "~/lib/parse-id";
import { isRefusal, type Refusal } from "~/lib/refusal";
import { setPhotoShared } from "~/models/lead-photo.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { redirectWithFlash, type Flash } from "~/services/flash.server";
import { readJobPhotoForm, removeLeadPhoto, storeTeamPhotos } from "~/services/job-photos.server";
import { refuseQueuedForAnother, requireVisibleLead } from "~/services/lead-access.server";
import { refuseUnknownIntent } from "~/server/request-body.server";
import { answerFormOrJson, jsonRefusal } from "~/server/responses.server";
import type { Route } from "./+types/lead-job-photos";

/**
 * A lead's photos: the team adds them (the lead page's form, or a phone's queue sending what
 * it took without signal), the office shares one on the homeowner's job page or stops, and
 * deletes. No page of its own: every answer goes back to the lead page's Photos section with
 * a flash, or, to a request that asks for JSON (the queue), `{ ok, added }` or `{ ok: false,
 * error }` with its status, signed out and refused included.
 */

const ROUTE = "routes/admin/lead-job-photos";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, ROUTE);
  return redirect(leadPhotosAnchor(requireVisibleLead(user, parseId(params.id) ?? 0).id));
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerFormOrJson(request, (json) => answer(request, params.id, json), JOB_PHOTO_MESSAGES.noLead);
}

async function answer(request: Request, rawId: string, json: boolean): Promise<Response> {
  const user = await requireAccess(request, ROUTE);
  refuseQueuedForAnother(request, user);
  const posted = await readJobPhotoForm(request);
  const intent = posted.form.get("intent") ?? ADD_PHOTOS_INTENT;
  requireIntent(user, ROUTE, intent);
  const lead = requireVisibleLead(user, parseId(rawId) ?? 0);
  const back = leadPhotosAnchor(lead.id);
  const done = (flash: Flash, added?: number) =>
    json ? Response.json({ ok: true, ...(added === undefined ? {} : { added }) }) : redirectWithFlash(back, flash);
  const refuse = (refused: Refusal) =>
    json
      ? jsonRefusal(refused.status ?? 400, refused.refused)
      : // A file's name can be long: the flash keeps what fits.
        redirectWithFlash(back, { type: "error", message: refused.refused.slice(0, 300) });

  if (intent === ADD_PHOTOS_INTENT) {
    const outcome = await storeTeamPhotos(posted, lead.id, actorOf(user));
    if (isRefusal(outcome)) return refuse(outcome);
    return outcome.added
      ? done({ type: "success", message: JOB_PHOTO_MESSAGES.added(outcome.added) }, outcome.added)
      : done({ type: "info", message: JOB_PHOTO_MESSAGES.alreadyAdded }, 0);
  }
  if (!isIntentOf(JOB_PHOTO_INTENTS, intent)) return refuseUnknownIntent();
  const submission = parseWithZod(posted.form, { schema: JobPhotoRowSchema });
  if (submission.status !== "success") return refuse({ refused: JOB_PHOTO_MESSAGES.noPhoto });
  const { photoId } = submission.value;
  switch (submission.value.intent) {
    case JOB_PHOTO_INTENTS.share:
    case JOB_PHOTO_INTENTS.unshare: {
      const shared = submission.value.intent === JOB_PHOTO_INTENTS.share;
      const photo = setPhotoShared(lead.id, photoId, shared);
      if (!photo) return refuse({ refused: JOB_PHOTO_MESSAGES.noPhoto });
      return done({ type: "success", message: shared ? JOB_PHOTO_MESSAGES.shared : JOB_PHOTO_MESSAGES.unshared });
    }
    case JOB_PHOTO_INTENTS.delete: {
      // Owner and office delete any photo; anyone else only one they took.
      const anyPhoto = mayPost(user.role, ROUTE, JOB_PHOTO_INTENTS.share);
      const deleted = removeLeadPhoto(lead.id, photoId, (p) => anyPhoto || p.takenBy === user.userId);
      if (!deleted) return refuse({ refused: JOB_PHOTO_MESSAGES.noPhoto });
      if (isRefusal(deleted)) return refuse(deleted);
      return done({ type: "success", message: JOB_PHOTO_MESSAGES.deleted });
    }
    default:
      return refuseUnknownIntent();
  }
}
