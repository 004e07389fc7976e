import { ArrowLeft } from "lucide-react";
import { data, href, Link, redirect } from "react-router";
import { LeadPanel } from "~/components/admin/lead-panel";
import { EMAIL_PROPOSAL_INTENT, LeadProposals, SEND_PROPOSAL_INTENT } from "~/components/admin/lead-proposals";
import { LeadJob } from "~/components/admin/lead-job";
import { LeadRoof, MEASURE_INTENT } from "~/components/admin/lead-roof";
import { LeadEstimate } from "~/components/admin/lead-estimate";
import { isEstimateIntent, MAX_LINES, missingMaterialsMessage } from "~/lib/estimate";
import { estimateAction } from "~/services/estimate-actions.server";
import { leadEstimateView } from "~/services/estimate-view.server";
import { parseProposalForm, PROPOSAL_MESSAGES, TERMS_MAX } from "~/lib/proposal";
import { setFlash } from "~/services/flash.server";
import { createProposal, emailProposalAction, leadProposalsView, proposalFormView } from "~/services/proposal-actions.server";
import { LEAD_MESSAGES, leadFormValues, parseLeadUpdate } from "~/lib/lead-status";
import { addedBy } from "~/lib/manual-lead";
import { listLeadNotes, updateLead } from "~/models/lead.server";
import { readForm } from "~/server/request-body.server";
import { secondaryButton } from "~/components/admin-ui";
import { LeadDetail } from "~/components/lead-detail";
import { parseId, redirectWithFlash, refuseUnknownIntent } from "~/services/admin-actions.server";
import { requireAdmin } from "~/services/auth.server";
import { leadView } from "~/services/lead-view.server";
import { leadRoofView } from "~/services/roof-customer-view.server";
import { isJobIntent, leadJobAction, leadJobView } from "~/services/lead-job.server";
import { findLeadRoof, roofCustomerForLead } from "~/models/roof-customer.server";
import { forgetLink, readLink, rememberLink } from "~/services/new-link.server";
import { ROOF_TOOL } from "~/lib/roof-customer-form";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/lead";

// A proposal's link is shown once, on the page after "Create proposal": whatever page of a
// lead a GET answers, the cookie carrying it is forgotten (the loader has read it).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const response = (await next()) as Response;
    const forget = request.method === "GET" ? await forgetLink(request) : null;
    if (forget) response.headers.append("Set-Cookie", forget);
    return response;
  },
];

const leadPage = (id: number) => href("/admin/leads/:id", { id: String(id) });

/** One lead with its photos. Opening it marks nothing: no GET changes anything. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = leadView(parseId(params.id) ?? 0);
  if (!view) notFound();
  const roof = findLeadRoof(view.lead.id);
  // The links shown once (services/new-link.server.ts): a proposal's just made, a review request's not mailed.
  const proposalLink = await readLink(request, view.lead.id, "proposal");
  const newLink = proposalLink?.proposalId ? { proposalId: proposalLink.proposalId, url: proposalLink.url } : null;
  return {
    ...view,
    notes: listLeadNotes(view.lead.id),
    roof: roof ? leadRoofView(roof) : null,
    estimate: leadEstimateView(view.lead.id),
    job: leadJobView(view.lead, (await readLink(request, view.lead.id, "review"))?.url ?? null),
    proposals: { list: leadProposalsView(view.lead.id), ...proposalFormView(view.lead.id), newLink },
  };
}

/** The lead's form: saved with its history, or sent back with what was typed and why not. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id) ?? 0;
  // The estimate's lines: one row past its limit, so that the schema's own message answers one too many.
  const form = await readForm(request, { lists: { lines: MAX_LINES + 1 } });
  if (form.get("intent") === MEASURE_INTENT) {
    // The lead's roof customer (made now, or the one made before): the roof tool opens on it.
    const customer = roofCustomerForLead(id);
    if (customer === undefined) notFound();
    return redirect(`${ROOF_TOOL}?customer=${customer}`);
  }
  const intent = form.get("intent");
  if (isEstimateIntent(intent)) return estimateAction(id, intent, form, leadPage(id), admin.email);
  if (intent === SEND_PROPOSAL_INTENT) return sendProposal(id, form, admin.email);
  if (intent === EMAIL_PROPOSAL_INTENT) return emailProposalAction(id, parseId(form.get("proposalId")), leadPage(id));
  if (isJobIntent(intent)) return leadJobAction(intent, id, form, admin.email, leadPage(id));
  if (intent !== "lead") return refuseUnknownIntent();
  const parsed = parseLeadUpdate(form);
  if (!parsed.ok) {
    return data({ error: parsed.message, values: leadFormValues(form) }, { status: 400 });
  }
  const changed = updateLead(id, parsed.data, admin.email);
  if (changed === undefined) notFound();
  return redirectWithFlash(leadPage(id), { type: changed ? "success" : "info", message: changed ? LEAD_MESSAGES.saved : LEAD_MESSAGES.nothing });
}

/** "Create proposal": made from the lead's estimate, then the lead's page with its link (shown once). */
async function sendProposal(id: number, form: FormData, author: string) {
  const values = { terms: String(form.get("terms") ?? "").slice(0, TERMS_MAX + 100), validDays: String(form.get("validDays") ?? "").slice(0, 10) };
  const parsed = parseProposalForm(form);
  if (!parsed.ok) return data({ proposalError: parsed.message, proposalValues: values }, { status: 400 });
  const created = createProposal(id, parsed.data, author);
  if (created === "no-lead") notFound();
  if (created === "no-estimate") return data({ proposalError: PROPOSAL_MESSAGES.noEstimate, proposalValues: values }, { status: 400 });
  if (created === "accepted") return data({ proposalError: PROPOSAL_MESSAGES.alreadyAccepted, proposalValues: values }, { status: 400 });
  if ("missing" in created) return data({ proposalError: missingMaterialsMessage(created.missing), proposalValues: values }, { status: 400 });
  const headers = new Headers({ "Set-Cookie": await setFlash({ type: "success", message: PROPOSAL_MESSAGES.sent }) });
  headers.append("Set-Cookie", await rememberLink(id, { kind: "proposal", url: created.url, proposalId: created.proposal.id }));
  return redirect(leadPage(id), { headers });
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, mails, photos, notes, roof, estimate, proposals, job } = loaderData;
  const proposalForm = actionData && "proposalError" in actionData ? actionData : undefined;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Lead</h1>
        <Link to={lead.archivedAt ? `${href("/admin/leads")}?view=archived` : href("/admin/leads")} className={secondaryButton}>
          <ArrowLeft aria-hidden className="size-4" /> {lead.archivedAt ? "Archived leads" : "Leads"}
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <LeadDetail lead={lead} mails={mails} photos={photos} addedBy={addedBy(lead, notes)} />
        <div className="space-y-6">
          <LeadJob lead={lead} job={job} photos={photos} draftReply={actionData && "draft" in actionData ? actionData.draft : undefined} />
          <LeadRoof roof={roof} />
          <LeadPanel lead={lead} notes={notes} error={actionData && "error" in actionData ? actionData.error : undefined} values={actionData && "values" in actionData ? actionData.values : undefined} />
        </div>
      </div>
      <LeadEstimate view={estimate} actionResult={actionData && "estimateForm" in actionData ? actionData : undefined} />
      <LeadProposals
        proposals={proposals.list}
        estimateTotal={proposals.estimateTotal}
        blocked={proposals.blocked}
        defaults={proposals.defaults}
        newLink={proposals.newLink}
        error={proposalForm?.proposalError}
        values={proposalForm?.proposalValues}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.lead.name ?? "Lead"} | Admin` },
  { name: "robots", content: "noindex" },
];
