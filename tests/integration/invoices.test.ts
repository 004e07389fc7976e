import { businessToday } from "~/lib/business-time";
import { extractText, getDocumentProxy } from "unpdf";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobPageView } from "~/services/job-page.server";
import { fakeResendForApp } from "./fake-mail";

// Invoices and hand-recorded payments: the deposit draft on acceptance, numbers
// given at sending without gaps (two processes sending at once), payments and their states,
// the final bill, the mail with its PDF, and the crew kept out of every money route.
const fake = await fakeResendForApp({ SITE_URL: "http://site.test" });

const { getDb } = await import("~/server/db.server");
const { invoices, payments, proposals, users, outbox } = await import("~/db/schema");
const { createLead } = await import("~/models/lead.server");
const { recordAcceptance } = await import("~/models/proposal.server");
const { createDepositDraft, createInvoiceDraft, listLeadInvoices, saveInvoiceDraft, sendInvoice } =
  await import("~/models/invoice.server");
const { recordPayment } = await import("~/models/payment.server");
const { formatInvoiceNumber } = await import("~/lib/invoice");
const { leadMoneyView } = await import("~/services/lead-money-view.server");
const { getSetting, setSetting } = await import("~/models/settings.server");
const { processOutbox } = await import("~/services/outbox.server");
const { readFlash } = await import("~/services/flash.server");
const { getAdmin, startSession } = await import("~/services/auth.server");
const { upsertUser } = await import("~/models/user.server");
const { systemActor } = await import("~/lib/actor");
const { listLeadNotes } = await import("~/models/lead-history.server");
const { answer, formPost, signedInOwner, routeArgs } = await import("./admin-session");
const invoicesRoute = await import("~/routes/admin/lead-invoices");
const paymentsRoute = await import("~/routes/admin/lead-payments");
const pdfRoute = await import("~/routes/resources/admin-invoice-pdf");
const { invoicePdfFor } = await import("~/services/invoice-pdf.server");
const pipelineRoute = await import("~/routes/admin/pipeline");
const jobRoute = await import("~/routes/job");
const { jobPageLinkUrl } = await import("~/services/job-page-link.server");
const { requestContext } = await import("~/server/client-ip.server");

const by = systemActor("Test");
let owner = "";
let office = "";
let crew = "";
async function signedIn(email: string, role: "office" | "crew") {
  const { user } = await upsertUser(email, `${role}-password-123`);
  getDb().update(users).set({ role }).where(eq(users.id, user.id)).run();
  return (await startSession(user.id)).split(";")[0];
}
beforeAll(async () => {
  owner = await signedInOwner();
  office = await signedIn("office@example.com", "office");
  crew = await signedIn("crew@example.com", "crew");
});

const db = () => getDb();

/** A lead whose proposal for this total is accepted now: its deposit draft is made with it. */
function acceptedJob(totalCents: number, email = "karen@example.com") {
  const { id } = createLead({
    name: "Karen Miller",
    email,
    phone: "316-555-0188",
    message: "Hail",
    street: "412 N Main St",
    city: "Derby",
    zip: "67037",
  });
  const proposal = db()
    .insert(proposals)
    .values({
      leadId: id,
      content: {
        customer: { name: "Karen Miller", email, phone: "", address: "" },
        company: { name: "Prairie Ridge", phone: "", email: "", address: "" },
        totalCents,
        validUntil: "2026-12-31",
        issuedAt: new Date().toISOString(),
        lines: [],
        subtotalCents: totalCents,
        taxRateBasisPoints: 0,
        taxCents: 0,
        terms: "",
      },
      totalCents,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning()
    .get();
  const accepted = recordAcceptance(proposal.id, { name: "Karen Miller", ip: "127.0.0.1" }, new Date());
  return { leadId: id, proposalId: proposal.id, accepted };
}

const post = (path: string, fields: Record<string, string>, cookie = owner) => formPost(path, fields, cookie);

const invoicesPost = (leadId: number, fields: Record<string, string>, cookie = owner) =>
  answer(() =>
    invoicesRoute.action(routeArgs(post(`/admin/leads/${leadId}/invoices`, fields, cookie), { id: String(leadId) })),
  );
const paymentsPost = (leadId: number, fields: Record<string, string>, cookie = owner) =>
  answer(() =>
    paymentsRoute.action(routeArgs(post(`/admin/leads/${leadId}/payments`, fields, cookie), { id: String(leadId) })),
  );
const notesOf = (leadId: number) => listLeadNotes(leadId, "owner").map((n) => n.text ?? "");
const flashOf = async (headers?: Headers) =>
  (
    await readFlash(
      new Request("http://site.test/", { headers: { Cookie: headers?.get("Set-Cookie")?.split(";")[0] ?? "" } }),
    )
  ).flash;

describe("the deposit draft", () => {
  it("is made once, when the proposal is accepted, at the owner's deposit percent rounded half up", () => {
    setSetting("pricing", { ...getSetting("pricing"), depositBasisPoints: 3000 });
    const { leadId, proposalId, accepted } = acceptedJob(1_000_005);
    expect(accepted).toBeTruthy();
    const [deposit, ...more] = listLeadInvoices(leadId);
    expect(more).toEqual([]);
    expect(deposit).toMatchObject({ kind: "deposit", state: "draft", number: null, totalCents: 300_002, proposalId });
    // A second acceptance is refused; asking for the deposit again gives the same draft.
    expect(recordAcceptance(proposalId, { name: "Again", ip: "127.0.0.1" }, new Date())).toBeUndefined();
    expect(createDepositDraft({ id: proposalId, leadId, totalCents: 1_000_005 }, new Date()).id).toBe(deposit.id);
    expect(listLeadInvoices(leadId)).toHaveLength(1);
  });

  it("is edited as a percent or in dollars, with change orders, a credit among them", async () => {
    const { leadId } = acceptedJob(2_000_000);
    const [deposit] = listLeadInvoices(leadId);
    const saved = await invoicesPost(leadId, {
      intent: "save-invoice",
      invoiceId: String(deposit.id),
      basis: "amount",
      amount: "5,000",
      "changeOrders[0].description": "Extra ridge vent",
      "changeOrders[0].amount": "250",
      "changeOrders[1].description": "Credit: old gutters stay",
      "changeOrders[1].amount": "-100",
    });
    expect(saved.status).toBe(302);
    expect(listLeadInvoices(leadId)[0].totalCents).toBe(500_000 + 25_000 - 10_000);
    // A credit that would take the invoice below zero is refused with words, nothing saved.
    const refused = await invoicesPost(leadId, {
      intent: "save-invoice",
      invoiceId: String(deposit.id),
      basis: "amount",
      amount: "10",
      "changeOrders[0].description": "Big credit",
      "changeOrders[0].amount": "-50",
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("cannot come to less than $0.00");
    expect(listLeadInvoices(leadId)[0].totalCents).toBe(515_000);
  });
});

describe("sending", () => {
  it("numbers the invoice, sets its due day and mails it with the PDF and a job-page link", async () => {
    const { leadId } = acceptedJob(1_234_500);
    const [deposit] = listLeadInvoices(leadId);
    const sent = await invoicesPost(leadId, { intent: "send-invoice", invoiceId: String(deposit.id) });
    expect(sent.status).toBe(302);
    expect((await flashOf(sent.headers))?.message).toBe("Invoice sent");
    const row = listLeadInvoices(leadId)[0];
    expect(row.state).toBe("sent");
    expect(row.number).toBeGreaterThan(0);
    expect(row.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const mail = fake.sent.find((m) => m.subject.startsWith("Invoice INV-"));
    expect(mail?.to.join()).toContain("karen@example.com");
    expect(mail?.text).toContain("http://site.test/job/");
    // Without Stripe the page has no Pay button: the mail says how else to pay.
    expect(mail?.text).toContain(
      `You can pay by check (please write ${formatInvoiceNumber(row.number!)} on it), in cash or by card when we are on site.`,
    );
    expect(mail?.text).not.toMatch(/online/i);
    const attachments =
      (mail as unknown as { attachments?: { filename: string; content: string }[] }).attachments ?? [];
    expect(attachments).toHaveLength(1);
    expect(attachments[0].filename).toMatch(/^invoice-\d+-karen-miller\.pdf$/);
    expect(Buffer.from(attachments[0].content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    // Sent once, it is no draft any more: a second send is refused, the number stays.
    const again = await invoicesPost(leadId, { intent: "send-invoice", invoiceId: String(deposit.id) });
    expect(again.status).toBe(400);
    expect(listLeadInvoices(leadId)[0].number).toBe(row.number);
  });

  it("gives numbers without gaps or repeats when two processes send at once", async () => {
    const drafts: number[][] = [[], []];
    for (let i = 0; i < 24; i++) {
      const { leadId } = acceptedJob(100_000 + i, "no-email");
      drafts[i % 2].push(leadId);
    }
    const before = db()
      .select({ n: invoices.number })
      .from(invoices)
      .all()
      .flatMap((r) => (r.n === null ? [] : [r.n]));
    const script = "tests/integration/invoice-send-worker.ts";
    const run = promisify(execFile);
    await Promise.all(
      drafts.map((leadIds) =>
        run("npx", ["tsx", script, ...leadIds.map(String)], { env: { ...process.env }, cwd: process.cwd() }),
      ),
    );
    const numbers = db()
      .select({ n: invoices.number })
      .from(invoices)
      .all()
      .flatMap((r) => (r.n === null ? [] : [r.n]))
      .sort((a, b) => a - b);
    expect(numbers).toHaveLength(before.length + 24);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  }, 60_000);

  it("never deletes a sent invoice: the owner voids it with a reason; a draft is deleted, not voided", async () => {
    const { leadId } = acceptedJob(500_000);
    const [deposit] = listLeadInvoices(leadId);
    const sent = sendInvoice(leadId, deposit.id, by);
    // The signed terms ask the deposit on signing: due the day it is sent, not in 14 days.
    expect(sent && "invoice" in sent && sent.invoice.dueOn).toBe(businessToday(new Date()));
    expect((await invoicesPost(leadId, { intent: "void-invoice", invoiceId: String(deposit.id) })).status).toBe(400); // no reason
    const deleteSent = await invoicesPost(leadId, { intent: "delete-draft", id: String(deposit.id) });
    expect(deleteSent.status).toBe(400);
    expect(JSON.stringify(deleteSent.data)).toContain("Only a draft is deleted");
    expect(
      (await invoicesPost(leadId, { intent: "void-invoice", invoiceId: String(deposit.id), reason: "Wrong amount" }))
        .status,
    ).toBe(302);
    expect(listLeadInvoices(leadId)[0]).toMatchObject({ state: "void", voidReason: "Wrong amount" });
    const progress = createInvoiceDraft(leadId, "progress", by);
    if (!("id" in progress)) throw new Error("no progress draft");
    const voidDraft = await invoicesPost(leadId, { intent: "void-invoice", invoiceId: String(progress.id) });
    expect(voidDraft.status).toBe(400);
    expect(JSON.stringify(voidDraft.data)).toContain("delete it instead");
    const deleted = await invoicesPost(leadId, { intent: "delete-draft", id: String(progress.id) });
    expect(deleted.status).toBe(302);
    expect((await flashOf(deleted.headers))?.message).toBe("Invoice draft deleted");
    expect(listLeadInvoices(leadId).map((i) => i.id)).toEqual([deposit.id]);
    expect((await invoicesPost(leadId, { intent: "delete-draft", id: String(progress.id) })).status).toBe(404);
  });
});

describe("deleting a draft", () => {
  const viewAs = async (cookie: string, leadId: number, search = "") => {
    const request = new Request(`http://site.test/admin/leads/${leadId}${search}`, { headers: { Cookie: cookie } });
    const user = await getAdmin(request);
    if (!user) throw new Error("not signed in");
    return leadMoneyView(request, leadId, user);
  };

  it("is the office's and the owner's; voiding a sent invoice is the owner's alone; the crew does neither", async () => {
    const { leadId } = acceptedJob(400_000);
    const [deposit] = listLeadInvoices(leadId);
    const progress = createInvoiceDraft(leadId, "progress", by);
    if (!("id" in progress)) throw new Error("no progress draft");
    expect((await invoicesPost(leadId, { intent: "delete-draft", id: String(progress.id) }, crew)).status).toBe(403);
    expect((await invoicesPost(leadId, { intent: "delete-draft", id: String(progress.id) }, office)).status).toBe(302);
    expect(listLeadInvoices(leadId).map((i) => i.id)).toEqual([deposit.id]);
    expect(notesOf(leadId).some((n) => n.startsWith("Draft progress invoice ($1,000.00) deleted"))).toBe(true);
    sendInvoice(leadId, deposit.id, by);
    expect(
      (await invoicesPost(leadId, { intent: "void-invoice", invoiceId: String(deposit.id), reason: "Typo" }, office))
        .status,
    ).toBe(403);
    expect(
      (await invoicesPost(leadId, { intent: "void-invoice", invoiceId: String(deposit.id), reason: "Typo" }, crew))
        .status,
    ).toBe(403);
    expect(listLeadInvoices(leadId)[0].state).toBe("sent");
  });

  it("is offered on a draft to office and owner, with a confirm step; Void only on a sent invoice, to the owner", async () => {
    const { leadId } = acceptedJob(400_000);
    const [deposit] = listLeadInvoices(leadId);
    const progress = createInvoiceDraft(leadId, "progress", by);
    if (!("id" in progress)) throw new Error("no progress draft");
    sendInvoice(leadId, deposit.id, by);
    for (const cookie of [owner, office]) {
      const view = await viewAs(cookie, leadId);
      const [sent, draft] = view!.invoices;
      expect(draft.deleteTo).toBe(`/admin/leads/${leadId}?delete-draft=${progress.id}#lead-money`);
      expect(draft.voidable).toBe(false);
      expect(sent.deleteTo).toBeNull();
      expect(sent.voidable).toBe(cookie === owner);
      expect(view!.confirmDelete).toBeNull();
    }
    const confirming = await viewAs(office, leadId, `?delete-draft=${progress.id}`);
    expect(confirming?.confirmDelete).toMatchObject({
      invoiceId: progress.id,
      closeTo: `/admin/leads/${leadId}#lead-money`,
    });
    // A sent invoice's id there confirms nothing.
    expect((await viewAs(owner, leadId, `?delete-draft=${deposit.id}`))?.confirmDelete).toBeNull();
  });

  it("shows a draft as not sent yet, never as owing $0.00", async () => {
    const { leadId } = acceptedJob(400_000);
    const view = await viewAs(owner, leadId);
    const [draft] = view!.invoices;
    expect(draft.figures).toContainEqual({ label: "Owed", value: "Not sent yet" });
    expect(draft.figures.find((f) => f.label === "Paid")).toBeUndefined();
    expect(view!.figures).toContainEqual({ label: "Owed", value: "$0.00", strong: true });
  });
});

describe("payments recorded by staff", () => {
  it("moves Sent → Partly paid → Paid, refuses more than is owed and a check without its number", async () => {
    const { leadId } = acceptedJob(1_000_000);
    const [deposit] = listLeadInvoices(leadId);
    sendInvoice(leadId, deposit.id, by);
    const pay = (fields: Record<string, string>) =>
      paymentsPost(leadId, {
        intent: "record-payment",
        invoiceId: String(deposit.id),
        receivedOn: "2026-11-20",
        ...fields,
      });
    const noNumber = await pay({ method: "check", amount: "100" });
    expect(noNumber.status).toBe(400);
    expect(JSON.stringify(noNumber.data)).toContain("Please enter the check number");
    const tooMuch = await pay({ method: "cash", amount: "3000.01" });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.data)).toContain("more than the $3,000.00 still owed");
    expect((await pay({ method: "cash", amount: "1000" })).status).toBe(302);
    expect(listLeadInvoices(leadId)[0]).toMatchObject({ state: "partly_paid", paidCents: 100_000 });
    const done = await pay({ method: "check", amount: "2000", checkNumber: "1042" });
    expect(done.status).toBe(302);
    expect((await flashOf(done.headers))?.message).toContain("paid in full");
    expect(listLeadInvoices(leadId)[0]).toMatchObject({ state: "paid", paidCents: 300_000 });
    expect(fake.sent.filter((m) => m.subject.startsWith("Receipt:"))).toHaveLength(2);
    // Paid in full: nothing more is taken.
    expect((await pay({ method: "cash", amount: "1" })).status).toBe(400);
  });

  it("records an online payment once for one Stripe session", () => {
    const { leadId } = acceptedJob(200_000);
    const [deposit] = listLeadInvoices(leadId);
    sendInvoice(leadId, deposit.id, by);
    const input = {
      invoiceId: deposit.id,
      method: "online" as const,
      amountCents: 10_000,
      receivedOn: "2026-11-27",
      stripeSessionId: "cs_test_1",
      by,
    };
    expect(recordPayment(input).status).toBe("recorded");
    expect(recordPayment(input).status).toBe("duplicate");
    expect(db().select().from(payments).where(eq(payments.invoiceId, deposit.id)).all()).toHaveLength(1);
    expect(listLeadInvoices(leadId)[0].paidCents).toBe(10_000);
    expect(
      db()
        .select()
        .from(outbox)
        .where(eq(outbox.invoiceId, deposit.id))
        .all()
        .filter((m) => m.kind === "receipt"),
    ).toHaveLength(1);
  });

  it("mails receipts that state what was owed right after each payment, however late they go", async () => {
    const { leadId } = acceptedJob(1_000_000, "receipts@example.com");
    const [deposit] = listLeadInvoices(leadId);
    sendInvoice(leadId, deposit.id, by); // $3,000.00
    // Both payments recorded before either receipt is composed (a retried or late mail).
    expect(
      recordPayment({ invoiceId: deposit.id, method: "cash", amountCents: 100_000, receivedOn: "2026-11-20", by })
        .status,
    ).toBe("recorded");
    expect(
      recordPayment({
        invoiceId: deposit.id,
        method: "check",
        checkNumber: "2201",
        amountCents: 150_000,
        receivedOn: "2026-11-21",
        by,
      }).status,
    ).toBe("recorded");
    await processOutbox();
    const receipts = fake.sent.filter(
      (m) => m.to.join().includes("receipts@example.com") && m.subject.startsWith("Receipt:"),
    );
    expect(receipts.map((m) => m.subject)).toEqual([
      expect.stringContaining("$1,000.00"),
      expect.stringContaining("$1,500.00"),
    ]);
    expect(receipts[0].text).toContain("$2,000.00 is still owed on this invoice.");
    expect(receipts[1].text).toContain("$500.00 is still owed on this invoice.");
  });

  it("takes nothing on a draft, and another lead's invoice is not found", async () => {
    const a = acceptedJob(100_000);
    const b = acceptedJob(100_000);
    const [draft] = listLeadInvoices(a.leadId);
    expect(
      (
        await paymentsPost(a.leadId, {
          intent: "record-payment",
          invoiceId: String(draft.id),
          method: "cash",
          amount: "1",
          receivedOn: "2026-11-20",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await paymentsPost(b.leadId, {
          intent: "record-payment",
          invoiceId: String(draft.id),
          method: "cash",
          amount: "1",
          receivedOn: "2026-11-20",
        })
      ).status,
    ).toBe(404);
  });
});

describe("the final invoice", () => {
  it("bills the accepted total and change orders less what was sent before", () => {
    const { leadId } = acceptedJob(1_000_000);
    const [deposit] = listLeadInvoices(leadId);
    sendInvoice(leadId, deposit.id, by); // $3,000
    const progress = createInvoiceDraft(leadId, "progress", by);
    if (!("id" in progress)) throw new Error("no progress draft");
    saveInvoiceDraft(leadId, {
      intent: "save-invoice",
      invoiceId: progress.id,
      basis: { amountCents: 200_000 },
      dueOn: null,
      note: null,
      changeOrders: [{ description: "Decking", amountCents: 40_000, changeOrder: true }],
    });
    // The final is not sent while a draft waits.
    const early = createInvoiceDraft(leadId, "final", by);
    if (!("id" in early)) throw new Error("no final draft");
    expect(sendInvoice(leadId, early.id, by)).toEqual({ refused: expect.stringContaining("other drafts") });
    sendInvoice(leadId, progress.id, by); // $2,400 with its change order
    saveInvoiceDraft(leadId, {
      intent: "save-invoice",
      invoiceId: early.id,
      basis: null,
      dueOn: null,
      note: null,
      changeOrders: [{ description: "Credit", amountCents: -5_000, changeOrder: true }],
    });
    const sent = sendInvoice(leadId, early.id, by);
    if (!sent || "refused" in sent) throw new Error("final not sent");
    // 10,000 + 400 - 3,000 - 2,400 - 50 = 4,950
    expect(sent.invoice.totalCents).toBe(495_000);
  });
});

describe("a job with a change order, billed to the end", () => {
  const moneyPanel = async (leadId: number) => {
    const request = new Request(`http://site.test/admin/leads/${leadId}`, { headers: { Cookie: owner } });
    return (await leadMoneyView(request, leadId, (await getAdmin(request))!))!;
  };
  const jobPage = async (leadId: number) => {
    const token = jobPageLinkUrl(leadId).split("/job/")[1]!;
    const request = new Request(`http://site.test/job/${token}`);
    const page = (await jobRoute.loader({
      request,
      params: { token },
      context: requestContext("203.0.113.9"),
    } as never)) as unknown as { data: { kind: string; view: JobPageView } };
    return page.data.view;
  };
  const payInFull = async (leadId: number, invoiceId: number, dollars: string) =>
    expect(
      (
        await paymentsPost(leadId, {
          intent: "record-payment",
          invoiceId: String(invoiceId),
          method: "cash",
          amount: dollars,
          receivedOn: businessToday(),
        })
      ).status,
    ).toBe(302);

  it("reads the same everywhere: the job page lists the change order, the bill adds up in order, nothing is offered once all is paid", async () => {
    setSetting("pricing", { ...getSetting("pricing"), depositBasisPoints: 3000 });
    const { leadId } = acceptedJob(1_000_000, "vent@example.com");
    const [deposit] = listLeadInvoices(leadId);
    sendInvoice(leadId, deposit.id, by);
    await payInFull(leadId, deposit.id, "3000");
    const final = createInvoiceDraft(leadId, "final", by);
    if (!("id" in final)) throw new Error("no final draft");
    saveInvoiceDraft(leadId, {
      intent: "save-invoice",
      invoiceId: final.id,
      basis: null,
      dueOn: null,
      note: null,
      changeOrders: [{ description: "Extra vent", amountCents: 25_500, changeOrder: true }],
    });
    // While the final is a draft its change order is the office's: the homeowner's page waits.
    expect((await jobPage(leadId)).proposal).toMatchObject({ changeOrders: [], jobTotal: null });
    const sent = sendInvoice(leadId, final.id, by);
    if (!sent || "refused" in sent) throw new Error("final not sent");

    // The homeowner's page: the proposal, the change order, and the job's total the invoices bill.
    const page = await jobPage(leadId);
    expect(page.proposal).toMatchObject({
      total: "$10,000.00",
      changeOrders: [{ description: "Extra vent", amount: "$255.00" }],
      jobTotal: "$10,255.00",
    });
    const panel = await moneyPanel(leadId);
    expect(panel.figures).toContainEqual({ label: "Job total", value: "$10,255.00" });

    // The final bill reads as arithmetic, on the PDF, the lead page and the job page alike.
    const inOrder = [
      "Roof work as accepted in the proposal",
      "Change order: Extra vent",
      "Job total",
      `Less deposit invoice ${formatInvoiceNumber(listLeadInvoices(leadId)[0]!.number)}`,
    ];
    const { text } = await extractText(await getDocumentProxy(new Uint8Array((await invoicePdfFor(sent.invoice))!)), {
      mergePages: true,
    });
    const at = inOrder.map((words) => text.indexOf(words));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const adminFinal = panel.invoices.find((i) => i.kind === "final")!;
    expect(adminFinal.lines.map((l) => [l.label, l.amount])).toEqual([
      [inOrder[0], "$10,000.00"],
      [inOrder[1], "$255.00"],
      [inOrder[2], "$10,255.00"],
      [inOrder[3], "-$3,000.00"],
    ]);
    expect(page.invoices.find((i) => i.kind === "Final")!.lines).toEqual(adminFinal.lines);

    // Paid in full: nothing is left to bill, so no new invoice is offered, and none is made.
    await payInFull(leadId, final.id, "7255");
    expect((await moneyPanel(leadId)).billable).toBe(false);
    for (const kind of ["progress", "final"]) {
      const refused = await invoicesPost(leadId, { intent: "create-invoice", kind });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data)).toContain(
        "Nothing is left to bill: earlier invoices cover the job's total.",
      );
    }
    expect(listLeadInvoices(leadId)).toHaveLength(2);
  });
});

describe("the pipeline", () => {
  it("shows what won jobs owe and what is overdue; the crew sees none of it", async () => {
    const { leadId } = acceptedJob(1_000_000);
    const [deposit] = listLeadInvoices(leadId);
    sendInvoice(leadId, deposit.id, by);
    db().update(invoices).set({ dueOn: "2020-01-01" }).where(eq(invoices.id, deposit.id)).run();
    recordPayment({ invoiceId: deposit.id, method: "cash", amountCents: 50_000, receivedOn: "2026-11-20", by });
    const page = (cookie: string) =>
      pipelineRoute.loader(
        routeArgs(new Request("http://site.test/admin/leads/pipeline", { headers: { Cookie: cookie } })),
      ) as Promise<{
        owing: { jobs: { leadId: number; owedCents: number; overdueCents: number }[]; overdueCents: number } | null;
      }>;
    const owned = await page(owner);
    expect(owned.owing?.jobs.find((j) => j.leadId === leadId)).toMatchObject({
      owedCents: 250_000,
      overdueCents: 250_000,
    });
    expect(owned.owing?.overdueCents).toBeGreaterThanOrEqual(250_000);
    expect((await page(crew)).owing).toBeNull();
  });
});

describe("the pipeline's owing jobs, a page at a time", () => {
  it("pages with Previous and Next; the totals cover every job, not the page", async () => {
    for (let i = 0; i < 22; i++) {
      const { leadId } = acceptedJob(100_000 + i * 1_000, "no-email");
      sendInvoice(leadId, listLeadInvoices(leadId)[0].id, by);
    }
    type Owing = {
      jobs: { leadId: number; owedCents: number }[];
      owedCents: number;
      jobCount: number;
      page: number;
      pages: number;
    };
    const page = async (search: string) =>
      (
        (await pipelineRoute.loader(
          routeArgs(new Request(`http://site.test/admin/leads/pipeline${search}`, { headers: { Cookie: owner } })),
        )) as { owing: Owing }
      ).owing;
    const first = await page("");
    expect(first.jobCount).toBeGreaterThanOrEqual(22);
    expect(first.jobs).toHaveLength(20);
    expect(first.pages).toBe(Math.ceil(first.jobCount / 20));
    const all = [first];
    for (let n = 2; n <= first.pages; n++) all.push(await page(`?owing=${n}`));
    const ids = all.flatMap((p) => p.jobs.map((j) => j.leadId));
    expect(new Set(ids).size).toBe(first.jobCount);
    expect(all.every((p) => p.owedCents === first.owedCents)).toBe(true);
    expect(all.flatMap((p) => p.jobs).reduce((sum, j) => sum + j.owedCents, 0)).toBe(first.owedCents);
    // Past the last page is the last; anything else is the first.
    expect((await page("?owing=999")).page).toBe(first.pages);
    expect((await page("?owing=abc")).page).toBe(1);
    expect((await page("?owing=-2")).page).toBe(1);
  });
});

describe("a draft's change orders", () => {
  it("get one more row with Add a row (the form again with what was typed, nothing saved), up to the limit", async () => {
    const { leadId } = acceptedJob(300_000);
    const [deposit] = listLeadInvoices(leadId);
    const before = listLeadInvoices(leadId)[0].updatedAt;
    const rows = (n: number) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [
          [`changeOrders[${i}].description`, i === 0 ? "Extra vent" : ""],
          [`changeOrders[${i}].amount`, i === 0 ? "120" : ""],
        ]).flat(),
      );
    const addRow = JSON.stringify({
      type: "insert",
      payload: { name: "changeOrders", defaultValue: { description: "", amount: "" } },
    });
    const added = await invoicesPost(leadId, {
      intent: "save-invoice",
      invoiceId: String(deposit.id),
      basis: "percent",
      percent: "30",
      ...rows(3),
      __intent__: addRow,
    });
    expect(added.status).toBe(200);
    const reply = added.data as {
      intent: string;
      about: number;
      reply: { initialValue: { changeOrders: unknown[] } };
    };
    expect(reply).toMatchObject({ intent: "save-invoice", about: deposit.id });
    expect(reply.reply.initialValue.changeOrders).toHaveLength(4);
    expect(reply.reply.initialValue.changeOrders[0]).toEqual({ description: "Extra vent", amount: "120" });
    expect(listLeadInvoices(leadId)[0]).toMatchObject({ totalCents: 90_000, updatedAt: before });
    // At the limit, one more is refused with words.
    const full = await invoicesPost(leadId, {
      intent: "save-invoice",
      invoiceId: String(deposit.id),
      basis: "percent",
      percent: "30",
      ...rows(10),
      __intent__: addRow,
    });
    expect(full.status).toBe(400);
    expect(JSON.stringify(full.data)).toContain("at most 10 change orders");
  });
});

describe("the crew sees no money", () => {
  it("gets 403 on every invoice and payment route, GET and each intent, and the PDF", async () => {
    const { leadId } = acceptedJob(100_000);
    const [deposit] = listLeadInvoices(leadId);
    const get = (path: string) => new Request(`http://site.test${path}`, { headers: { Cookie: crew } });
    const params = { id: String(leadId), iid: String(deposit.id) };
    expect(
      (await answer(() => invoicesRoute.loader(routeArgs(get(`/admin/leads/${leadId}/invoices`), params)))).status,
    ).toBe(403);
    expect(
      (await answer(() => paymentsRoute.loader(routeArgs(get(`/admin/leads/${leadId}/payments`), params)))).status,
    ).toBe(403);
    expect(
      (await answer(() => pdfRoute.loader(routeArgs(get(`/admin/leads/${leadId}/invoices/${deposit.id}.pdf`), params))))
        .status,
    ).toBe(403);
    for (const intent of ["create-invoice", "save-invoice", "send-invoice", "void-invoice", "delete-draft"]) {
      expect(
        (
          await invoicesPost(
            leadId,
            { intent, invoiceId: String(deposit.id), id: String(deposit.id), kind: "progress" },
            crew,
          )
        ).status,
        intent,
      ).toBe(403);
    }
    expect((await paymentsPost(leadId, { intent: "record-payment", invoiceId: String(deposit.id) }, crew)).status).toBe(
      403,
    );
    expect(listLeadInvoices(leadId)).toHaveLength(1);
  });
});

describe("hostile posts", () => {
  it("answer 4xx: an unknown intent, a list past its limit, an id that names nothing", async () => {
    const { leadId } = acceptedJob(100_000);
    const [deposit] = listLeadInvoices(leadId);
    expect((await invoicesPost(leadId, { intent: "delete-everything" })).status).toBe(400);
    expect(
      (
        await invoicesPost(leadId, {
          intent: "save-invoice",
          invoiceId: String(deposit.id),
          "changeOrders[99].amount": "1",
        })
      ).status,
    ).toBe(400);
    expect((await invoicesPost(leadId, { intent: "send-invoice", invoiceId: "999999" })).status).toBe(404);
    expect((await invoicesPost(leadId, { intent: "send-invoice", invoiceId: "1e9999" })).status).toBe(400);
    // Another lead's draft is not found from this lead's page, and stays; an id that is no id is a 400.
    const other = acceptedJob(100_000);
    const [otherDraft] = listLeadInvoices(other.leadId);
    expect((await invoicesPost(leadId, { intent: "delete-draft", id: String(otherDraft.id) })).status).toBe(404);
    expect(listLeadInvoices(other.leadId)).toHaveLength(1);
    expect((await invoicesPost(leadId, { intent: "delete-draft", id: "1; drop table invoices" })).status).toBe(400);
    expect((await invoicesPost(leadId, { intent: "delete-draft" })).status).toBe(400);
    expect(
      (
        await paymentsPost(leadId, {
          intent: "record-payment",
          invoiceId: String(deposit.id),
          method: "online",
          amount: "5",
          receivedOn: "2026-11-20",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await paymentsPost(leadId, {
          intent: "record-payment",
          invoiceId: String(deposit.id),
          method: "cash",
          amount: "5",
          receivedOn: "2999-01-01",
        })
      ).status,
    ).toBe(400);
  });

  it("PDF of a draft for staff", async () => {
    const { leadId } = acceptedJob(100_000);
    const [deposit] = listLeadInvoices(leadId);
    const res = await answer(() =>
      pdfRoute.loader(
        routeArgs(
          new Request(`http://site.test/admin/leads/${leadId}/invoices/${deposit.id}.pdf`, {
            headers: { Cookie: owner },
          }),
          { id: String(leadId), iid: String(deposit.id) },
        ),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers?.get("Content-Type")).toBe("application/pdf");
    // Sent, with card payment not set up here: the PDF offers the ways the mail offers, and no Pay button.
    const sent = sendInvoice(leadId, deposit.id, by);
    if (!sent || "refused" in sent) throw new Error("not sent");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array((await invoicePdfFor(sent.invoice))!)), {
      mergePages: true,
    });
    expect(text).toContain("By check made out to");
    expect(text).toContain("in cash or by card when we are on site");
    expect(text).not.toContain("job page");
    await processOutbox();
  });
});
