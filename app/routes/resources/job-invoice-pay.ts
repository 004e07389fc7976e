import { redirect } from "react-router";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { startInvoiceCheckout } from "~/services/online-payment.server";
import { findJobByToken } from "~/services/job-page-link.server";
import { jobPath } from "~/lib/job-page";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/job-invoice-pay";

const NO_STORE = { "Cache-Control": "no-store" };

/** Only a form posts here; an address typed in goes back to the job's page. */
export function loader({ params }: Route.LoaderArgs) {
  if (findJobByToken(params.token) === null) notFound("Not found", NO_STORE);
  return redirect(jobPath(params.token), { headers: NO_STORE });
}

/**
 * The homeowner's "Pay" button: a Checkout Session for what the invoice still
 * owes, then off to Stripe's page (303). A token that does not open the invoice's lead, or
 * online payment switched off, is not found; nothing owed, or Stripe down, goes back to the
 * job's page with a message. A plain form: works without scripts.
 */
export async function action({ params }: Route.ActionArgs) {
  const invoiceId = parseId(params.iid);
  const start = invoiceId === null ? null : await startInvoiceCheckout(params.token, invoiceId);
  if (!start) notFound("Not found", NO_STORE);
  if (start.kind === "back") return redirectWithFlash(start.to, { type: "error", message: start.message });
  return redirect(start.url, { status: 303, headers: NO_STORE });
}
