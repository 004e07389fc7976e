import type Stripe from "stripe";
import { onFirstUse } from "~/server/on-first-use.server";
import { env } from "~/server/env.server";

/**
 * Online payment is on when the site has both Stripe secrets: the API key to
 * open a Checkout Session and the webhook's signing secret to believe what Stripe says
 * was paid. One without the other would take money it could never record.
 */
export function onlinePaymentEnabled(): boolean {
  return !!env.STRIPE_SECRET_KEY && !!env.STRIPE_WEBHOOK_SECRET;
}

const client = onFirstUse(async () => {
  const { default: Stripe } = await import("stripe");
  return new Stripe(env.STRIPE_SECRET_KEY!, {
    ...apiBase(env.STRIPE_API_BASE),
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
});

/** The one Stripe client, or null while online payment is off. */
export async function stripeClient(): Promise<Stripe | null> {
  return onlinePaymentEnabled() ? client() : null;
}

/** The webhook endpoint's signing secret (whsec_...), or null while online payment is off. */
export function stripeWebhookSecret(): string | null {
  return onlinePaymentEnabled() ? env.STRIPE_WEBHOOK_SECRET! : null;
}

/** STRIPE_API_BASE as the SDK takes it (host, port, protocol); nothing for api.stripe.com. */
function apiBase(base: string | undefined): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}

/** Where Stripe's hosted checkout page is (a fake Stripe in tests), or null while online payment is off. */
export function checkoutOrigin(): string | null {
  if (!onlinePaymentEnabled()) return null;
  return env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE).origin : "https://checkout.stripe.com";
}
