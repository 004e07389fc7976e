import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, href, Link, redirect } from "react-router";
import { LeadPanel } from "~/components/admin/lead-panel";
import { LeadProposals } from "~/components/admin/lead-proposals";
import { LeadJob } from "~/components/admin/lead-job";
import { LeadRoof } from "~/components/admin/lead-roof";
import { LeadEstimate } from "~/components/admin/lead-estimate";
import { LeadSchedule } from "~/components/admin/lead-schedule";
import { LeadMoney } from "~/components/admin/lead-money";
import { LeadJobPageLink } from "~/components/admin/lead-job-page-link";
import { LeadTexts } from "~/components/admin/lead-texts";
import { LeadClaim } from "~/components/admin/lead-claim";
import { leadClaimView } from "~/services/insurance-claim.server";
import { leadTextsView } from "~/services/lead-texts.server";
import { leadScheduleView } from "~/services/lead-schedule-view.server";
import { leadMoneyView } from "~/services/lead-money-view.server";
import { leadJobPageLinkView } from "~/services/lead-job-page-link-view.server";
import { MAX_LINES, missingMaterialsMessage, SHINGLE_TIERS } from "~/lib/estimate";
import { MAX_ADD_ONS } from "~/lib/proposal-choice";
import {
  ADD_TO_PORTFOLIO_INTENT,
  ASSIGN_INTENT,
  ASK_REVIEW_INTENT,
  COMPLETE_INTENT,
  EMAIL_PROPOSAL_INTENT,
  isLeadIntent,
  LEAVE_OUT_INTENT,
  LeadFormSchema,
  leadUpdate,
  MAKE_ESTIMATE_INTENT,
  MEASURE_INTENT,
  REOPEN_INTENT,
  SAVE_ESTIMATE_INTENT,
  SEND_PROPOSAL_INTENT,
  STATUS_INTENT,
  unhandledForm,
  type LeadFormOf,
  type LeadFormResult,
} from "~/lib/lead-forms";
import { estimateAction } from "~/services/estimate-actions.server";
import { leadEstimateView } from "~/services/estimate-view.server";
import { PROPOSAL_MESSAGES } from "~/lib/proposal";
import {
  createProposal,
  emailProposalAction,
  leadProposalsView,
  proposalFormView,
} from "~/services/proposal-actions.server";
import { LEAD_MESSAGES } from "~/lib/lead-status";
import { addedBy } from "~/lib/manual-lead";
import { actorOf, type Actor } from "~/lib/actor";
import { markOpened, updateLead } from "~/models/lead.server";
import { firstLeadAuthor, leadHistoryPage } from "~/models/lead-history.server";
import { historyFor } from "~/lib/lead-history";
import { assignLead, assigneeOf, listAssignees } from "~/models/lead-assignment.server";
import { LeadAssignee } from "~/components/admin/lead-assignee";
import { mayAssign, maySeeLead } from "~/lib/lead-assignment";
import { decodeCursor, encodeCursor, LEAD_LIST_INTENTS } from "~/lib/lead-paging";
import { CANCEL_VISIT_INTENT } from "~/lib/visit-form";
import { PROJECT_INTENTS } from "~/lib/project-form";
import { refuseOthersLead, refuseUnlessVisible, requireVisibleLead } from "~/services/lead-access.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { secondaryButton } from "~/components/admin-ui";
import { LeadDetail } from "~/components/lead-detail";
import { LeadPhotoTimeline } from "~/components/admin/lead-photo-timeline";
import { defaultPhotoTag, JOB_PHOTO_INTENTS } from "~/lib/job-photos";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { mayPost, seesMoney } from "~/lib/access";
import { leadView } from "~/services/lead-view.server";
import { leadRoofView } from "~/services/roof-customer-view.server";
import { leadJobAction, leadJobView } from "~/services/lead-job.server";
import { findLeadRoof, roofCustomerForLead } from "~/models/roof-customer.server";
import { forgetLink, readLink, redirectShowingLink } from "~/services/new-link.server";
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
  const user = await requireAccess(request, "routes/admin/lead");
  const { role } = user;
  // The crew reaches their own leads and the free ones (decision 0053): someone else's is a 403.
  const id = requireVisibleLead(user, parseId(params.id) ?? 0).id;
  // Opened is read: "Unread" in the list means nobody has looked yet (a write on a GET, but
  // one that only records the look, as a mail program does).
  markOpened(id);
  const view = leadView(id);
  if (!view) notFound();
  const roof = findLeadRoof(view.lead.id);
  // The links shown once (services/new-link.server.ts): a proposal's just made, a review request's not mailed.
  const proposalLink = await readLink(request, view.lead.id, "proposal");
  const newLink = proposalLink?.proposalId ? { proposalId: proposalLink.proposalId, url: proposalLink.url } : null;
  // The crew sees no money (decision 0048): no estimate, no proposals, not even in the data.
  const money = seesMoney(role);
  // The history, latest first, a page at a time: ?history= is where the page before it ended.
  const asked = decodeCursor(new URL(request.url).searchParams.get("history"));
  const history = leadHistoryPage(id, asked && !asked.due ? { at: asked.at, id: asked.id } : null);
  const first = view.lead.source === "website" ? null : firstLeadAuthor(id);
  return {
    lead: view.lead,
    mails: view.mails,
    // Worded here for this reader: the crew's copy carries no amount (decision 0074).
    notes: historyFor(history.notes, role),
    historyLinks: {
      older: history.older ? `${leadPage(id)}?history=${encodeCursor({ due: false, ...history.older })}#history` : null,
      latest: asked ? `${leadPage(id)}#history` : null,
    },
    addedBy: addedBy(view.lead, first ? [{ author: first }] : []),
    assignee: assigneeOf(id),
    // Owner and office choose anyone; the crew takes or gives back (lib/lead-assignment.ts mayAssign).
    people: role === "crew" ? null : listAssignees(),
    me: user.userId,
    roof: roof ? leadRoofView(roof) : null,
    estimate: money ? leadEstimateView(view.lead.id) : null,
    job: leadJobView(view.lead, (await readLink(request, view.lead.id, "review"))?.url ?? null),
    proposals: money ? { list: leadProposalsView(view.lead.id), ...proposalFormView(view.lead.id), newLink } : null,
    // The job's visits, its invoices and payments (money: not the crew's), the homeowner's page.
    schedule: await leadScheduleView(request, view.lead.id, user),
    money: money ? await leadMoneyView(request, view.lead.id, user) : null,
    jobPageLink: money ? await leadJobPageLinkView(request, view.lead.id, user) : null,
    // The insurance claim: the crew reads the carrier and the adjuster, never its money.
    claim: leadClaimView(view.lead.id, user),
    // The conversation by text: everyone reads it, owner and office answer.
    texts: leadTextsView(view.lead.id, user),
    followsUp: mayPost(role, "routes/admin/lead", ASK_REVIEW_INTENT),
    manages: mayPost(role, "routes/admin/lead-list", LEAD_LIST_INTENTS.archive),
    photoView: {
      leadId: id,
      days: view.photoTimeline,
      defaultTag: defaultPhotoTag(view.lead),
      manages: mayPost(role, "routes/admin/lead-job-photos", JOB_PHOTO_INTENTS.share),
      me: user.userId,
    },
  };
}

/**
 * The lead page's forms (lib/lead-forms.ts): an intent the page does not have, or none, is a
 * 400; a refused form comes back to the form that posted it (`{ intent, reply }`); the rest
 * end in a redirect with a flash, as they would without scripts.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAccess(request, "routes/admin/lead");
  const id = parseId(params.id) ?? 0;
  // The estimate's lines: one row past its limit, so that the schema's own message answers one too many.
  // "Create proposal" ticks up to three shingle lines and the owner's add-ons (decision 0108).
  const form = await readForm(request, {
    lists: { lines: MAX_LINES + 1, tiers: SHINGLE_TIERS.length, addOns: MAX_ADD_ONS },
  });
  requireIntent(admin, "routes/admin/lead", form.get("intent"));
  const intent = form.get("intent");
  if (!isLeadIntent(intent)) return refuseUnknownIntent();
  // Someone else's lead is not the crew's to change (decision 0053); none at all, each form's 404.
  const lead = refuseUnlessVisible(admin, id);
  const submission = parseWithZod(form, { schema: LeadFormSchema });
  const refuse = (formError?: string) =>
    data<LeadFormResult>(
      { intent, about: null, reply: submission.reply(formError ? { formErrors: [formError] } : undefined) },
      { status: 400 },
    );
  if (submission.status !== "success") return refuse();
  const back = leadPage(id);
  const by = actorOf(admin);
  const value = submission.value;
  switch (value.intent) {
    case STATUS_INTENT: {
      const changed = updateLead(id, leadUpdate(value), by);
      if (changed === undefined) notFound();
      return redirectWithFlash(back, {
        type: changed ? "success" : "info",
        message: changed ? LEAD_MESSAGES.saved : LEAD_MESSAGES.nothing,
      });
    }
    case ASSIGN_INTENT: {
      const to = value.assignee ?? null;
      const outcome = assignLead(id, to, by, (from) => mayAssign(admin, from, to));
      if (outcome === "no-lead") notFound();
      if (outcome === "refused") refuseOthersLead(admin);
      if (outcome === "no-person") return refuse(LEAD_MESSAGES.badAssignee);
      if (outcome === "unchanged") return redirectWithFlash(back, { type: "info", message: LEAD_MESSAGES.nothing });
      return redirectWithFlash(back, {
        type: "success",
        message: LEAD_MESSAGES.assigned(assigneeOf(id)?.name ?? null),
      });
    }
    case MEASURE_INTENT: {
      // The lead's roof customer (made now, or the one made before): the roof tool opens on it.
      const customer = roofCustomerForLead(id);
      if (customer === undefined) notFound();
      return redirect(`${href("/admin/roof-measurement")}?customer=${customer}`);
    }
    case MAKE_ESTIMATE_INTENT:
    case SAVE_ESTIMATE_INTENT:
    case LEAVE_OUT_INTENT:
      return estimateAction(id, value, back, by, refuse);
    case SEND_PROPOSAL_INTENT:
      return sendProposal(id, value, by, refuse);
    case EMAIL_PROPOSAL_INTENT:
      return emailProposalAction(id, value.proposalId, back, by);
    case COMPLETE_INTENT:
    case REOPEN_INTENT:
    case ASK_REVIEW_INTENT:
    case ADD_TO_PORTFOLIO_INTENT: {
      const seesItDone = !lead || maySeeLead(admin, { ...lead, completedAt: new Date() });
      return leadJobAction(id, value, by, back, refuse, {
        reschedules: mayPost(admin.role, "routes/admin/lead-visits", CANCEL_VISIT_INTENT),
        backWhenDone: seesItDone ? back : href("/admin"),
        publishes: mayPost(admin.role, "admin-projects", PROJECT_INTENTS.publish),
      });
    }
    default:
      // A form added to LeadFormSchema without a case here does not compile.
      return unhandledForm(value);
  }
}

/** "Create proposal": made from the lead's estimate, then the lead's page with its link (shown once). */
async function sendProposal<Refusal>(
  id: number,
  form: LeadFormOf<typeof SEND_PROPOSAL_INTENT>,
  by: Actor,
  refuse: (message: string) => Refusal,
) {
  const created = createProposal(id, form, by);
  if (created === "no-lead") notFound();
  if (created === "no-estimate") return refuse(PROPOSAL_MESSAGES.noEstimate);
  if (created === "accepted") return refuse(PROPOSAL_MESSAGES.alreadyAccepted);
  if ("missing" in created) return refuse(missingMaterialsMessage(created.missing));
  return redirectShowingLink(
    leadPage(id),
    id,
    { kind: "proposal", url: created.url, proposalId: created.proposal.id },
    { type: "success", message: PROPOSAL_MESSAGES.sent },
  );
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    lead,
    mails,
    notes,
    historyLinks,
    addedBy,
    assignee,
    people,
    me,
    roof,
    estimate,
    proposals,
    job,
    schedule,
    money,
    jobPageLink,
    texts,
    followsUp,
    manages,
    photoView,
    claim,
  } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Lead</h1>
        <Link
          to={lead.archivedAt ? `${href("/admin/leads")}?view=archived` : href("/admin/leads")}
          className={secondaryButton}
        >
          <ArrowLeft aria-hidden className="size-4" /> {lead.archivedAt ? "Archived leads" : "Leads"}
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <div className="min-w-0 space-y-6">
          <LeadDetail lead={lead} mails={mails} addedBy={addedBy} manages={manages} />
          <LeadTexts view={texts} />
          <LeadPhotoTimeline view={photoView} />
        </div>
        <div className="min-w-0 space-y-6">
          <LeadAssignee key={assignee?.id ?? 0} assignee={assignee} people={people} me={me} result={actionData} />
          <LeadJob lead={lead} job={job} result={actionData} followsUp={followsUp} />
          <LeadClaim view={claim} />
          <LeadSchedule view={schedule} />
          <LeadJobPageLink view={jobPageLink} />
          <LeadRoof roof={roof} />
          <LeadPanel lead={lead} notes={notes} links={historyLinks} result={actionData} me={me} />
        </div>
      </div>
      {estimate && <LeadEstimate view={estimate} result={actionData} />}
      {proposals && (
        <LeadProposals
          proposals={proposals.list}
          estimateTotal={proposals.estimateTotal}
          blocked={proposals.blocked}
          defaults={proposals.defaults}
          factLines={proposals.factLines}
          offer={proposals.offer}
          newLink={proposals.newLink}
          result={actionData}
        />
      )}
      <LeadMoney view={money} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.lead.name ?? "Lead"} | Admin` },
  { name: "robots", content: "noindex" },
];
