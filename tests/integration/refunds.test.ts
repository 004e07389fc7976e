import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { answer, formPost, routeArgs, signInTeam } from "./admin-session";
import { leadWithPaidDeposit } from "./paid-deposit";
import { invoices, leadNotes, payments, refunds } from "~/db/schema";
import { systemActor } from "~/lib/actor";
import { addDays, businessToday } from "~/lib/business-time";
import { listLeadInvoices } from "~/models/invoice.server";
import { listLeadNotes } from "~/models/lead-history.server";
import { recordPayment } from "~/models/payment.server";
import { refundPayment } from "~/models/refund.server";
import { getDb } from "~/server/db.server";
import { readFlash } from "~/services/flash.server";
import { leadMoneyView } from "~/services/lead-money-view.server";
import * as paymentsRoute from "~/routes/admin/lead-payments";

// Money given back (decision 0105): the owner records a refund under a payment; the invoice's
// paid total and state move with it in one transaction, the history says so in each role's
// words, and the form refuses what the server must.

const by = systemActor("Test");
let team: Awaited<ReturnType<typeof signInTeam>> = {};
beforeAll(async () => {
  team = await signInTeam([
    ["pat", "owner", "Pat Owner"],
    ["kim", "office", "Kim Office"],
    ["sam", "crew", "Sam Crew"],
  ]);
});

const refund = (leadId: number, fields: Record<string, string>, who = "pat") =>
  answer(() =>
    paymentsRoute.action(
      routeArgs(
        formPost(
          `/admin/leads/${leadId}/payments`,
          { intent: "refund-payment", refundedOn: businessToday(), reason: "Job called off", ...fields },
          team[who]!.cookie,
        ),
        { id: String(leadId) },
      ),
    ),
  );
const errorsOf = (data: unknown) => JSON.stringify((data as { reply?: { error?: unknown } })?.reply?.error ?? {});
const paymentOf = (leadId: number) => {
  const [invoice] = listLeadInvoices(leadId);
  return getDb().select().from(payments).where(eq(payments.invoiceId, invoice!.id)).get()!;
};
const flashOf = async (headers?: Headers) =>
  (
    await readFlash(
      new Request("http://site.test/", { headers: { Cookie: headers?.get("Set-Cookie")?.split(";")[0] ?? "" } }),
    )
  ).flash;

describe("a refund recorded by the owner", () => {
  it("lowers the invoice's paid total, works its state out again and says so in the history", async () => {
    const { leadId, invoice } = leadWithPaidDeposit(by);
    // Paid in full first: the rest of the deposit by card.
    recordPayment({
      invoiceId: invoice.id,
      method: "card",
      amountCents: invoice.totalCents - 50_000,
      receivedOn: "2026-11-28",
      by,
    });
    expect(listLeadInvoices(leadId)[0]).toMatchObject({ state: "paid", paidCents: invoice.totalCents });
    const check = paymentOf(leadId);
    const done = await refund(leadId, { paymentId: String(check.id), amount: "200", refundedOn: "2026-11-29" });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/leads/${leadId}`);
    expect((await flashOf(done.headers))?.message).toBe(
      `Refund recorded. Invoice INV-${String(invoice.number).padStart(4, "0")} now owes $200.00.`,
    );
    expect(listLeadInvoices(leadId)[0]).toMatchObject({
      state: "partly_paid",
      paidCents: invoice.totalCents - 20_000,
    });
    // The rest of the check back too: still partly paid (the card stays); all of it: Sent again.
    expect((await refund(leadId, { paymentId: String(check.id), amount: "300" })).status).toBe(302);
    const card = getDb().select().from(payments).where(eq(payments.method, "card")).get()!;
    const rest = ((invoice.totalCents - 50_000) / 100).toFixed(2);
    expect((await refund(leadId, { paymentId: String(card.id), amount: rest })).status).toBe(302);
    expect(listLeadInvoices(leadId)[0]).toMatchObject({ state: "sent", paidCents: 0 });

    const words = listLeadNotes(leadId, "owner").map((n) => n.text);
    expect(words).toContain(
      `$200.00 refunded from the payment received by check no. 1042 on invoice INV-${String(invoice.number).padStart(4, "0")}: Job called off`,
    );
    const crew = listLeadNotes(leadId, "crew").map((n) => n.text ?? "");
    expect(crew).toContain("Payment refunded on the deposit invoice");
    expect(crew.join(" ")).not.toMatch(/\$|1042|called off/);
  });

  it("shows each refund under its payment, and offers the form only for what is left, to the owner", async () => {
    const { leadId } = leadWithPaidDeposit(by);
    const check = paymentOf(leadId);
    await refund(leadId, { paymentId: String(check.id), amount: "125.50", refundedOn: "2026-11-28" });
    const request = new Request(`http://site.test/admin/leads/${leadId}`);
    const asOwner = await leadMoneyView(request, leadId, staff("pat", "owner"));
    const [payment] = asOwner!.invoices[0]!.payments;
    expect(payment).toMatchObject({
      line: "$500.00 on November 27, 2026, by check no. 1042",
      refunds: [{ line: "$125.50 on November 28, 2026: Job called off" }],
      refund: { left: "$374.50", leftDollars: "374.50", receivedOn: "2026-11-27", online: null },
    });
    expect(asOwner!.figures.find((f) => f.label === "Received")?.value).toBe("$374.50");
    const asOffice = await leadMoneyView(request, leadId, staff("kim", "office"));
    expect(asOffice!.invoices[0]!.payments[0]!.refund).toBeNull();
  });

  it("tells the owner an online payment's money goes back through Stripe's dashboard", async () => {
    const { leadId, invoice } = leadWithPaidDeposit(by);
    recordPayment({
      invoiceId: invoice.id,
      method: "online",
      amountCents: 10_000,
      receivedOn: "2026-11-28",
      stripeSessionId: "cs_test_refund_1",
      by,
    });
    const view = await leadMoneyView(new Request("http://site.test/"), leadId, staff("pat", "owner"));
    const online = view!.invoices[0]!.payments.find((p) => p.line.includes("online"));
    expect(online?.refund?.online).toBe(
      "Paid online: refund it from the Stripe dashboard first (cs_test_refund_1), then record it here. The site does not move the money.",
    );
  });
});

describe("the refund form's rules", () => {
  it("refuses more than is left of the payment, with the figure", async () => {
    const { leadId } = leadWithPaidDeposit(by);
    const check = paymentOf(leadId);
    await refund(leadId, { paymentId: String(check.id), amount: "450" });
    const tooMuch = await refund(leadId, { paymentId: String(check.id), amount: "50.01" });
    expect(tooMuch.status).toBe(400);
    expect(errorsOf(tooMuch.data)).toContain("The amount is more than the $50.00 left of this payment");
    expect((await refund(leadId, { paymentId: String(check.id), amount: "50" })).status).toBe(302);
    const nothing = await refund(leadId, { paymentId: String(check.id), amount: "1" });
    expect(nothing.status).toBe(400);
    expect(errorsOf(nothing.data)).toContain("All of this payment has been refunded already.");
  });

  it("asks why, an amount, and a day neither in the future nor before the money came in", async () => {
    const { leadId } = leadWithPaidDeposit(by);
    const paymentId = String(paymentOf(leadId).id);
    const noReason = await refund(leadId, { paymentId, amount: "10", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(errorsOf(noReason.data)).toContain("Please say why the money was given back");
    const noAmount = await refund(leadId, { paymentId, amount: "ten" });
    expect(errorsOf(noAmount.data)).toContain("Please enter the amount given back, like 250.00");
    const future = await refund(leadId, { paymentId, amount: "10", refundedOn: addDays(businessToday(), 1) });
    expect(errorsOf(future.data)).toContain("The day it was given back cannot be in the future");
    const early = await refund(leadId, { paymentId, amount: "10", refundedOn: "2026-11-26" });
    expect(errorsOf(early.data)).toContain(
      "The day it was given back cannot be before the payment was received (November 27, 2026)",
    );
    // The form comes back to the one payment's form, named by its id.
    expect((early.data as { intent: string; about: number }).about).toBe(Number(paymentId));
    expect(
      getDb()
        .select()
        .from(refunds)
        .all()
        .filter((r) => String(r.paymentId) === paymentId),
    ).toEqual([]);
  });

  it("is the owner's: the office and the crew get 403, nothing written", async () => {
    const { leadId } = leadWithPaidDeposit(by);
    const paymentId = String(paymentOf(leadId).id);
    expect((await refund(leadId, { paymentId, amount: "10" }, "kim")).status).toBe(403);
    expect((await refund(leadId, { paymentId, amount: "10" }, "sam")).status).toBe(403);
    expect(listLeadInvoices(leadId)[0]!.paidCents).toBe(50_000);
  });

  it("answers 404 for a made-up payment or another lead's, and 400 for a malformed id", async () => {
    const { leadId } = leadWithPaidDeposit(by);
    const other = leadWithPaidDeposit(by);
    expect((await refund(leadId, { paymentId: "999999", amount: "10" })).status).toBe(404);
    expect((await refund(leadId, { paymentId: String(paymentOf(other.leadId).id), amount: "10" })).status).toBe(404);
    expect((await refund(leadId, { paymentId: "1; drop table refunds", amount: "10" })).status).toBe(400);
    expect(listLeadInvoices(other.leadId)[0]!.paidCents).toBe(50_000);
  });

  it("takes nothing on a void invoice", () => {
    const { leadId, invoice } = leadWithPaidDeposit(by);
    const check = paymentOf(leadId);
    // Given back in full, then voided (a job called off): nothing is left to refund.
    refundPayment(leadId, { paymentId: check.id, amountCents: 50_000, refundedOn: "2026-11-28", reason: "x", by });
    getDb().update(invoices).set({ state: "void" }).where(eq(invoices.id, invoice.id)).run();
    expect(
      refundPayment(leadId, { paymentId: check.id, amountCents: 1, refundedOn: "2026-11-28", reason: "x", by }),
    ).toEqual({ refused: "This invoice is void: nothing on it is left to refund." });
  });
});

describe("one transaction", () => {
  it("writes nothing when any part of it fails", () => {
    const { leadId } = leadWithPaidDeposit(by);
    const check = paymentOf(leadId);
    const sqlite = getDb().$client;
    // The history entry, written last, fails: the refund row and the invoice's change must go with it.
    sqlite.exec(`create trigger refuse_refund_note before insert on lead_notes
      when new.kind = 'payment-refunded' begin select raise(abort, 'history is full'); end`);
    try {
      expect(() =>
        refundPayment(leadId, {
          paymentId: check.id,
          amountCents: 10_000,
          refundedOn: "2026-11-28",
          reason: "Overcharged",
          by,
        }),
      ).toThrow(/history is full/);
    } finally {
      sqlite.exec("drop trigger refuse_refund_note");
    }
    expect(getDb().select().from(refunds).where(eq(refunds.paymentId, check.id)).all()).toEqual([]);
    expect(listLeadInvoices(leadId)[0]).toMatchObject({ state: "partly_paid", paidCents: 50_000 });
    expect(
      getDb()
        .select()
        .from(leadNotes)
        .where(eq(leadNotes.leadId, leadId))
        .all()
        .filter((n) => n.kind === "payment-refunded"),
    ).toEqual([]);
  });
});

/** The signed-in person a service is handed. */
const staff = (key: string, role: "owner" | "office") => ({
  sessionId: "",
  userId: team[key]!.id,
  email: `${key}@example.com`,
  name: key,
  role,
});
