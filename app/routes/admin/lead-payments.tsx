import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { LeadMoney } from "~/components/admin/lead-money";
import { LeadSubpage } from "~/components/admin/lead-subpage";
import { actorOf, type Actor } from "~/lib/actor";
import {
  formatInvoiceNumber,
  INVOICE_MESSAGES,
  owedCents,
  RECORD_PAYMENT_INTENT,
  RecordPaymentSchema,
  REFUND_PAYMENT_INTENT,
  RefundPaymentSchema,
} from "~/lib/invoice";
import { formatCents } from "~/lib/money-format";
import { isRefusal } from "~/lib/refusal";
import { businessToday } from "~/lib/business-time";
import { getLeadInvoice } from "~/models/invoice.server";
import { refundPayment } from "~/models/refund.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { recordPaymentNow } from "~/services/invoice-sending.server";
import { requireVisibleLead } from "~/services/lead-access.server";
import { loadMoneyPage, moneyFormReply } from "~/services/money-forms.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/lead-payments";

/**
 * "Record payment" on the lead page posts here: cash, a check (its number) or a
 * card on site, never more than is owed; and the owner's "Record a refund" against one of
 * them (decision 0105). Done, back to the lead page with a flash (and a payment's receipt
 * mailed); refused, the form's errors come back as on the invoices' route.
 */

export function loader({ request, params }: Route.LoaderArgs) {
  return loadMoneyPage(request, params.id, "routes/admin/lead-payments");
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/lead-payments");
  const form = await readForm(request);
  const intent = form.get("intent");
  requireIntent(user, "routes/admin/lead-payments", intent);
  switch (intent) {
    case RECORD_PAYMENT_INTENT:
      return recordAction(form, requireVisibleLead(user, parseId(params.id) ?? 0).id, actorOf(user));
    case REFUND_PAYMENT_INTENT:
      return refundAction(form, requireVisibleLead(user, parseId(params.id) ?? 0).id, actorOf(user));
    default:
      return refuseUnknownIntent();
  }
}

const leadPage = (leadId: number) => href("/admin/leads/:id", { id: String(leadId) });

async function recordAction(form: FormData, leadId: number, by: Actor) {
  const submission = parseWithZod(form, { schema: RecordPaymentSchema });
  const refuse = (message?: string, field?: string) =>
    moneyFormReply(form, submission, message ? { message, field } : undefined);
  if (submission.status !== "success") return refuse();
  const value = submission.value;
  if (value.receivedOn > businessToday()) return refuse(INVOICE_MESSAGES.futureDay, "receivedOn");
  // Another lead's invoice (a hand-made post) is not found here.
  if (!getLeadInvoice(leadId, value.invoiceId)) notFound();
  const outcome = await recordPaymentNow({
    invoiceId: value.invoiceId,
    method: value.method,
    amountCents: value.amountCents,
    receivedOn: value.receivedOn,
    checkNumber: value.checkNumber,
    note: value.note,
    by,
  });
  if (outcome.status === "refused")
    return refuse(
      outcome.message,
      outcome.reason === "too-much" ? "amount" : outcome.reason === "check-number" ? "checkNumber" : undefined,
    );
  if (outcome.status === "duplicate") return refuse("This payment was recorded already.");
  return redirectWithFlash(leadPage(leadId), { type: "success", message: outcome.message });
}

function refundAction(form: FormData, leadId: number, by: Actor) {
  const submission = parseWithZod(form, { schema: RefundPaymentSchema });
  const refuse = (message?: string, field?: string) =>
    moneyFormReply(form, submission, message ? { message, field } : undefined);
  if (submission.status !== "success") return refuse();
  const value = submission.value;
  if (value.refundedOn > businessToday()) return refuse(INVOICE_MESSAGES.refundFuture, "refundedOn");
  const outcome = refundPayment(leadId, { ...value, by });
  // Another lead's payment, or none at all (a hand-made post), is not found here.
  if (!outcome) notFound();
  if (isRefusal(outcome)) return refuse(outcome.refused, outcome.field);
  const { invoice } = outcome;
  return redirectWithFlash(leadPage(leadId), {
    type: "success",
    message: `${INVOICE_MESSAGES.refunded}. Invoice ${formatInvoiceNumber(invoice.number)} now owes ${formatCents(owedCents(invoice))}.`,
  });
}

export default function LeadPayments({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LeadSubpage title="Payments" lead={loaderData.lead}>
      <LeadMoney view={loaderData.money} result={actionData} />
    </LeadSubpage>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Payments: ${data?.lead.name ?? "Lead"} | Admin` },
  { name: "robots", content: "noindex" },
];
