import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { actorOf } from "~/lib/actor";
import { JobNoteSchema } from "~/lib/lead-forms";
import { LEAD_MESSAGES } from "~/lib/lead-status";
import { JOB_PHOTO_MESSAGES } from "~/lib/job-photos";
import { parseId } from "~/lib/parse-id";
import { writePhoneNote } from "~/models/lead-history.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { redirectWithFlash } from "~/services/flash.server";
import { refuseQueuedForAnother, requireVisibleLead } from "~/services/lead-access.server";
import { readForm } from "~/server/request-body.server";
import { answerFormOrJson, jsonRefusal } from "~/server/responses.server";
import type { Route } from "./+types/lead-job-notes";

/**
 * A note a phone kept while it had no signal (decision 0099), sent by its queue: anyone who
 * may see the lead adds one. JSON back (`{ ok, added }`, or `{ ok: false, error }` with its
 * status); posted as a plain form, the lead page's history with a flash. The same words by
 * the same person from the last day are kept once (a send retried).
 */

const ROUTE = "routes/admin/lead-job-notes";
const leadHistory = (id: number) => `${href("/admin/leads/:id", { id: String(id) })}#history`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, ROUTE);
  return redirect(leadHistory(requireVisibleLead(user, parseId(params.id) ?? 0).id));
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerFormOrJson(request, (json) => answer(request, params.id, json), JOB_PHOTO_MESSAGES.noLead);
}

async function answer(request: Request, rawId: string, json: boolean): Promise<Response> {
  const user = await requireAccess(request, ROUTE);
  refuseQueuedForAnother(request, user);
  const form = await readForm(request);
  requireIntent(user, ROUTE, "");
  const lead = requireVisibleLead(user, parseId(rawId) ?? 0);
  const submission = parseWithZod(form, { schema: JobNoteSchema });
  if (submission.status !== "success") {
    const error = Object.values(submission.error ?? {}).flat()[0] ?? LEAD_MESSAGES.noteEmpty;
    return json ? jsonRefusal(400, error) : redirectWithFlash(leadHistory(lead.id), { type: "error", message: error });
  }
  const added = writePhoneNote(lead.id, submission.value.note, actorOf(user));
  return json
    ? Response.json({ ok: true, added: added ? 1 : 0 })
    : redirectWithFlash(leadHistory(lead.id), { type: "success", message: LEAD_MESSAGES.noteAdded });
}
