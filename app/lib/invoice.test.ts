import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  dueWhenSent,
  addDays,
  baseLine,
  finalInvoiceLines,
  formatInvoiceNumber,
  invoiceRows,
  isOverdue,
  nextInvoiceNumber,
  owedAfterPayment,
  owedCents,
  parseSignedDollars,
  percentOfCents,
  RecordPaymentSchema,
  refundableCents,
  RefundPaymentSchema,
  SaveInvoiceSchema,
  stateAfterPayment,
  sumCents,
  takesPayments,
  type EarlierInvoice,
} from "./invoice";

const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
};

describe("percentOfCents: a percent of cents, half up to a cent", () => {
  it("rounds a half cent up and less than half down", () => {
    expect(percentOfCents(10_005, 3000)).toBe(3002); // 3001.5 → 3002
    expect(percentOfCents(10_001, 3000)).toBe(3000); // 3000.3 → 3000
    expect(percentOfCents(10_003, 5000)).toBe(5002); // 5001.5 → 5002
    expect(percentOfCents(1, 5000)).toBe(1); // half a cent is a cent
    expect(percentOfCents(1, 4999)).toBe(0);
  });
  it("is exact at the ends", () => {
    expect(percentOfCents(1_234_567, 10_000)).toBe(1_234_567);
    expect(percentOfCents(1_234_567, 0)).toBe(0);
    expect(percentOfCents(1_000_000_000, 3333)).toBe(333_300_000);
    expect(percentOfCents(1_999_999, 3333)).toBe(666_600); // 666599.6667 → 666600
  });
  it("refuses fractions and negatives", () => {
    expect(() => percentOfCents(10.5, 3000)).toThrow(RangeError);
    expect(() => percentOfCents(-1, 3000)).toThrow(RangeError);
  });
});

describe("numbering", () => {
  it("gives 1 first, then one more than the highest", () => {
    expect(nextInvoiceNumber(null)).toBe(1);
    expect(nextInvoiceNumber(41)).toBe(42);
  });
  it("prints a number padded, and a draft as Draft", () => {
    expect(formatInvoiceNumber(7)).toBe("INV-0007");
    expect(formatInvoiceNumber(12345)).toBe("INV-12345");
    expect(formatInvoiceNumber(null)).toBe("Draft");
  });
});

describe("states", () => {
  it("moves Sent → Partly paid → Paid with what is paid", () => {
    expect(stateAfterPayment(10_000, 0)).toBe("sent");
    expect(stateAfterPayment(10_000, 1)).toBe("partly_paid");
    expect(stateAfterPayment(10_000, 9_999)).toBe("partly_paid");
    expect(stateAfterPayment(10_000, 10_000)).toBe("paid");
  });
  it("owes nothing on a draft or a void invoice, and takes payments only when sent and owing", () => {
    expect(owedCents({ state: "draft", totalCents: 500, paidCents: 0 })).toBe(0);
    expect(owedCents({ state: "void", totalCents: 500, paidCents: 0 })).toBe(0);
    expect(owedCents({ state: "partly_paid", totalCents: 500, paidCents: 200 })).toBe(300);
    expect(takesPayments({ state: "sent", totalCents: 500, paidCents: 0 })).toBe(true);
    expect(takesPayments({ state: "paid", totalCents: 500, paidCents: 500 })).toBe(false);
    expect(takesPayments({ state: "draft", totalCents: 500, paidCents: 0 })).toBe(false);
  });
  it("is overdue only while owing after its due day", () => {
    expect(isOverdue({ state: "sent", dueOn: "2026-11-26" }, "2026-11-27")).toBe(true);
    expect(isOverdue({ state: "sent", dueOn: "2026-11-27" }, "2026-11-27")).toBe(false);
    expect(isOverdue({ state: "paid", dueOn: "2026-01-01" }, "2026-11-27")).toBe(false);
  });
  it("adds days across a month and a year", () => {
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
  });
});

describe("the final invoice", () => {
  const sent = (
    n: number,
    kind: EarlierInvoice["kind"],
    totalCents: number,
    lines: EarlierInvoice["lines"] = [],
  ): EarlierInvoice => ({ number: n, kind, state: "sent", totalCents, lines });
  it("is the accepted total plus change orders less what was billed before", () => {
    const earlier = [
      sent(1, "deposit", 300_000),
      sent(2, "progress", 250_000, [
        { description: "Progress", amountCents: 200_000 },
        { description: "Replace rotten decking", amountCents: 50_000, changeOrder: true },
      ]),
      { ...sent(3, "progress", 99_999), state: "void" as const },
      { ...sent(0, "progress", 12_345), number: null, state: "draft" as const },
    ];
    const lines = finalInvoiceLines(1_000_000, earlier, [
      { description: "Credit: gutters left as they are", amountCents: -20_000, changeOrder: true },
    ]);
    // 10,000 + 500 (billed change) - 3,000 - 2,500 - 200 (credit) = 4,800
    expect(sumCents(lines)).toBe(480_000);
    // Read as arithmetic: the proposal, the change orders, the job's total, less what was billed.
    expect(invoiceRows(lines).map((r) => [r.label, r.amountCents])).toEqual([
      ["Roof work as accepted in the proposal", 1_000_000],
      ["Change order: Replace rotten decking (on INV-0002)", 50_000],
      ["Change order: Credit: gutters left as they are", -20_000],
      ["Job total", 1_030_000],
      ["Less deposit invoice INV-0001", -300_000],
      ["Less progress invoice INV-0002", -250_000],
    ]);
    // Only its own change orders stay marked as such.
    expect(lines.filter((l) => l.changeOrder).length).toBe(1);
  });
  it("reads in that order whatever order the lines were stored in", () => {
    const stored = [
      { description: "Roof work as accepted in the proposal", amountCents: 1_000_000 },
      { description: "Less deposit invoice INV-0001", amountCents: -300_000, deduction: true },
      { description: "Extra vent", amountCents: 25_500, changeOrder: true },
    ];
    expect(invoiceRows(stored).map((r) => r.label)).toEqual([
      "Roof work as accepted in the proposal",
      "Change order: Extra vent",
      "Job total",
      "Less deposit invoice INV-0001",
    ]);
  });
  it("has no job total line on a bill that takes nothing off", () => {
    const deposit = [
      { description: "Deposit: 30% of the $10,000.00 accepted proposal", amountCents: 300_000 },
      { description: "Credit", amountCents: -5_000, changeOrder: true },
    ];
    expect(invoiceRows(deposit)).toEqual([
      {
        label: "Deposit: 30% of the $10,000.00 accepted proposal",
        amountCents: 300_000,
        amount: "$3,000.00",
        subtotal: false,
      },
      { label: "Change order: Credit", amountCents: -5_000, amount: "-$50.00", subtotal: false },
    ]);
  });
  it("with nothing before it bills the whole job", () => {
    expect(sumCents(finalInvoiceLines(123_456, [], []))).toBe(123_456);
  });
});

describe("base lines", () => {
  it("describes a deposit percent and rounds it", () => {
    const line = baseLine("deposit", 1_000_005, { percentBasisPoints: 3000 });
    expect(line.amountCents).toBe(300_002);
    expect(line.description).toBe("Deposit: 30% of the $10,000.05 accepted proposal");
  });
  it("takes dollars as they are", () => {
    expect(baseLine("progress", 1_000_000, { amountCents: 250_000 }).amountCents).toBe(250_000);
  });
});

describe("forms", () => {
  it("reads a credit with a minus", () => {
    expect(parseSignedDollars("-120.50")).toBe(-12_050);
    expect(parseSignedDollars("$350")).toBe(35_000);
    expect(parseSignedDollars("abc")).toBeNull();
  });
  it("saves a draft by percent, with change orders and a credit; empty rows drop out", () => {
    const s = parseWithZod(
      form({
        intent: "save-invoice",
        invoiceId: "3",
        basis: "percent",
        percent: "33.5",
        dueOn: "2026-12-10",
        "changeOrders[0].description": "Extra vent",
        "changeOrders[0].amount": "85",
        "changeOrders[1].description": "Credit",
        "changeOrders[1].amount": "-20",
        "changeOrders[2].description": "",
        "changeOrders[2].amount": "",
      }),
      { schema: SaveInvoiceSchema },
    );
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.basis).toEqual({ percentBasisPoints: 3350 });
    expect(s.value.changeOrders.map((c) => c.amountCents)).toEqual([8500, -2000]);
  });
  it("refuses a percent over 100 and a change order without words", () => {
    const s = parseWithZod(form({ intent: "save-invoice", invoiceId: "3", basis: "percent", percent: "101" }), {
      schema: SaveInvoiceSchema,
    });
    expect(s.status).toBe("error");
    expect(s.status === "error" && s.error?.percent).toEqual(["Please enter a percent between 0.01 and 100, like 30"]);
    const t = parseWithZod(form({ intent: "save-invoice", invoiceId: "3", "changeOrders[0].amount": "5" }), {
      schema: SaveInvoiceSchema,
    });
    expect(t.status === "error" && t.error?.["changeOrders[0].description"]).toBeTruthy();
  });
  it("asks for a check's number, and a real amount", () => {
    const s = parseWithZod(
      form({ intent: "record-payment", invoiceId: "1", method: "check", amount: "0", receivedOn: "2026-11-27" }),
      { schema: RecordPaymentSchema },
    );
    expect(s.status).toBe("error");
    expect(s.status === "error" && s.error?.checkNumber).toEqual(["Please enter the check number"]);
    expect(s.status === "error" && s.error?.amount).toBeTruthy();
    const ok = parseWithZod(
      form({ intent: "record-payment", invoiceId: "1", method: "cash", amount: "1,250.5", receivedOn: "2026-11-27" }),
      { schema: RecordPaymentSchema },
    );
    expect(ok.status === "success" && ok.value.amountCents).toBe(125_050);
  });
  it("refuses an online payment typed in by hand", () => {
    const s = parseWithZod(
      form({ intent: "record-payment", invoiceId: "1", method: "online", amount: "5", receivedOn: "2026-11-27" }),
      { schema: RecordPaymentSchema },
    );
    expect(s.status).toBe("error");
  });
});

describe("the refund form", () => {
  const refund = (fields: Record<string, string>) =>
    parseWithZod(
      form({
        intent: "refund-payment",
        paymentId: "4",
        amount: "250",
        refundedOn: "2026-12-01",
        reason: "",
        ...fields,
      }),
      { schema: RefundPaymentSchema },
    );
  it("asks why the money went back, and an amount in dollars", () => {
    const s = refund({ reason: "   " });
    expect(s.status === "error" && s.error?.reason).toEqual(["Please say why the money was given back"]);
    const t = refund({ amount: "-5", reason: "Overcharged" });
    expect(t.status === "error" && t.error?.amount).toEqual(["Please enter the amount given back, like 250.00"]);
    expect(refund({ refundedOn: "2026-02-30", reason: "x" }).status).toBe("error");
    expect(refund({ paymentId: "abc", reason: "x" }).status).toBe("error");
  });
  it("reads a good one in cents", () => {
    const ok = refund({ amount: "$1,250.50", reason: " Job called off " });
    expect(ok.status === "success" && ok.value).toEqual({
      intent: "refund-payment",
      paymentId: 4,
      amountCents: 125_050,
      refundedOn: "2026-12-01",
      reason: "Job called off",
    });
  });
  it("leaves of a payment what earlier refunds did not take", () => {
    expect(refundableCents({ amountCents: 50_000 }, [])).toBe(50_000);
    expect(refundableCents({ amountCents: 50_000 }, [{ amountCents: 20_000 }, { amountCents: 30_000 }])).toBe(0);
    expect(refundableCents({ amountCents: 50_000 }, [{ amountCents: 12_345 }])).toBe(37_655);
  });
});

describe("owedAfterPayment: the balance a receipt states", () => {
  it("counts that payment and those before it, never later ones", () => {
    const payments = [
      { id: 4, amountCents: 100_000 },
      { id: 9, amountCents: 150_000 },
      { id: 12, amountCents: 50_000 },
    ];
    expect(owedAfterPayment(300_000, payments, 4)).toBe(200_000);
    expect(owedAfterPayment(300_000, payments, 9)).toBe(50_000);
    expect(owedAfterPayment(300_000, payments, 12)).toBe(0);
    expect(owedAfterPayment(100_000, payments, 12)).toBe(0); // never below nothing
  });
});

describe("the due date of a sent invoice whose draft named none", () => {
  it("is the day it is sent for a deposit (asked on signing), 14 days later for any other", () => {
    expect(dueWhenSent("deposit", "2026-11-29")).toBe("2026-11-29");
    expect(dueWhenSent("progress", "2026-11-29")).toBe("2026-12-13");
    expect(dueWhenSent("final", "2026-12-25")).toBe("2027-01-08");
  });
});
