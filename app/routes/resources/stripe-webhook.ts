import { handleStripeWebhook } from "~/services/online-payment.server";
import { FORM_MAX_BYTES, readCapped } from "~/server/request-body.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/stripe-webhook";

/** Stripe posts here; there is nothing to see. */
export function loader(): never {
  notFound();
}

/**
 * Stripe's webhook endpoint: the raw body, unparsed (its signature covers the
 * exact bytes; server/app.ts lets JSON through to this one path), checked and acted on by
 * services/online-payment.server.ts. 400 for a body or signature we do not believe, never
 * a 500: Stripe would retry a 5xx for days.
 */
export async function action({ request }: Route.ActionArgs) {
  const payload = await readCapped(request, FORM_MAX_BYTES);
  const { status, body } = await handleStripeWebhook(payload, request.headers.get("stripe-signature"));
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
