import { extractText, getDocumentProxy } from "unpdf";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fakeResendForApp } from "./fake-mail";

// An insurance claim billed through the real forms: the carrier's first payment, the
// deductible, an approved supplement, the depreciation after completion, every check
// recorded. Nothing is billed twice, the homeowner is never billed the carrier's share, and
// every figure is whole cents.
const fake = await fakeResendForApp({ SITE_URL: "http://site.test" });

const { getDb } = await import("~/server/db.server");
const { claimSupplements, insuranceClaims, invoices, proposals } = await import("~/db/schema");
const { createLead, setJobCompleted } = await import("~/models/lead.server");
const { recordAcceptance } = await import("~/models/proposal.server");
const { listLeadInvoices, owingJobs } = await import("~/models/invoice.server");
const { claimMoneyOf, openClaimsMoney, owedByPayer } = await import("~/models/claim-money.server");
const { stillToComeBySide } = await import("~/lib/claim-money");
const { jobValueOf } = await import("~/models/job-value.server");
const { systemActor } = await import("~/lib/actor");
const { answer, formPost, signedInOwner, routeArgs } = await import("./admin-session");
const invoicesRoute = await import("~/routes/admin/lead-invoices");
const paymentsRoute = await import("~/routes/admin/lead-payments");
const certificateRoute = await import("~/routes/resources/completion-certificate");
const pdfRoute = await import("~/routes/resources/admin-invoice-pdf");
const { leadMoneyView } = await import("~/services/lead-money-view.server");
const { getAdmin } = await import("~/services/auth.server");

let owner = "";
beforeAll(async () => {
  owner = await signedInOwner();
});
const db = () => getDb();
const by = systemActor("Test");

/** A won claim job: a $15,000.00 proposal priced to State Farm's scope, $3,000.00 held back, $1,000.00 deductible. */
function claimJob({ adjusterEmail = "adjuster@statefarm.example" as string | null } = {}) {
  const { id: leadId } = createLead({
    name: "Dana Whitfield",
    email: "dana@example.com",
    phone: "316-555-0142",
    message: "Hail",
    street: "1820 N Rock Rd",
    city: "Wichita",
    zip: "67206",
  });
  const totalCents = 1_500_000;
  const proposal = db()
    .insert(proposals)
    .values({
      leadId,
      content: {
        customer: { name: "Dana Whitfield", email: "dana@example.com", phone: "", address: "" },
        company: { name: "Prairie Ridge", phone: "", email: "", address: "" },
        totalCents,
        validUntil: "2026-12-31",
        issuedAt: new Date().toISOString(),
        lines: [
          {
            label: "Tear off and replace, architectural shingles",
            quantity: 32,
            unit: "sq",
            totalCents,
            unitPriceCents: 0,
          },
        ],
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
  recordAcceptance(proposal.id, { name: "Dana Whitfield", ip: "127.0.0.1" }, new Date());
  const claim = db()
    .insert(insuranceClaims)
    .values({
      leadId,
      carrier: "State Farm",
      claimNumber: "12-345",
      lossOn: "2026-05-14",
      adjusterName: "Pat Keller",
      adjusterEmail,
      deductibleCents: 100_000,
      approvedCents: 1_500_000,
      depreciationCents: 300_000,
    })
    .returning()
    .get();
  return { leadId, claimId: claim.id };
}

function supplement(claimId: number, state: "submitted" | "approved" | "denied", approvedCents: number | null) {
  return db()
    .insert(claimSupplements)
    .values({
      claimId,
      description: "Drip edge",
      requestedCents: 52_000,
      state,
      approvedCents,
      submittedOn: "2026-06-01",
    })
    .returning()
    .get();
}

const invoicesPost = (leadId: number, fields: Record<string, string>) =>
  answer(() =>
    invoicesRoute.action(routeArgs(formPost(`/admin/leads/${leadId}/invoices`, fields, owner), { id: String(leadId) })),
  );
const paymentsPost = (leadId: number, fields: Record<string, string>) =>
  answer(() =>
    paymentsRoute.action(routeArgs(formPost(`/admin/leads/${leadId}/payments`, fields, owner), { id: String(leadId) })),
  );
const billOf = (leadId: number, bill: string) =>
  listLeadInvoices(leadId).find((i) => i.lines.some((l) => l.claimBill === bill))!;
const send = (leadId: number, invoiceId: number) =>
  invoicesPost(leadId, { intent: "send-invoice", invoiceId: String(invoiceId) });
const payByCheck = (leadId: number, invoiceId: number, amount: string, checkNumber: string) =>
  paymentsPost(leadId, {
    intent: "record-payment",
    invoiceId: String(invoiceId),
    method: "check",
    amount,
    checkNumber,
    receivedOn: "2026-11-30",
  });
const staffGet = (path: string) => new Request(`http://site.test${path}`, { headers: { Cookie: owner } });
const moneyView = async (leadId: number) => {
  const request = staffGet(`/admin/leads/${leadId}`);
  return leadMoneyView(request, leadId, (await getAdmin(request))!);
};
const pdfText = async (res: Response) =>
  (await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })).text;

function expectWholeCents(leadId: number) {
  const m = claimMoneyOf(leadId)!.money;
  for (const v of [
    ...Object.values(m).filter((x): x is number => typeof x === "number"),
    ...Object.values(m.homeowner),
    ...Object.values(m.carrier),
  ]) {
    expect(Number.isInteger(v)).toBe(true);
    expect(v).toBeGreaterThanOrEqual(0);
  }
}

describe("a claim with a supplement and a depreciation release", () => {
  it("bills nothing twice, never bills the homeowner the carrier's share, and every figure is whole cents", async () => {
    const { leadId, claimId } = claimJob();
    // The deposit draft made on acceptance is the homeowner's: 30% of the job is the carrier's share.
    const deposit = listLeadInvoices(leadId).find((i) => i.kind === "deposit")!;
    const refused = await send(leadId, deposit.id);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("of the carrier's share");
    expect(listLeadInvoices(leadId).find((i) => i.id === deposit.id)!.state).toBe("draft");
    await invoicesPost(leadId, { intent: "delete-draft", id: String(deposit.id) });

    // The carrier's first payment and the deductible.
    expect(
      (await invoicesPost(leadId, { intent: "create-claim-bill", bill: "first-payment", payer: "carrier" })).status,
    ).toBe(302);
    expect(
      (await invoicesPost(leadId, { intent: "create-claim-bill", bill: "deductible", payer: "homeowner" })).status,
    ).toBe(302);
    // The same bill again is refused: it is made.
    const again = await invoicesPost(leadId, { intent: "create-claim-bill", bill: "first-payment", payer: "carrier" });
    expect(again.status).toBe(400);
    // The depreciation is not offered before the job is completed.
    const early = await invoicesPost(leadId, { intent: "create-claim-bill", bill: "depreciation", payer: "carrier" });
    expect(early.status).toBe(400);

    const first = billOf(leadId, "first-payment");
    expect(first).toMatchObject({ payer: "carrier", totalCents: 1_100_000 });
    const deductible = billOf(leadId, "deductible");
    expect(deductible).toMatchObject({ payer: "homeowner", totalCents: 100_000 });
    fake.sent.length = 0;
    expect((await send(leadId, first.id)).status).toBe(302);
    expect((await send(leadId, deductible.id)).status).toBe(302);
    // The carrier's bill went to the adjuster, the deductible's to the homeowner.
    const toAdjuster = fake.sent.filter((m) => m.to.join().includes("adjuster@statefarm.example"));
    expect(toAdjuster).toHaveLength(1);
    expect(toAdjuster[0]!.text).toContain("State Farm (claim 12-345)");
    expect(toAdjuster[0]!.text).not.toContain("/job/");
    const toHomeowner = fake.sent.filter((m) => m.to.join().includes("dana@example.com"));
    expect(toHomeowner).toHaveLength(1);
    expect(toHomeowner[0]!.subject).toContain("$1,000.00");

    // A progress invoice to the homeowner now would bill the carrier's share: refused.
    await invoicesPost(leadId, { intent: "create-invoice", kind: "progress" });
    const progress = listLeadInvoices(leadId).find(
      (i) => i.kind === "progress" && i.state === "draft" && !i.lines.some((l) => l.claimBill),
    )!;
    const over = await send(leadId, progress.id);
    expect(over.status).toBe(400);
    await invoicesPost(leadId, { intent: "delete-draft", id: String(progress.id) });

    // An approved supplement, billed once as a change order on a carrier invoice.
    const drip = supplement(claimId, "approved", 45_050);
    supplement(claimId, "denied", null);
    expect(jobValueOf(leadId)).toBe(1_500_000);
    expect(
      (await invoicesPost(leadId, { intent: "create-claim-bill", bill: "supplements", payer: "carrier" })).status,
    ).toBe(302);
    const supplements = billOf(leadId, "supplements");
    expect(supplements.lines).toEqual([expect.objectContaining({ amountCents: 45_050, changeOrder: true })]);
    expect(db().select().from(claimSupplements).where(eq(claimSupplements.id, drip.id)).get()!.invoiceId).toBe(
      supplements.id,
    );
    expect(jobValueOf(leadId)).toBe(1_545_050);
    expect(
      (await invoicesPost(leadId, { intent: "create-claim-bill", bill: "supplements", payer: "carrier" })).status,
    ).toBe(400);
    expect((await send(leadId, supplements.id)).status).toBe(302);

    // Completed: the depreciation is billed to the carrier, with the completion certificate.
    expect(setJobCompleted(leadId, true, by)).toBe(true);
    expect(
      (await invoicesPost(leadId, { intent: "create-claim-bill", bill: "depreciation", payer: "carrier" })).status,
    ).toBe(302);
    const release = billOf(leadId, "depreciation");
    expect(release.totalCents).toBe(300_000);
    expect((await send(leadId, release.id)).status).toBe(302);
    const certificate = (await certificateRoute.loader(
      routeArgs(staffGet(`/admin/leads/${leadId}/completion-certificate.pdf`), { id: String(leadId) }),
    )) as Response;
    expect(certificate.headers.get("Content-Type")).toBe("application/pdf");
    const words = await pdfText(certificate);
    for (const fact of [
      "Dana Whitfield",
      "1820 N Rock Rd",
      "State Farm (claim 12-345)",
      "May 14, 2026",
      "Tear off and replace",
    ])
      expect(words).toContain(fact);
    const invoicePdf = (await pdfRoute.loader(
      routeArgs(staffGet(`/admin/leads/${leadId}/invoices/${release.id}.pdf`), {
        id: String(leadId),
        iid: String(release.id),
      }),
    )) as Response;
    expect(await pdfText(invoicePdf)).toContain("State Farm (claim 12-345)");

    // Nothing is left to bill: every bill is made once, and the totals are the job's value.
    const billed = listLeadInvoices(leadId).filter((i) => i.state !== "void" && i.state !== "draft");
    expect(billed.reduce((s, i) => s + i.totalCents, 0)).toBe(jobValueOf(leadId));
    const money = claimMoneyOf(leadId)!.money;
    expect(money.homeowner).toMatchObject({ shareCents: 100_000, billedCents: 100_000, toComeCents: 0 });
    expect(money.carrier).toMatchObject({ shareCents: 1_445_050, billedCents: 1_445_050, toComeCents: 0 });
    expectWholeCents(leadId);

    // The checks come in: the carrier's first one in two parts, then the rest.
    expect((await payByCheck(leadId, first.id, "6000.00", "5001")).status).toBe(302);
    expect(claimMoneyOf(leadId)!.money.carrier.owedCents).toBe(845_050);
    // The Money report's "Still to come": owed now by who owes it adds up to the pipeline's "Owed on won jobs".
    const toCome = stillToComeBySide(owedByPayer(), openClaimsMoney());
    expect(toCome.reduce((s, r) => s + r.owedCents, 0)).toBe(owingJobs("2026-11-30").owedCents);
    expect(toCome.find((r) => r.side === "carrier")!.owedCents).toBeGreaterThanOrEqual(845_050);
    await payByCheck(leadId, first.id, "5000.00", "5002");
    await payByCheck(leadId, deductible.id, "1000.00", "311");
    await payByCheck(leadId, supplements.id, "450.50", "5003");
    await payByCheck(leadId, release.id, "3000.00", "5004");
    const view = await moneyView(leadId);
    expect(view!.claim!.summary.settled).toBe(true);
    expect(view!.claim!.offers).toEqual([]);
    expectWholeCents(leadId);
  });

  it("mails the carrier's bill to nobody when the claim has no adjuster email, and says staff send it", async () => {
    const { leadId } = claimJob({ adjusterEmail: null });
    await invoicesPost(leadId, { intent: "create-claim-bill", bill: "first-payment", payer: "both" });
    const first = billOf(leadId, "first-payment");
    expect(first.payer).toBe("both");
    fake.sent.length = 0;
    const sent = await send(leadId, first.id);
    expect(sent.status).toBe(302);
    expect(fake.sent).toEqual([]);
    const view = await moneyView(leadId);
    expect(view!.invoices.find((i) => i.id === first.id)!.billTo).toBe("Dana Whitfield and State Farm (claim 12-345)");
    // A check naming both is the carrier's share: the homeowner still owes only his deductible.
    expect(claimMoneyOf(leadId)!.money.homeowner.toComeCents).toBe(100_000);
  });

  it("keeps a plain job's invoices the homeowner's, whatever is posted", async () => {
    const { id: leadId } = createLead({ name: "Plain Job", email: "plain@example.com", phone: "", message: "x" });
    const p = db()
      .insert(proposals)
      .values({
        leadId,
        content: {},
        totalCents: 500_000,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning()
      .get();
    recordAcceptance(p.id, { name: "Plain Job", ip: "127.0.0.1" }, new Date());
    const deposit = listLeadInvoices(leadId)[0]!;
    await invoicesPost(leadId, { intent: "save-invoice", invoiceId: String(deposit.id), payer: "carrier" });
    expect(db().select().from(invoices).where(eq(invoices.id, deposit.id)).get()!.payer).toBe("homeowner");
    const claimBill = await invoicesPost(leadId, {
      intent: "create-claim-bill",
      bill: "deductible",
      payer: "homeowner",
    });
    expect(claimBill.status).toBe(400);
  });
});
