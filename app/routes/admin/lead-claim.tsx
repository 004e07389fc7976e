import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { LeadClaim } from "~/components/admin/lead-claim";
import { LeadSubpage } from "~/components/admin/lead-subpage";
import { actorOf } from "~/lib/actor";
import { businessToday } from "~/lib/business-time";
import type { FormResult } from "~/lib/form-result";
import {
  CLAIM_FILE_FIELD,
  CLAIM_FORM_SCHEMAS,
  CLAIM_INTENTS,
  CLAIM_MESSAGES,
  isClaimIntent,
} from "~/lib/insurance-claim";
import { parseId } from "~/lib/parse-id";
import { isRefusal, type Refusal } from "~/lib/refusal";
import { addSupplement, decideSupplement, saveClaim } from "~/models/insurance-claim.server";
import { refuseUnknownIntent } from "~/server/request-body.server";
import { notFound } from "~/server/responses.server";
import { parseUploadForm } from "~/server/upload.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { redirectWithFlash } from "~/services/flash.server";
import { leadClaimView, removeClaimFile, removeLeadClaim, storeClaimFile } from "~/services/insurance-claim.server";
import { requireVisibleLead } from "~/services/lead-access.server";
import type { Route } from "./+types/lead-claim";

/**
 * The lead page's "Insurance claim" card posts here (decision 0109): the claim marked,
 * changed or removed, supplements asked and decided, files kept and deleted. Done, back to
 * the card with a flash. A refused form, with scripts, comes back to the fetcher that sent it;
 * without, this page shows the card with the form, what was typed and its errors (a GET
 * shows the card alone).
 */

const ROUTE = "routes/admin/lead-claim";
const claimCard = (id: number) => `${href("/admin/leads/:id", { id: String(id) })}#claim`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, ROUTE);
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0);
  const claim = leadClaimView(lead.id, user);
  // The crew, on a lead that is no claim: nothing to show here.
  if (!claim) return redirect(href("/admin/leads/:id", { id: String(lead.id) }));
  return { lead: { id: lead.id, name: lead.name }, claim };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAccess(request, ROUTE);
  const posted = await parseUploadForm(request);
  // A file over the limit, refused as it streamed in: the file form says so.
  if ("error" in posted)
    return data<FormResult>(
      {
        intent: CLAIM_INTENTS.addFile,
        about: null,
        reply: { status: "error", error: { [CLAIM_FILE_FIELD]: [posted.error] } },
      },
      { status: 413 },
    );
  const { form, files } = posted;
  const intent = form.get("intent");
  requireIntent(user, ROUTE, intent);
  if (!isClaimIntent(intent)) return refuseUnknownIntent();
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0);
  const submission = parseWithZod(form, { schema: CLAIM_FORM_SCHEMAS[intent] });
  const about = parseId(form.get("supplementId")) ?? parseId(form.get("fileId"));
  const refuse = (refused?: Refusal) =>
    data<FormResult>(
      {
        intent,
        about,
        reply: submission.reply(
          refused
            ? refused.field
              ? { fieldErrors: { [refused.field]: [refused.refused] } }
              : { formErrors: [refused.refused] }
            : undefined,
        ),
      },
      { status: refused?.status ?? 400 },
    );
  if (submission.status !== "success") return refuse();
  const back = claimCard(lead.id);
  const by = actorOf(user);
  const today = businessToday();
  const value = submission.value;
  switch (value.intent) {
    case CLAIM_INTENTS.save: {
      const { intent: _, ...input } = value;
      if (input.lossOn && input.lossOn > today) return refuse({ refused: CLAIM_MESSAGES.futureLoss, field: "lossOn" });
      const saved = saveClaim(lead.id, input, by);
      if (saved === "no-lead") notFound();
      if (saved === "unchanged") return redirectWithFlash(back, { type: "info", message: CLAIM_MESSAGES.nothing });
      return redirectWithFlash(back, {
        type: "success",
        message: saved === "created" ? CLAIM_MESSAGES.marked : CLAIM_MESSAGES.saved,
      });
    }
    case CLAIM_INTENTS.remove: {
      const removed = removeLeadClaim(lead.id, by);
      if (!removed) return refuse({ refused: CLAIM_MESSAGES.noClaim, status: 409 });
      if (isRefusal(removed)) return refuse(removed);
      return redirectWithFlash(back, { type: "success", message: CLAIM_MESSAGES.removed });
    }
    case CLAIM_INTENTS.addSupplement: {
      const { intent: _, ...input } = value;
      if (input.submittedOn > today) return refuse({ refused: CLAIM_MESSAGES.futureDay, field: "submittedOn" });
      if (!addSupplement(lead.id, input, by)) return refuse({ refused: CLAIM_MESSAGES.noClaim, status: 409 });
      return redirectWithFlash(back, { type: "success", message: CLAIM_MESSAGES.supplementAdded });
    }
    case CLAIM_INTENTS.decideSupplement: {
      const { intent: _, supplementId, ...decision } = value;
      if (decision.decidedOn > today) return refuse({ refused: CLAIM_MESSAGES.futureDay, field: "decidedOn" });
      const decided = decideSupplement(lead.id, supplementId, decision, by);
      if (!decided) return refuse({ refused: CLAIM_MESSAGES.noSupplement, status: 409 });
      if (decided === "unchanged")
        return redirectWithFlash(back, { type: "info", message: CLAIM_MESSAGES.supplementUnchanged });
      if (isRefusal(decided)) return refuse(decided);
      return redirectWithFlash(back, {
        type: "success",
        message: decided.state === "approved" ? CLAIM_MESSAGES.supplementApproved : CLAIM_MESSAGES.supplementDenied,
      });
    }
    case CLAIM_INTENTS.addFile: {
      const stored = await storeClaimFile(lead.id, value.kind, files.get(CLAIM_FILE_FIELD), by);
      if (isRefusal(stored)) return refuse(stored);
      return redirectWithFlash(back, { type: "success", message: CLAIM_MESSAGES.fileAdded(value.kind) });
    }
    case CLAIM_INTENTS.deleteFile: {
      if (!removeClaimFile(lead.id, value.fileId, by)) return refuse({ refused: CLAIM_MESSAGES.noFile, status: 409 });
      return redirectWithFlash(back, { type: "success", message: CLAIM_MESSAGES.fileDeleted });
    }
    default:
      return refuseUnknownIntent();
  }
}

export default function LeadClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, claim } = loaderData;
  return (
    <LeadSubpage title="Insurance claim" lead={lead}>
      <LeadClaim view={claim} result={actionData} />
    </LeadSubpage>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Insurance claim: ${data?.lead.name ?? "Lead"} | Admin` },
  { name: "robots", content: "noindex" },
];
