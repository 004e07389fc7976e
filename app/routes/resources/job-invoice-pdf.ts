import { getLeadInvoice } from "~/models/invoice.server";
import { notFound } from "~/server/responses.server";
import { parseId } from "~/lib/parse-id";
import { invoicePdfResponse } from "~/services/invoice-pdf.server";
import { findJobByToken } from "~/services/job-page-link.server";
import type { Route } from "./+types/job-invoice-pdf";

/**
 * The homeowner's PDF of one of their invoices, by the job page's token: only an invoice of
 * that token's lead, and only one sent (a draft is staff's). Anything else is not found,
 * the same answer whether the invoice exists or not.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const headers = {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  };
  const leadId = findJobByToken(params.token);
  const invoiceId = parseId(params.iid);
  const invoice = leadId === null || invoiceId === null ? undefined : getLeadInvoice(leadId, invoiceId);
  if (!invoice || invoice.state === "draft") notFound("Not found", headers);
  return invoicePdfResponse(invoice);
}
