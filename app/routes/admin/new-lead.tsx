import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, href, Link } from "react-router";
import { ManualLeadForm } from "~/components/admin/manual-lead-form";
import { secondaryButton } from "~/components/admin-ui";
import { MANUAL_LEAD_MESSAGES, ManualLeadSchema } from "~/lib/manual-lead";
import { assigneeOfNewLead } from "~/lib/lead-assignment";
import { createManualLead } from "~/models/lead.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess } from "~/services/access.server";
import type { Route } from "./+types/new-lead";
import { actorOf } from "~/lib/actor";

const LEADS = href("/admin/leads");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/new-lead");
  return null;
}

/** A phone call written down: stored with its first history entry (who wrote it), then its page; or the form again with what was typed. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAccess(request, "routes/admin/new-lead");
  const form = await readForm(request);
  // One form, which names no intent: any other is not this page's save.
  if (form.has("intent")) return refuseUnknownIntent();
  const submission = parseWithZod(form, { schema: ManualLeadSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const lead = createManualLead(submission.value, actorOf(admin), assigneeOfNewLead(admin));
    return redirectWithFlash(href("/admin/leads/:id", { id: String(lead.id) }), {
      type: "success",
      message: MANUAL_LEAD_MESSAGES.added,
    });
  } catch (error) {
    console.error("Adding a lead by hand failed:", error);
    return data(submission.reply({ formErrors: [MANUAL_LEAD_MESSAGES.failed] }), { status: 500 });
  }
}

export default function NewLead({ actionData }: Route.ComponentProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Add a lead</h1>
          <p className="mt-1 text-ink-soft">Write down a phone call. No email goes out for it.</p>
        </div>
        <Link to={LEADS} className={secondaryButton}>
          <ArrowLeft aria-hidden className="size-4" /> Leads
        </Link>
      </div>
      <ManualLeadForm lastResult={actionData} cancelTo={LEADS} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Add a lead | Admin" }, { name: "robots", content: "noindex" }];
