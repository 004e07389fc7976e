import { describe, expect, it } from "vitest";
import { jobValueCents } from "./job-value";

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
