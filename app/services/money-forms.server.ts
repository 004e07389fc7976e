import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { MoneyFormResult } from "~/lib/invoice";
import { requireAccess } from "~/services/access.server";
import { parseId } from "~/lib/parse-id";
import { requireVisibleLead } from "~/services/lead-access.server";
import { leadMoneyView } from "~/services/lead-money-view.server";
import { notFound } from "~/server/responses.server";

/**
 * What the two money routes (routes/admin/lead-invoices.tsx, lead-payments.tsx) share: the
 * page they answer a GET or a refused form with, and the shape of that refusal.
 */

/** The lead's money for its invoices' or payments' page; 404 for a lead that is not there. */
export async function loadMoneyPage(
  request: Request,
  leadId: string | undefined,
  route: "routes/admin/lead-invoices" | "routes/admin/lead-payments",
) {
  const user = await requireAccess(request, route);
  const lead = requireVisibleLead(user, parseId(leadId) ?? 0);
  const money = await leadMoneyView(request, lead.id, user);
  if (!money) notFound();
  return { lead: { id: lead.id, name: lead.name }, money };
}

type Replying = {
  status?: "success" | "error";
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
};

/**
 * A money form's answer to the form that posted it, named by its intent and invoice (a
 * refund by its payment; the confirm step of "Delete draft" posts it as `id`): a refusal is a 400 with the words on one
 * field or the whole form; conform's list buttons ("Add a row") are a 200, nothing saved.
 */
export function moneyFormReply(form: FormData, submission: Replying, refusal?: { message: string; field?: string }) {
  const reply = submission.reply(
    refusal
      ? refusal.field
        ? { fieldErrors: { [refusal.field]: [refusal.message] } }
        : { formErrors: [refusal.message] }
      : undefined,
  );
  // A list button's reply is the form again with its rows; one past the list's limit names the list in its errors.
  const list = (reply.intent?.payload as { name?: string } | undefined)?.name;
  const listButton = submission.status === undefined && !refusal && !(list && reply.error?.[list]?.length);
  return data<MoneyFormResult>(
    {
      intent: String(form.get("intent")),
      about: parseId(form.get("invoiceId") ?? form.get("paymentId") ?? form.get("id")),
      reply,
    },
    { status: listButton ? 200 : 400 },
  );
}
