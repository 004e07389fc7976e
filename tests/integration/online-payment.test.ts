import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { startFakeStripe } from "../fake-stripe";
import { fakeResendForApp } from "./fake-mail";

// Online payment: the real stripe SDK against the fake Stripe on 127.0.0.1, and
// the fake's webhooks sent to the webhook route module through a small HTTP bridge, so the
// route reads the raw body as it would behind Express.
const WEBHOOK_SECRET = "whsec_test_online_payment";
const mail = await fakeResendForApp();
const fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
Object.assign(process.env, {
  STRIPE_SECRET_KEY: "sk_test_fake_key",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
  SITE_URL: "http://site.test",
});

const { getDb } = await import("~/server/db.server");
const { invoices, payments, stripeEvents } = await import("~/db/schema");
const { listLeadNotes } = await import("~/models/lead-history.server");
const { systemActor } = await import("~/lib/actor");
const { createLead } = await import("~/models/lead.server");
const { recordPayment } = await import("~/models/payment.server");
const { enqueueMail } = await import("~/models/outbox.server");
const { deliverNow } = await import("~/services/outbox.server");
const { jobPageLinkUrl } = await import("~/services/job-page-link.server");
const { leadMoneyView } = await import("~/services/lead-money-view.server");
const { readFlash } = await import("~/services/flash.server");
const { ONLINE_PAYMENT_MESSAGES } = await import("~/services/online-payment.server");
const { startApp } = await import("./started-app");
const { checkoutOrigin } = await import("~/server/stripe.server");
const { invoicePdfFor } = await import("~/services/invoice-pdf.server");
const { formTargetsFor } = await import("~/lib/csp");
const { routeArgs } = await import("./admin-session");
const payRoute = await import("~/routes/resources/job-invoice-pay");
const webhookRoute = await import("~/routes/resources/stripe-webhook");

await startApp();

const bridge = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const headers = new Headers(
      Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])),
    );
    const request = new Request(`http://site.test${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
    void (webhookRoute.action(routeArgs(request)) as Promise<Response>).then(
      async (answer) => res.writeHead(answer.status).end(await answer.text()),
      (error: unknown) => res.writeHead(error instanceof Response ? error.status : 500).end(String(error)),
    );
  });
});
await new Promise<void>((resolve) => bridge.listen(0, "127.0.0.1", resolve));
fake.setWebhookUrl(`http://127.0.0.1:${(bridge.address() as AddressInfo).port}/stripe/webhook`);
afterAll(async () => {
  await new Promise<void>((resolve) => bridge.close(() => resolve()));
  await fake.close();
});
beforeEach(() => fake.failApiCalls(false));

const db = () => getDb();
let nextNumber = 1;

/** A lead with a sent invoice for `totalCents`, and the job page link's token. */
function leadWithInvoice(totalCents = 150_000, state: "sent" | "draft" | "void" = "sent") {
  const lead = createLead({
    name: "Dana Whitley",
    email: "dana@example.com",
    phone: "316-555-0101",
    message: "Roof",
    street: "1 Elm St",
    city: "Derby",
    zip: "67037",
  });
  const invoice = db()
    .insert(invoices)
    .values({
      leadId: lead.id,
      kind: "deposit",
      state,
      number: state === "draft" ? null : nextNumber++,
      lines: [{ description: "Deposit", amountCents: totalCents }],
      subtotalCents: totalCents,
      totalCents,
      sentAt: state === "draft" ? null : new Date(),
    })
    .returning()
    .get();
  const token = new URL(jobPageLinkUrl(lead.id)).pathname.split("/").pop()!;
  return { leadId: lead.id, invoice, token };
}

const pay = (token: string, iid: string | number) =>
  payRoute.action(
    routeArgs(
      new Request(`http://site.test/job/${token}/invoices/${iid}/pay`, { method: "POST", body: new URLSearchParams() }),
      { token, iid: String(iid) },
    ),
  );

/** The status a call answers, whether returned or thrown. */
async function statusOf(call: () => Promise<unknown>): Promise<number> {
  try {
    return ((await call()) as Response).status;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

/** Presses Pay: the session the fake made, from the 303's Location. */
async function startCheckout(token: string, iid: number) {
  const res = (await pay(token, iid)) as Response;
  expect(res.status).toBe(303);
  const id = /\/checkout\/(cs_test_\w+)$/.exec(res.headers.get("Location")!)![1]!;
  return fake.sessions.get(id)!;
}

const invoiceRow = (id: number) => db().select().from(invoices).where(eq(invoices.id, id)).get()!;
const paymentsOf = (id: number) => db().select().from(payments).where(eq(payments.invoiceId, id)).all();
const notesOf = (leadId: number) => listLeadNotes(leadId, "owner").map((n) => n.text ?? "");

async function flashOf(res: Response) {
  const cookie = res.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readFlash(new Request("http://site.test/", { headers: { Cookie: cookie } }))).flash;
}

describe("the Pay button", () => {
  it("opens a Checkout Session for what is owed, coming back to the job's page", async () => {
    const { invoice, token, leadId } = leadWithInvoice(123_456);
    const session = await startCheckout(token, invoice.id);
    expect(fake.apiKeys.at(-1)).toBe("Bearer sk_test_fake_key");
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 123_456,
      currency: "usd",
      client_reference_id: String(invoice.id),
      metadata: { invoiceId: String(invoice.id), leadId: String(leadId) },
      customer_email: "dana@example.com",
      success_url: `http://site.test/job/${token}?paid=${invoice.id}`,
      cancel_url: `http://site.test/job/${token}?payment=canceled`,
    });
    expect(session.line_items).toEqual([
      { name: `Invoice INV-${String(invoice.number).padStart(4, "0")}`, unit_amount: 123_456, quantity: 1 },
    ]);
    // Nothing is recorded until Stripe says it was paid.
    expect(paymentsOf(invoice.id)).toHaveLength(0);
  });

  it("asks only for what is still owed on a partly paid invoice", async () => {
    const { invoice, token } = leadWithInvoice(100_000);
    recordPayment({
      invoiceId: invoice.id,
      method: "cash",
      amountCents: 30_000,
      receivedOn: "2026-11-27",
      by: systemActor("Test"),
    });
    expect((await startCheckout(token, invoice.id)).amount_total).toBe(70_000);
  });

  it("is not found for another lead's token, an unknown token or invoice, and a GET goes back to the page", async () => {
    const mine = leadWithInvoice();
    const theirs = leadWithInvoice();
    expect(await statusOf(() => pay(theirs.token, mine.invoice.id))).toBe(404);
    expect(await statusOf(() => pay("A".repeat(43), mine.invoice.id))).toBe(404);
    expect(await statusOf(() => pay("not-a-token", mine.invoice.id))).toBe(404);
    expect(await statusOf(() => pay(mine.token, 999_999))).toBe(404);
    expect(await statusOf(() => pay(mine.token, "1x"))).toBe(404);
    const sessions = fake.sessions.size;
    const get = (await payRoute.loader(
      routeArgs(new Request("http://site.test/"), { token: mine.token, iid: String(mine.invoice.id) }),
    )) as Response;
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toBe(`/job/${mine.token}`);
    expect(
      await statusOf(() =>
        Promise.resolve(
          payRoute.loader(routeArgs(new Request("http://site.test/"), { token: "B".repeat(43), iid: "1" })),
        ),
      ),
    ).toBe(404);
    expect(fake.sessions.size).toBe(sessions);
  });

  it("goes back to the job's page with a message when nothing is owed or Stripe is down", async () => {
    for (const state of ["draft", "void"] as const) {
      const { invoice, token } = leadWithInvoice(50_000, state);
      const res = (await pay(token, invoice.id)) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/job/${token}`);
      expect(await flashOf(res)).toEqual({ type: "error", message: ONLINE_PAYMENT_MESSAGES.nothingOwed });
    }
    const { invoice, token } = leadWithInvoice();
    fake.failApiCalls(true);
    const res = (await pay(token, invoice.id)) as Response;
    expect(res.headers.get("Location")).toBe(`/job/${token}`);
    expect(await flashOf(res)).toEqual({ type: "error", message: ONLINE_PAYMENT_MESSAGES.unavailable });
  });

  it("never takes a card for the insurance carrier's bill, nor for its check naming both", async () => {
    for (const payer of ["carrier", "both"] as const) {
      const { invoice, token } = leadWithInvoice(400_000);
      db().update(invoices).set({ payer }).where(eq(invoices.id, invoice.id)).run();
      const sessions = fake.sessions.size;
      const res = (await pay(token, invoice.id)) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/job/${token}`);
      expect(await flashOf(res)).toEqual({ type: "error", message: ONLINE_PAYMENT_MESSAGES.carriersBill });
      expect(fake.sessions.size).toBe(sessions);
      expect(paymentsOf(invoice.id)).toEqual([]);
    }
  });

  it("lets the job pages' forms lead to Stripe's checkout page, and no other page's", () => {
    expect(checkoutOrigin()).toBe(fake.url);
    expect(formTargetsFor("http://site.test/job/abc", checkoutOrigin())).toEqual([fake.url]);
    expect(formTargetsFor("http://site.test/contact", checkoutOrigin())).toEqual([]);
    expect(formTargetsFor("http://site.test/jobs", checkoutOrigin())).toEqual([]);
  });
});

describe("the invoice mail", () => {
  it("offers online payment by card on the job page, through the job's one link", async () => {
    const { invoice, token, leadId } = leadWithInvoice(120_000);
    const queued = enqueueMail({ kind: "invoice", leadId, invoiceId: invoice.id, recipient: "dana@example.com" });
    expect(await deliverNow(queued.id)).toMatchObject({ status: "sent" });
    const sent = mail.sent.find((m) => m.subject.startsWith(`Invoice INV-${String(invoice.number).padStart(4, "0")}`))!;
    expect(sent.text).toContain(
      `Pay it online by card on your job page, which also shows every invoice and what is paid:\n\nhttp://site.test/job/${token}`,
    );
    expect(sent.text).not.toContain("by card when we are on site");
    // The PDF with it says the same ways to pay.
    const { text } = await extractText(await getDocumentProxy(new Uint8Array((await invoicePdfFor(invoice))!)), {
      mergePages: true,
    });
    expect(text).toContain("By card on your job page (its link is in our emails), or by check made out to");
    expect(text).not.toContain("when we are on site");
  });
});

describe("the webhook", () => {
  it("records a paid session once, however often Stripe delivers it", async () => {
    const { invoice, token, leadId } = leadWithInvoice(80_000);
    const session = await startCheckout(token, invoice.id);
    const { event, delivery } = await fake.pay(session.id);
    expect(delivery).toMatchObject({ status: 200, body: "recorded" });
    expect(invoiceRow(invoice.id)).toMatchObject({ state: "paid", paidCents: 80_000 });
    expect(paymentsOf(invoice.id)).toEqual([
      expect.objectContaining({
        method: "online",
        amountCents: 80_000,
        stripeSessionId: session.id,
        stripePaymentIntent: session.payment_intent,
      }),
    ]);
    expect(notesOf(leadId)).toContain(
      `$800.00 received online by card on invoice INV-${String(invoice.number).padStart(4, "0")}`,
    );
    // The receipt goes once the payment is in (Stripe is answered without waiting for it).
    await vi.waitFor(() =>
      expect(mail.sent.filter((m) => m.subject.startsWith("Receipt: $800.00 received by")).map((m) => m.to)).toEqual([
        [`"Dana Whitley" <dana@example.com>`],
      ]),
    );
    // The method once, in plain words, and the job's one link: the one the homeowner paid from.
    const receipt = mail.sent.find((m) => m.subject.startsWith("Receipt:"))!;
    expect(receipt.text).toMatch(/you paid \$800\.00 online by card on /);
    expect(receipt.text).not.toMatch(/\(online|\(card/i);
    expect(receipt.text).toContain(`/job/${token}`);

    // The same event again, and the session's event under another id: nothing more is paid.
    expect(await fake.deliver(event)).toMatchObject({ status: 200, body: "duplicate event" });
    expect(await fake.deliver({ ...fake.completedEvent(session) })).toMatchObject({
      status: 200,
      body: "duplicate session",
    });
    expect(paymentsOf(invoice.id)).toHaveLength(1);
    expect(invoiceRow(invoice.id).paidCents).toBe(80_000);
    expect(mail.sent.filter((m) => m.subject.startsWith("Receipt:"))).toHaveLength(1);
  });

  it("records two sessions as two payments", async () => {
    const { invoice, token } = leadWithInvoice(100_000);
    const first = await startCheckout(token, invoice.id);
    // Paid less than asked (as if the homeowner's bank split it): what was paid is recorded.
    expect((await fake.pay(first.id, { amountTotal: 40_000 })).delivery.status).toBe(200);
    expect(invoiceRow(invoice.id)).toMatchObject({ state: "partly_paid", paidCents: 40_000 });
    const second = await startCheckout(token, invoice.id);
    expect(second.amount_total).toBe(60_000);
    expect((await fake.pay(second.id)).delivery.body).toBe("recorded");
    expect(paymentsOf(invoice.id).map((p) => [p.amountCents, p.stripeSessionId])).toEqual([
      [40_000, first.id],
      [60_000, second.id],
    ]);
    expect(invoiceRow(invoice.id)).toMatchObject({ state: "paid", paidCents: 100_000 });
  });

  it("records no more than is owed and tells the owner to refund the rest", async () => {
    const { invoice, token, leadId } = leadWithInvoice(100_000);
    const session = await startCheckout(token, invoice.id);
    // A check came in while the homeowner sat on Stripe's page.
    recordPayment({
      invoiceId: invoice.id,
      method: "check",
      checkNumber: "1042",
      amountCents: 25_000,
      receivedOn: "2026-11-27",
      by: systemActor("Test"),
    });
    expect((await fake.pay(session.id)).delivery.status).toBe(200);
    expect(paymentsOf(invoice.id).map((p) => [p.method, p.amountCents, p.note])).toEqual([
      ["check", 25_000, null],
      ["online", 75_000, "Stripe took $1,000.00"],
    ]);
    expect(invoiceRow(invoice.id)).toMatchObject({ state: "paid", paidCents: 100_000 });
    expect(
      notesOf(leadId).some((n) =>
        n.includes(`was $250.00 more than was owed: refund $250.00 from the Stripe dashboard (${session.id})`),
      ),
    ).toBe(true);

    // Paid again through a session opened before: nothing is owed, nothing recorded, a note.
    const { invoice: other, token: otherToken, leadId: otherLead } = leadWithInvoice(20_000);
    const stale = await startCheckout(otherToken, other.id);
    recordPayment({
      invoiceId: other.id,
      method: "cash",
      amountCents: 20_000,
      receivedOn: "2026-11-27",
      by: systemActor("Test"),
    });
    expect((await fake.pay(stale.id)).delivery.status).toBe(200);
    expect(paymentsOf(other.id).map((p) => p.method)).toEqual(["cash"]);
    expect(
      notesOf(otherLead).some((n) =>
        n.includes("was not recorded (This invoice is paid in full.): refund it from the Stripe dashboard"),
      ),
    ).toBe(true);

    // The lead's money panel says it plainly, for each: how much, and to refund it in Stripe.
    const panel = (id: number) =>
      leadMoneyView(new Request(`http://site.test/admin/leads/${id}`), id, { role: "owner" } as never);
    expect((await panel(leadId))?.refunds.map((r) => r.text)).toEqual([
      expect.stringContaining("was $250.00 more than was owed: refund $250.00 from the Stripe dashboard"),
    ]);
    expect((await panel(otherLead))?.refunds.map((r) => r.text)).toEqual([
      expect.stringContaining("An online payment of $200.00 for invoice"),
    ]);
    expect((await panel(otherLead))?.refunds[0].text).toContain("refund it from the Stripe dashboard");
  });

  it("refuses a payload whose signature does not verify, and records nothing", async () => {
    const { invoice, token } = leadWithInvoice(60_000);
    const session = await startCheckout(token, invoice.id);
    session.payment_status = "paid";
    const event = fake.completedEvent(session);
    expect(await fake.deliver(event, "whsec_someone_else")).toMatchObject({ status: 400 });

    const url = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}/stripe/webhook`;
    const post = (body: string, headers: Record<string, string>) =>
      fetch(url, { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });
    const { signatureHeader } = await import("../fake-stripe");
    const signed = JSON.stringify(event);
    // Signed right, then changed: the amount, a byte of whitespace.
    expect(
      (
        await post(signed.replace('"amount_total":60000', '"amount_total":1'), {
          "Stripe-Signature": signatureHeader(signed, WEBHOOK_SECRET),
        })
      ).status,
    ).toBe(400);
    expect((await post(`${signed} `, { "Stripe-Signature": signatureHeader(signed, WEBHOOK_SECRET) })).status).toBe(
      400,
    );
    // Too old to be believed (a replay): Stripe's tolerance is five minutes.
    expect(
      (
        await post(signed, {
          "Stripe-Signature": signatureHeader(signed, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
        })
      ).status,
    ).toBe(400);
    expect((await post(signed, {})).status).toBe(400);
    expect((await post("not json at all", { "Stripe-Signature": "t=1,v1=abc" })).status).toBe(400);
    expect((await post(signed, { "Stripe-Signature": "garbage" })).status).toBe(400);

    expect(paymentsOf(invoice.id)).toHaveLength(0);
    expect(db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()).toBeUndefined();
    // Signed right, it is taken.
    expect((await post(signed, { "Stripe-Signature": signatureHeader(signed, WEBHOOK_SECRET) })).status).toBe(200);
    expect(paymentsOf(invoice.id)).toHaveLength(1);
  });

  it("answers other events 200 and leaves them alone", async () => {
    const { invoice, token } = leadWithInvoice(10_000);
    const session = await startCheckout(token, invoice.id);
    const unpaid = fake.completedEvent(session); // completed, but a bank debit still pending
    const expired = fake.completedEvent(session, "checkout.session.expired");
    const other = {
      ...fake.completedEvent(session, "customer.created"),
      data: { object: { id: "cus_1", object: "customer" } },
    };
    for (const event of [unpaid, expired, other])
      expect(await fake.deliver(event)).toMatchObject({ status: 200, body: "Ignored." });
    expect(paymentsOf(invoice.id)).toHaveLength(0);
    expect(
      db()
        .select()
        .from(stripeEvents)
        .all()
        .map((e) => e.id),
    ).not.toContain(other.id);
  });
});
