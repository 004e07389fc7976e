import { describe, expect, it } from "vitest";
import { billedCents, jobValueCents, quotedCents, unbilledCents } from "./job-value";

describe("a job's value", () => {
  it("is the accepted proposal plus its change orders, credits taken off", () => {
    expect(jobValueCents({ acceptedCents: 384_385, changeOrderCents: 25_500, estimateCents: 447_400 })).toBe(409_885);
    expect(jobValueCents({ acceptedCents: 384_385, changeOrderCents: -12_000, estimateCents: null })).toBe(372_385);
  });

  it("is the estimate before anything is accepted, and nothing without one", () => {
    expect(jobValueCents({ acceptedCents: null, changeOrderCents: 0, estimateCents: 345_881 })).toBe(345_881);
    expect(jobValueCents({ acceptedCents: null, changeOrderCents: 0, estimateCents: null })).toBeNull();
  });
});

describe("what was quoted", () => {
  it("is the accepted proposal without the change orders agreed after it, else the estimate", () => {
    expect(quotedCents({ acceptedCents: 384_385, changeOrderCents: 25_500, estimateCents: 447_400 })).toBe(384_385);
    expect(quotedCents({ acceptedCents: null, changeOrderCents: 0, estimateCents: 345_881 })).toBe(345_881);
    expect(quotedCents({ acceptedCents: null, changeOrderCents: 0, estimateCents: null })).toBeNull();
  });
});

describe("what is billed and what is left to bill", () => {
  const deposit = { state: "paid", totalCents: 122_966 } as const;
  it("counts sent invoices only: a draft bills nothing yet, a void one nothing at all", () => {
    const invoices = [deposit, { state: "draft", totalCents: 50_000 }, { state: "void", totalCents: 70_000 }] as const;
    expect(billedCents(invoices)).toBe(122_966);
    expect(unbilledCents(409_885, invoices)).toBe(286_919);
  });

  it("leaves nothing to bill once the final is sent, and never goes below zero", () => {
    const final = { state: "paid", totalCents: 286_919 } as const;
    expect(unbilledCents(409_885, [deposit, final])).toBe(0);
    expect(unbilledCents(300_000, [deposit, final])).toBe(0);
    expect(unbilledCents(null, [])).toBe(0);
  });
});
