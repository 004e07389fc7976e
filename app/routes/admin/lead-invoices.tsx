import { href, redirect } from "react-router";
import { requireAccess } from "~/services/access.server";
import { parseId, refuseUnknownIntent } from "~/services/admin-actions.server";
import { requireIntent } from "~/services/access.server";
import { readForm } from "~/server/request-body.server";
import type { Route } from "./+types/lead-invoices";

// Issue 33 scaffold: the lead page's forms for this part post here (being written this session).
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/lead-invoices");
  return redirect(href("/admin/leads/:id", { id: String(parseId(params.id) ?? 0) }));
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/lead-invoices");
  const form = await readForm(request);
  requireIntent(user, "routes/admin/lead-invoices", form.get("intent"));
  return refuseUnknownIntent();
}
