import { describe, expect, it } from "vitest";
import {
  billTo,
  claimBillLines,
  claimBillOffers,
  claimMoney,
  claimSummary,
  homeownerOverShare,
  stillToComeBySide,
  type ClaimFacts,
  type ClaimInvoiceFacts,
  type ClaimMoney,
  type ClaimSupplementFacts,
} from "./claim-money";
import type { InvoiceLine, InvoicePayer, InvoiceState } from "./invoice-kinds";

// A $15,000.00 roof: the carrier approved it all, holds back $3,000.00 of depreciation; $1,000.00 deductible.
const claim: ClaimFacts = {
  carrier: "State Farm",
  claimNumber: "12-345",
  deductibleCents: 100_000,
  approvedCents: 1_500_000,
  depreciationCents: 300_000,
};

let nextId = 1;
const invoice = (
  payer: InvoicePayer,
  totalCents: number,
  {
    state = "sent",
    paidCents = 0,
    lines = [],
  }: { state?: InvoiceState; paidCents?: number; lines?: InvoiceLine[] } = {},
): ClaimInvoiceFacts => ({ id: nextId++, payer, totalCents, paidCents, state, dueOn: "2026-12-15", lines });
const supplement = (over: Partial<ClaimSupplementFacts> = {}): ClaimSupplementFacts => ({
  id: nextId++,
  description: "Drip edge",
  state: "approved",
  approvedCents: 45_050,
  invoiceId: null,
  ...over,
});

function everyFigureWhole(money: ClaimMoney) {
  const figures = [
    ...Object.values(money).filter((v): v is number => typeof v === "number"),
    ...Object.values(money.homeowner),
    ...Object.values(money.carrier),
  ];
  for (const f of figures) {
    expect(Number.isInteger(f)).toBe(true);
    expect(f).toBeGreaterThanOrEqual(0);
  }
}

describe("the money of a claim", () => {
  it("splits the job: the carrier's first payment after the deductible, the depreciation on completion", () => {
    const money = claimMoney({ claim, supplements: [], jobValueCents: 1_500_000, invoices: [] });
    expect(money.acvCents).toBe(1_200_000);
    expect(money.firstPaymentCents).toBe(1_100_000);
    expect(money.depreciationReleaseCents).toBe(300_000);
    expect(money.homeowner.shareCents).toBe(100_000);
    expect(money.carrier.shareCents).toBe(1_400_000);
    expect(money.homeowner.shareCents + money.carrier.shareCents).toBe(money.totalCents);
    everyFigureWhole(money);
  });

  it("counts an approved supplement for the carrier until it is billed, then once in the job's value", () => {
    const before = claimMoney({ claim, supplements: [supplement()], jobValueCents: 1_500_000, invoices: [] });
    expect(before.totalCents).toBe(1_545_050);
    expect(before.carrier.shareCents).toBe(1_445_050);
    expect(before.carrier.toComeCents).toBe(1_445_050);
    const billedOn = invoice("carrier", 45_050, {
      lines: [{ description: "x", amountCents: 45_050, changeOrder: true }],
    });
    const after = claimMoney({
      claim,
      supplements: [supplement({ invoiceId: billedOn.id })],
      jobValueCents: 1_545_050, // the change order raised the job's value
      invoices: [billedOn],
    });
    expect(after.totalCents).toBe(1_545_050);
    expect(after.unbilledSupplements).toEqual([]);
    expect(after.carrier.toComeCents).toBe(1_400_000);
    everyFigureWhole(after);
  });

  it("offers a supplement again once the invoice it was billed on is void", () => {
    const voided = invoice("carrier", 45_050, { state: "void" });
    const money = claimMoney({
      claim,
      supplements: [supplement({ invoiceId: voided.id }), supplement({ state: "denied", approvedCents: null })],
      jobValueCents: 1_500_000,
      invoices: [voided],
    });
    expect(money.unbilledSupplements).toHaveLength(1);
    expect(money.supplementsCents).toBe(45_050);
  });

  it("puts an upgrade beyond the scope on the homeowner", () => {
    const money = claimMoney({ claim, supplements: [supplement()], jobValueCents: 1_620_000, invoices: [] });
    expect(money.upgradeCents).toBe(120_000);
    expect(money.homeowner.shareCents).toBe(220_000);
    expect(money.carrier.shareCents).toBe(1_445_050);
  });

  it("never has the carrier pay more than the job when it is priced under the scope", () => {
    const money = claimMoney({ claim, supplements: [], jobValueCents: 1_400_000, invoices: [] });
    expect(money.homeowner.shareCents).toBe(100_000);
    expect(money.carrier.shareCents).toBe(1_300_000);
    expect(money.firstPaymentCents + money.depreciationReleaseCents).toBe(1_300_000);
    everyFigureWhole(money);
  });

  it("takes what ACV does not cover of the deductible from the depreciation, never below zero", () => {
    const small = { ...claim, approvedCents: 150_000, depreciationCents: 100_000 };
    const money = claimMoney({ claim: small, supplements: [], jobValueCents: 150_000, invoices: [] });
    expect(money.firstPaymentCents).toBe(0);
    expect(money.depreciationReleaseCents).toBe(50_000);
    everyFigureWhole(money);
  });

  it("reads partial payments per payer, and a check naming both as the carrier's", () => {
    const invoices = [
      invoice("both", 1_100_000, { state: "partly_paid", paidCents: 600_000 }),
      invoice("homeowner", 100_000, { state: "partly_paid", paidCents: 25_001 }),
      invoice("carrier", 300_000, { state: "draft" }),
    ];
    const money = claimMoney({ claim, supplements: [], jobValueCents: 1_500_000, invoices });
    expect(money.carrier).toEqual({
      shareCents: 1_400_000,
      billedCents: 1_100_000,
      paidCents: 600_000,
      owedCents: 500_000,
      toComeCents: 300_000,
    });
    expect(money.homeowner).toEqual({
      shareCents: 100_000,
      billedCents: 100_000,
      paidCents: 25_001,
      owedCents: 74_999,
      toComeCents: 0,
    });
  });

  it("stands the job's value in for the scope until the carrier approves it", () => {
    const money = claimMoney({
      claim: { ...claim, approvedCents: null },
      supplements: [],
      jobValueCents: 1_500_000,
      invoices: [],
    });
    expect(money.scopeIn).toBe(false);
    expect(money.homeowner.shareCents).toBe(100_000);
    expect(claimBillOffers(money, [], true)).toEqual([]);
  });
});

describe("the claim's bills", () => {
  const money = claimMoney({ claim, supplements: [supplement()], jobValueCents: 1_500_000, invoices: [] });

  it("offers the first payment, the deductible and the supplements, and the depreciation only once completed", () => {
    expect(claimBillOffers(money, [], false).map((o) => [o.bill, o.amountCents, o.payer])).toEqual([
      ["first-payment", 1_100_000, "carrier"],
      ["deductible", 100_000, "homeowner"],
      ["supplements", 45_050, "carrier"],
    ]);
    expect(claimBillOffers(money, [], true).map((o) => o.bill)).toContain("depreciation");
  });

  it("offers none twice, unless its invoice was voided", () => {
    const lines = claimBillLines(claimBillOffers(money, [], false)[0]!, money, claim);
    expect(lines[0]!.description).toContain("claim 12-345");
    const billed = [invoice("carrier", 1_100_000, { lines })];
    expect(claimBillOffers(money, billed, false).map((o) => o.bill)).not.toContain("first-payment");
    billed[0]!.state = "void";
    expect(claimBillOffers(money, billed, false).map((o) => o.bill)).toContain("first-payment");
  });

  it("bills approved supplements as change order lines", () => {
    const offer = claimBillOffers(money, [], false).find((o) => o.bill === "supplements")!;
    expect(claimBillLines(offer, money, claim)).toEqual([
      {
        description: "Supplement approved on claim 12-345: Drip edge",
        amountCents: 45_050,
        changeOrder: true,
        claimBill: "supplements",
      },
    ]);
  });

  it("refuses a homeowner bill that reaches into the carrier's share", () => {
    expect(homeownerOverShare(money, 100_000)).toBeNull();
    expect(homeownerOverShare(money, 100_001)).toBe(1);
    const paid = claimMoney({
      claim,
      supplements: [],
      jobValueCents: 1_500_000,
      invoices: [invoice("homeowner", 100_000)],
    });
    expect(homeownerOverShare(paid, 1)).toBe(1);
  });

  it("names who owes it", () => {
    expect(billTo("homeowner", "Dana Whitfield", claim)).toBe("Dana Whitfield");
    expect(billTo("carrier", "Dana Whitfield", claim)).toBe("State Farm (claim 12-345)");
    expect(billTo("both", "Dana Whitfield", claim)).toBe("Dana Whitfield and State Farm (claim 12-345)");
    expect(billTo("carrier", "Dana Whitfield", null)).toBe("Dana Whitfield");
  });
});

describe("the claim's summary", () => {
  it("says what the carrier approved, holds back and pays, and when the deductible is paid", () => {
    const money = claimMoney({ claim, supplements: [], jobValueCents: 1_500_000, invoices: [] });
    const summary = claimSummary(claim, money, { deductibleDueOn: null, completed: false });
    expect(summary.paragraphs.join(" ")).toBe(
      "Your insurance company, State Farm, approved $15,000.00 for the roof. It holds back $3,000.00 of depreciation until the work is done, so its first check is $11,000.00 after your deductible of $1,000.00. You pay your deductible of $1,000.00 when we send its invoice. After we finish, we send the completion certificate and the carrier releases the $3,000.00.",
    );
    expect(summary.settled).toBe(false);
    const dated = claimSummary(claim, money, { deductibleDueOn: "2026-12-15", completed: false });
    expect(dated.paragraphs.join(" ")).toContain("by December 15, 2026");
  });

  it("says nothing is left once every bill is paid", () => {
    const invoices = [
      invoice("carrier", 1_100_000, { state: "paid", paidCents: 1_100_000 }),
      invoice("homeowner", 100_000, { state: "paid", paidCents: 100_000 }),
      invoice("carrier", 300_000, { state: "paid", paidCents: 300_000 }),
    ];
    const money = claimMoney({ claim, supplements: [], jobValueCents: 1_500_000, invoices });
    expect(claimSummary(claim, money, { deductibleDueOn: null, completed: true }).settled).toBe(true);
  });
});

describe("still to come, by who owes it", () => {
  it("adds what each side owes now, a check naming both to the carrier, and the claims' unbilled shares", () => {
    const money = claimMoney({
      claim,
      supplements: [],
      jobValueCents: 1_500_000,
      invoices: [invoice("carrier", 1_100_000, { state: "partly_paid", paidCents: 100_000 })],
    });
    const rows = stillToComeBySide(
      [
        { payer: "homeowner", owedCents: 250_000 },
        { payer: "carrier", owedCents: 1_000_000 },
        { payer: "both", owedCents: 5 },
      ],
      [money],
    );
    expect(rows).toEqual([
      { side: "homeowner", label: "Homeowners", owedCents: 250_000, notBilledCents: 100_000 },
      { side: "carrier", label: "Insurance carriers", owedCents: 1_000_005, notBilledCents: 300_000 },
    ]);
  });
});
