import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { LeadPanel } from "~/components/admin/lead-panel";
import { LeadRoof, MEASURE_INTENT } from "~/components/admin/lead-roof";
import { LeadEstimate } from "~/components/admin/lead-estimate";
import { MAKE_ESTIMATE_INTENT, SAVE_ESTIMATE_INTENT } from "~/lib/estimate";
import { estimateAction } from "~/services/estimate-actions.server";
import { leadEstimateView } from "~/services/estimate-view.server";
import { LEAD_MESSAGES, leadFormValues, parseLeadUpdate } from "~/lib/leads";
import { addedBy } from "~/lib/manual-lead";
import { listLeadNotes, updateLead } from "~/models/lead.server";
import { readForm } from "~/server/request-body.server";
import { secondaryButton } from "~/components/admin-ui";
import { MessageDetail, messagePath } from "~/components/message-detail";
import { parseId, redirectWithFlash } from "~/services/admin-actions.server";
import { requireAdmin } from "~/services/auth.server";
import { contactMessageView } from "~/services/contact-message-view.server";
import { leadRoofView } from "~/services/roof-customer-view.server";
import { findLeadRoof, roofCustomerForLead } from "~/models/roof-customer.server";
import { ROOF_TOOL } from "~/lib/roof-customer-form";
import type { Route } from "./+types/message";

/** One message (a quote request) with its photos. Opening it marks nothing: no GET changes anything. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = contactMessageView(parseId(params.id) ?? 0);
  if (!view) throw new Response("Not found", { status: 404 });
  const roof = findLeadRoof(view.message.id);
  return { ...view, notes: listLeadNotes(view.message.id), roof: roof ? leadRoofView(roof) : null, estimate: leadEstimateView(view.message.id) };
}

/** The lead's form: saved with its history, or sent back with what was typed and why not. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id) ?? 0;
  const form = await readForm(request);
  if (form.get("intent") === MEASURE_INTENT) {
    // The lead's roof customer (made now, or the one made before): the roof tool opens on it.
    const customer = roofCustomerForLead(id);
    if (customer === undefined) throw new Response("Not found", { status: 404 });
    return redirect(`${ROOF_TOOL}?customer=${customer}`);
  }
  const intent = form.get("intent");
  if (intent === MAKE_ESTIMATE_INTENT || intent === SAVE_ESTIMATE_INTENT) return estimateAction(id, intent, form, messagePath(id));
  const parsed = parseLeadUpdate(form);
  if (!parsed.ok) {
    return data({ error: parsed.message, values: leadFormValues(form) }, { status: 400 });
  }
  const changed = updateLead(id, parsed.data, admin.email);
  if (changed === undefined) throw new Response("Not found", { status: 404 });
  return redirectWithFlash(messagePath(id), { type: changed ? "success" : "info", message: changed ? LEAD_MESSAGES.saved : LEAD_MESSAGES.nothing });
}

export default function Message({ loaderData, actionData }: Route.ComponentProps) {
  const { message, photos, notes, roof, estimate } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Lead</h1>
        <Link to={message.archivedAt ? "/admin/messages?view=archived" : "/admin/messages"} className={secondaryButton}>
          <ArrowLeft aria-hidden className="size-4" /> {message.archivedAt ? "Archived leads" : "Leads"}
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <MessageDetail message={message} photos={photos} addedBy={addedBy(message, notes)} />
        <div className="space-y-6">
          <LeadRoof roof={roof} />
          <LeadPanel lead={message} notes={notes} error={actionData && "error" in actionData ? actionData.error : undefined} values={actionData && "values" in actionData ? actionData.values : undefined} />
        </div>
      </div>
      <LeadEstimate view={estimate} actionResult={actionData && "estimateForm" in actionData ? actionData : undefined} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.message.name ?? "Message"} | Admin` },
  { name: "robots", content: "noindex" },
];
