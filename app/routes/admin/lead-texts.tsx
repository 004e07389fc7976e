import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { LeadSubpage } from "~/components/admin/lead-subpage";
import { LeadTexts } from "~/components/admin/lead-texts";
import { actorOf } from "~/lib/actor";
import type { FormResult } from "~/lib/form-result";
import { LEAD_TEXT_MESSAGES, LeadTextSchema, SEND_TEXT_INTENT, sentTextFlash } from "~/lib/lead-texts";
import { parseId } from "~/lib/parse-id";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { answerFormOrJson, jsonRefusal } from "~/server/responses.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { redirectWithFlash } from "~/services/flash.server";
import { requireVisibleLead } from "~/services/lead-access.server";
import { leadTextsView, sendLeadText } from "~/services/lead-texts.server";
import type { Route } from "./+types/lead-texts";

/**
 * The lead page's Texts section posts here: staff's words to the homeowner, sent at once
 * (services/lead-texts.server.ts), then the lead page's Texts with a flash saying whether it
 * went. A refused form, with scripts, comes back to the fetcher that sent it; without, this
 * page shows the lead's texts with the form, what was typed and its error (a GET shows the
 * same, the texts alone). A script asking for JSON gets `{ ok, status, message }` or
 * `{ ok: false, error }`.
 */

const ROUTE = "routes/admin/lead-texts";
const leadTexts = (id: number) => `${href("/admin/leads/:id", { id: String(id) })}#texts`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, ROUTE);
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0);
  return { lead: { id: lead.id, name: lead.name }, texts: leadTextsView(lead.id, user) };
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerFormOrJson(request, (json) => answer(request, params.id, json), LEAD_TEXT_MESSAGES.noLead);
}

async function answer(request: Request, rawId: string, json: boolean) {
  const user = await requireAccess(request, ROUTE);
  const form = await readForm(request);
  const intent = form.get("intent");
  requireIntent(user, ROUTE, intent);
  if (intent !== SEND_TEXT_INTENT) refuseUnknownIntent();
  const lead = requireVisibleLead(user, parseId(rawId) ?? 0);
  const submission = parseWithZod(form, { schema: LeadTextSchema });
  if (submission.status !== "success") {
    if (json) return jsonRefusal(400, Object.values(submission.error ?? {}).flat()[0] ?? LEAD_TEXT_MESSAGES.empty);
    return data<FormResult>({ intent, about: null, reply: submission.reply() }, { status: 400 });
  }
  const { body } = submission.value;
  const sent = await sendLeadText(lead.id, body, actorOf(user));
  const flash = sentTextFlash(sent, body);
  if (json)
    return "refused" in sent
      ? jsonRefusal(sent.status ?? 409, sent.refused)
      : Response.json({ ok: true, status: sent.status, message: flash.message });
  // A lead that cannot be texted: its page says why in place of the form.
  return redirectWithFlash(leadTexts(lead.id), flash);
}

export default function LeadTextsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, texts } = loaderData;
  return (
    <LeadSubpage title="Texts" lead={lead}>
      <LeadTexts view={texts} result={actionData} />
    </LeadSubpage>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Texts: ${data?.lead.name ?? "Lead"} | Admin` },
  { name: "robots", content: "noindex" },
];
