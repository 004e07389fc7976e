import { href, redirect } from "react-router";
import { actorOf } from "~/lib/actor";
import { JOB_PAGE_LINK_MESSAGES, NEW_JOB_PAGE_LINK_INTENT, REVOKE_JOB_PAGE_LINKS_INTENT } from "~/lib/job-page";
import { revokeJobPageLinks } from "~/models/job-page-link.server";
import { getLead } from "~/models/lead.server";
import { notFound } from "~/server/responses.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { jobPageLinkUrl } from "~/services/job-page-link.server";
import { redirectShowingLink } from "~/services/new-link.server";
import type { Route } from "./+types/lead-job-page-link";

// The lead page's forms for the homeowner's job page (components/admin/lead-job-page-link.tsx)
// posts here; a GET (an old tab, a typed address) goes to the lead page.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/lead-job-page-link");
  return redirect(href("/admin/leads/:id", { id: String(parseId(params.id) ?? 0) }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/lead-job-page-link");
  const form = await readForm(request);
  const intent = form.get("intent");
  requireIntent(user, "routes/admin/lead-job-page-link", intent);
  const id = parseId(params.id);
  const lead = id === null ? undefined : getLead(id);
  if (!lead) notFound();
  const leadPage = href("/admin/leads/:id", { id: String(lead.id) });
  switch (intent) {
    case NEW_JOB_PAGE_LINK_INTENT: {
      if (lead.status !== "won" && !lead.completedAt)
        return redirectWithFlash(leadPage, { type: "error", message: JOB_PAGE_LINK_MESSAGES.notWon });
      // The job's one live link, the one its mails carry (decision 0076): a new one only after revoking.
      const url = jobPageLinkUrl(lead.id);
      return redirectShowingLink(
        leadPage,
        lead.id,
        { kind: "job", url },
        { type: "success", message: JOB_PAGE_LINK_MESSAGES.made },
      );
    }
    case REVOKE_JOB_PAGE_LINKS_INTENT: {
      // Whatever the lead's status: mails before the sale carry links too.
      const turnedOff = revokeJobPageLinks(lead.id, actorOf(user));
      return redirectWithFlash(
        leadPage,
        turnedOff > 0
          ? { type: "success", message: JOB_PAGE_LINK_MESSAGES.revoked(turnedOff) }
          : { type: "info", message: JOB_PAGE_LINK_MESSAGES.noneToRevoke },
      );
    }
    default:
      return refuseUnknownIntent();
  }
}
