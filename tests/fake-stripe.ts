import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A Checkout Session as the fake keeps it: the fields the app sends and reads back. */
export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  line_items: { name: string; unit_amount: number; quantity: number }[];
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  url: string | null;
  livemode: false;
  created: number;
};

/** One webhook the fake sent to the app, and how the app answered. */
export type FakeDelivery = { eventId: string; type: string; sessionId: string | null; status: number; body: string };

type Options = { listenPort?: number; webhookUrl?: string; webhookSecret?: string };

/**
 * A stand-in for Stripe on 127.0.0.1, for the real `stripe` SDK (pointed here by its
 * host/port/protocol options): POST /v1/checkout/sessions makes a session whose `url` is
 * the fake's own checkout page; that page's "Pay" button marks it paid, sends the app a
 * checkout.session.completed event signed as Stripe signs them (Stripe-Signature:
 * t=<unix>,v1=HMAC-SHA256(secret, "<t>.<payload>")) and sends the browser to success_url.
 * GET /sessions and GET /deliveries list what happened (for the browser tests, which run
 * it as a separate process: tests/fake-stripe-cli.ts).
 */
export async function startFakeStripe({ listenPort = 0, webhookUrl = "", webhookSecret = "whsec_fake" }: Options = {}) {
  const sessions = new Map<string, FakeCheckoutSession>();
  const deliveries: FakeDelivery[] = [];
  /** The Authorization header of each API call, to see the SDK used the key. */
  const apiKeys: string[] = [];
  let target = webhookUrl;
  let failing = false;
  let base = "";

  /** Sends `event` to the app, signed with `secret` (default: the fake's own). */
  async function deliver(event: object, secret = webhookSecret): Promise<FakeDelivery> {
    const payload = JSON.stringify(event, null, 2);
    const res = await fetch(target, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": signatureHeader(payload, secret),
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
    });
    const { id, type, data } = event as { id: string; type: string; data?: { object?: { id?: string } } };
    const delivery = {
      eventId: id,
      type,
      sessionId: data?.object?.id ?? null,
      status: res.status,
      body: await res.text(),
    };
    deliveries.push(delivery);
    return delivery;
  }

  /** The event Stripe sends when a session's payment went through. */
  function completedEvent(session: FakeCheckoutSession, type = "checkout.session.completed") {
    return {
      id: `evt_${randomId()}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: session },
    };
  }

  /** Marks the session paid (optionally another amount than asked) and sends its event. */
  async function pay(sessionId: string, { amountTotal }: { amountTotal?: number } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: `pi_${randomId()}`,
      url: null,
      ...(amountTotal !== undefined ? { amount_total: amountTotal } : {}),
    });
    const event = completedEvent(session);
    return { event, delivery: await deliver(event) };
  }

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      void answer(req, res, body).catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
      });
    });
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? "/", base);
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    if (req.method === "GET" && url.pathname === "/sessions") return json(200, [...sessions.values()]);
    if (req.method === "GET" && url.pathname === "/deliveries") return json(200, deliveries);

    if (url.pathname.startsWith("/v1/")) {
      apiKeys.push(req.headers.authorization ?? "");
      if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? "")) {
        return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (failing) {
        return json(500, { error: { type: "api_error", message: "Stripe is down (fake)" } });
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const params = parseStripeForm(body) as SessionParams;
        const items = (params.line_items ?? []).map((item) => ({
          name: item.price_data?.product_data?.name ?? "",
          unit_amount: Number(item.price_data?.unit_amount),
          quantity: Number(item.quantity ?? 1),
        }));
        if (
          params.mode !== "payment" ||
          !params.success_url ||
          !params.cancel_url ||
          !items.length ||
          items.some((i) => !Number.isInteger(i.unit_amount) || i.unit_amount <= 0)
        ) {
          return json(400, {
            error: { type: "invalid_request_error", message: "Missing or invalid parameters (fake)" },
          });
        }
        const id = `cs_test_${randomId()}`;
        const total = items.reduce((sum, i) => sum + i.unit_amount * i.quantity, 0);
        const session: FakeCheckoutSession = {
          id,
          object: "checkout.session",
          mode: params.mode,
          status: "open",
          payment_status: "unpaid",
          amount_total: total,
          amount_subtotal: total,
          currency: params.line_items?.[0]?.price_data?.currency ?? "usd",
          client_reference_id: params.client_reference_id ?? null,
          customer_email: params.customer_email ?? null,
          metadata: params.metadata ?? {},
          line_items: items,
          success_url: params.success_url.replace("{CHECKOUT_SESSION_ID}", id),
          cancel_url: params.cancel_url,
          payment_intent: null,
          url: `${base}/checkout/${id}`,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        sessions.set(id, session);
        return json(200, session);
      }
      const found = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && found && sessions.has(found[1]!)) return json(200, sessions.get(found[1]!));
      return json(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL (fake)" } });
    }

    // The hosted checkout page: what the homeowner sees on Stripe.
    const page = /^\/checkout\/([\w-]+)(\/pay)?$/.exec(url.pathname);
    const session = page ? sessions.get(page[1]!) : undefined;
    if (!page || !session) return res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    if (req.method === "GET" && !page[2]) {
      const amount = (session.amount_total / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
      const paid = session.payment_status === "paid";
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Checkout (fake Stripe)</title></head>
<body><main><h1>Fake Stripe checkout</h1>
<p>${escapeHtml(session.line_items.map((i) => i.name).join(", "))}: <strong>${amount}</strong></p>
${paid ? "<p>Already paid.</p>" : `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay ${amount}</button></form>`}
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p></main></body></html>`);
    }
    if (req.method === "POST" && page[2]) {
      if (session.payment_status !== "paid") {
        const { delivery } = await pay(session.id);
        if (delivery.status !== 200) {
          res.writeHead(502, { "Content-Type": "text/plain" });
          return res.end(`The app answered the webhook with ${delivery.status}: ${delivery.body}`);
        }
      }
      return res.writeHead(303, { Location: session.success_url }).end();
    }
    return res.writeHead(405).end();
  }

  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    sessions,
    deliveries,
    apiKeys,
    pay,
    deliver,
    completedEvent,
    /** Where webhooks go (the app's /stripe/webhook). */
    setWebhookUrl(next: string) {
      target = next;
    },
    /** Every API call answers 500 until told otherwise, as Stripe on a bad day. */
    failApiCalls(on: boolean) {
      failing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

type SessionParams = {
  mode?: string;
  success_url?: string;
  cancel_url?: string;
  client_reference_id?: string;
  customer_email?: string;
  metadata?: Record<string, string>;
  line_items?: {
    quantity?: string;
    price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
  }[];
};

/** Stripe's header for a payload: the same scheme as stripe.webhooks.generateTestHeaderString. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** The SDK's form encoding (`line_items[0][price_data][currency]=usd`) back into objects. */
function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head, ...rest] = key.split("[");
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ""))];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else node = (slot[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

function randomId() {
  return randomBytes(12).toString("base64url").replace(/[-_]/g, "x");
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
