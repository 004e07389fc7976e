import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, href, Link } from "react-router";
import { secondaryButton } from "~/components/admin-ui";
import { LeadMoney, type MoneyFormResult } from "~/components/admin/lead-money";
import { actorOf } from "~/lib/actor";
import { INVOICE_INTENTS, INVOICE_MESSAGES, InvoiceFormSchema, MAX_CHANGE_ORDERS } from "~/lib/invoice";
import { createInvoiceDraft, saveInvoiceDraft, voidInvoice } from "~/models/invoice.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { parseId, redirectWithFlash, refuseUnknownIntent } from "~/services/admin-actions.server";
import { sendInvoiceNow } from "~/services/invoice-sending.server";
import { requireVisibleLead } from "~/services/lead-access.server";
import { leadMoneyView } from "~/services/lead-money-view.server";
import { readForm } from "~/server/request-body.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/lead-invoices";

/**
 * The lead page's invoice forms post here (issue 33): a new progress or final draft, a
 * draft saved, sent (numbered then), voided or deleted. Done, they go back to the lead page
 * with a flash. A refused form comes back, with scripts, to the fetcher that sent it;
 * without, this page shows the job's money with the form and its errors (a GET shows the
 * same, the money alone).
 */

const leadPage = (id: number) => href("/admin/leads/:id", { id: String(id) });
const isInvoiceIntent = (v: unknown): v is (typeof INVOICE_INTENTS)[number] => (INVOICE_INTENTS as readonly unknown[]).includes(v);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/lead-invoices");
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0);
  const money = await leadMoneyView(request, lead.id, user);
  if (!money) notFound();
  return { lead: { id: lead.id, name: lead.name }, money };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/lead-invoices");
  const form = await readForm(request, { lists: { changeOrders: MAX_CHANGE_ORDERS } });
  const intent = form.get("intent");
  requireIntent(user, "routes/admin/lead-invoices", intent);
  if (!isInvoiceIntent(intent)) return refuseUnknownIntent();
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0);
  const submission = parseWithZod(form, { schema: InvoiceFormSchema });
  const invoiceId = parseId(form.get("invoiceId"));
  const refuse = (formError?: string) =>
    data<MoneyFormResult>({ intent, invoiceId, reply: submission.reply(formError ? { formErrors: [formError] } : undefined) }, { status: 400 });
  if (submission.status !== "success") return refuse();
  const back = leadPage(lead.id);
  const by = actorOf(user);
  const value = submission.value;
  switch (value.intent) {
    case "create-invoice": {
      const made = createInvoiceDraft(lead.id, value.kind, by);
      if ("refused" in made) return refuse(made.refused);
      return redirectWithFlash(back, { type: "success", message: INVOICE_MESSAGES.created });
    }
    case "save-invoice": {
      const saved = saveInvoiceDraft(lead.id, value);
      if (!saved) notFound();
      if ("refused" in saved) return refuse(saved.refused);
      return redirectWithFlash(back, { type: "success", message: INVOICE_MESSAGES.saved });
    }
    case "send-invoice": {
      const sent = await sendInvoiceNow(lead.id, value.invoiceId, by);
      if (!sent) notFound();
      if ("refused" in sent) return refuse(sent.refused);
      return redirectWithFlash(back, { type: sent.tone, message: sent.message });
    }
    case "void-invoice": {
      const voided = voidInvoice(lead.id, value.invoiceId, value.reason, by);
      if (!voided) notFound();
      if (typeof voided !== "string") return refuse(voided.refused);
      return redirectWithFlash(back, { type: "success", message: voided === "deleted" ? INVOICE_MESSAGES.deleted : INVOICE_MESSAGES.voided });
    }
    default:
      return refuseUnknownIntent();
  }
}

export default function LeadInvoices({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, money } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Invoices: {lead.name}</h1>
        <Link to={leadPage(lead.id)} className={secondaryButton}>
          <ArrowLeft aria-hidden className="size-4" /> Back to the lead
        </Link>
      </div>
      <div className="mt-6 max-w-4xl">
        <LeadMoney view={money} result={actionData} />
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Invoices: ${data?.lead.name ?? "Lead"} | Admin` }, { name: "robots", content: "noindex" }];
