import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { ON_MY_WAY_MESSAGES, OnMyWaySchema } from "~/lib/on-my-way";
import { parseId } from "~/lib/parse-id";
import { isRefusal } from "~/lib/refusal";
import { requireAccess, requireIntent } from "~/services/access.server";
import { redirectWithFlash } from "~/services/flash.server";
import { sendOnMyWay } from "~/services/on-my-way.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { answerFormOrJson, jsonRefusal, notFound } from "~/server/responses.server";
import type { Route } from "./+types/visit-on-my-way";

/**
 * "On my way" from a visit's card on My day (lib/on-my-way.ts): the visit's own person, or
 * the owner or office, texts the homeowner. A plain form gets My day again with a flash; a
 * script asking for JSON gets `{ ok: true, message }` (or `{ ok: false, error }` with its status).
 */

const ROUTE = "routes/admin/visit-on-my-way";
const myDay = () => href("/admin/my-day");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, ROUTE);
  return redirect(myDay());
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerFormOrJson(request, (json) => answer(request, params.id, json), ON_MY_WAY_MESSAGES.notToday);
}

async function answer(request: Request, rawId: string, json: boolean): Promise<Response> {
  const user = await requireAccess(request, ROUTE);
  const form = await readForm(request);
  // One form, which names no intent: any other is not this route's.
  if (form.has("intent")) return refuseUnknownIntent();
  requireIntent(user, ROUTE, "");
  const visitId = parseId(rawId);
  if (visitId === null) notFound();
  const submission = parseWithZod(form, { schema: OnMyWaySchema });
  if (submission.status !== "success") {
    const error = ON_MY_WAY_MESSAGES.badMinutes;
    return json ? jsonRefusal(400, error) : redirectWithFlash(myDay(), { type: "error", message: error });
  }
  const outcome = await sendOnMyWay(user, visitId, submission.value.minutes);
  if (isRefusal(outcome))
    return json
      ? jsonRefusal(outcome.status ?? 400, outcome.refused)
      : redirectWithFlash(myDay(), { type: "error", message: outcome.refused });
  return json
    ? Response.json({ ok: true, message: outcome.sent })
    : redirectWithFlash(myDay(), { type: outcome.tone, message: outcome.sent });
}
