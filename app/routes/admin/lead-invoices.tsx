import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { LeadMoney } from "~/components/admin/lead-money";
import { LeadSubpage } from "~/components/admin/lead-subpage";
import { actorOf } from "~/lib/actor";
import { INVOICE_INTENTS, INVOICE_MESSAGES, InvoiceFormSchema, MAX_CHANGE_ORDERS } from "~/lib/invoice";
import {
  createClaimBillDraft,
  createInvoiceDraft,
  deleteInvoiceDraft,
  saveInvoiceDraft,
  voidInvoice,
} from "~/models/invoice.server";
import { setRemindersPaused } from "~/models/lead.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { sendInvoiceNow } from "~/services/invoice-sending.server";
import { requireVisibleLead } from "~/services/lead-access.server";
import { loadMoneyPage, moneyFormReply } from "~/services/money-forms.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { notFound } from "~/server/responses.server";
import { isRefusal } from "~/lib/refusal";
import type { Route } from "./+types/lead-invoices";

/**
 * The lead page's invoice forms post here: a new progress or final draft (on an insurance
 * claim, one of the claim's bills to the payer chosen), a
 * draft saved, sent (numbered then) or deleted, the job's overdue reminders paused or
 * resumed (owner and office), a sent invoice voided (the owner). Done, they go back to the lead page with a flash. A refused form comes back,
 * with scripts, to the fetcher that sent it; without, this page shows the job's money with
 * the form and its errors (a GET shows the same, the money alone).
 */

const leadPage = (id: number) => href("/admin/leads/:id", { id: String(id) });
const isInvoiceIntent = (v: unknown): v is (typeof INVOICE_INTENTS)[number] =>
  (INVOICE_INTENTS as readonly unknown[]).includes(v);

export function loader({ request, params }: Route.LoaderArgs) {
  return loadMoneyPage(request, params.id, "routes/admin/lead-invoices");
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/lead-invoices");
  const form = await readForm(request, { lists: { changeOrders: MAX_CHANGE_ORDERS } });
  const intent = form.get("intent");
  requireIntent(user, "routes/admin/lead-invoices", intent);
  if (!isInvoiceIntent(intent)) return refuseUnknownIntent();
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0);
  const submission = parseWithZod(form, { schema: InvoiceFormSchema });
  const refuse = (message?: string) => moneyFormReply(form, submission, message ? { message } : undefined);
  if (submission.status !== "success") return refuse();
  const back = leadPage(lead.id);
  const by = actorOf(user);
  const value = submission.value;
  switch (value.intent) {
    case "create-invoice": {
      const made = createInvoiceDraft(lead.id, value.kind, by);
      if (isRefusal(made)) return refuse(made.refused);
      return redirectWithFlash(back, { type: "success", message: INVOICE_MESSAGES.created });
    }
    case "create-claim-bill": {
      const made = createClaimBillDraft(lead.id, value.bill, value.payer, by);
      if (isRefusal(made)) return refuse(made.refused);
      return redirectWithFlash(back, { type: "success", message: INVOICE_MESSAGES.created });
    }
    case "save-invoice": {
      const saved = saveInvoiceDraft(lead.id, value);
      if (!saved) notFound();
      if (isRefusal(saved)) return refuse(saved.refused);
      return redirectWithFlash(back, { type: "success", message: INVOICE_MESSAGES.saved });
    }
    case "send-invoice": {
      const sent = await sendInvoiceNow(lead.id, value.invoiceId, by);
      if (!sent) notFound();
      if (isRefusal(sent)) return refuse(sent.refused);
      return redirectWithFlash(back, { type: sent.tone, message: sent.message });
    }
    case "void-invoice": {
      const voided = voidInvoice(lead.id, value.invoiceId, value.reason, by);
      if (!voided) notFound();
      if (voided !== "voided") return refuse(voided.refused);
      return redirectWithFlash(back, { type: "success", message: INVOICE_MESSAGES.voided });
    }
    case "delete-draft": {
      const deleted = deleteInvoiceDraft(lead.id, value.id, by);
      if (!deleted) notFound();
      if (deleted !== "deleted") return refuse(deleted.refused);
      return redirectWithFlash(back, { type: "success", message: INVOICE_MESSAGES.deleted });
    }
    case "pause-reminders": {
      const pause = value.reminders === "pause";
      // Pausing a paused job (a second tab, a double post) changes nothing and says the same.
      setRemindersPaused(lead.id, pause, by);
      return redirectWithFlash(back, {
        type: "success",
        message: pause ? INVOICE_MESSAGES.remindersPaused : INVOICE_MESSAGES.remindersResumed,
      });
    }
    default:
      return refuseUnknownIntent();
  }
}

export default function LeadInvoices({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LeadSubpage title="Invoices" lead={loaderData.lead}>
      <LeadMoney view={loaderData.money} result={actionData} />
    </LeadSubpage>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Invoices: ${data?.lead.name ?? "Lead"} | Admin` },
  { name: "robots", content: "noindex" },
];
