import { describe, expect, it } from "vitest";
import { formatHeadlineTime, jobStatus, type JobFacts } from "./job-page";

const money = (c: number) => `$${(c / 100).toFixed(2)}`;
const base: JobFacts = {
  won: false,
  nextWorkDay: null,
  nextOtherVisit: null,
  completed: false,
  sentInvoices: 0,
  owedCents: 0,
  unbilledCents: 0,
};

describe("the job's status in plain words", () => {
  it("follows the job from the signed proposal to paid in full", () => {
    expect(jobStatus({ ...base, won: true }, money).headline).toBe("We have your signed proposal");
    expect(jobStatus({ ...base, won: true, nextWorkDay: "Tuesday, March 10, 2026 at 8:00 AM" }, money).headline).toBe(
      "Work day booked for Tuesday, March 10, 2026 at 8:00 AM",
    );
    const done = jobStatus({ ...base, won: true, completed: true, sentInvoices: 2, owedCents: 123456 }, money);
    expect(done.headline).toBe("Work done");
    expect(done.detail).toContain("$1234.56");
    expect(jobStatus({ ...base, won: true, completed: true, sentInvoices: 2, owedCents: 0 }, money).headline).toBe(
      "Paid in full",
    );
  });

  it("is not paid in full while part of the job is still to be billed: the deposit paid, the final invoice to come", () => {
    const depositPaid = jobStatus(
      { ...base, won: true, completed: true, sentInvoices: 1, owedCents: 0, unbilledCents: 397_030 },
      money,
    );
    expect(depositPaid.headline).toBe("Work done");
    expect(depositPaid.detail).toBe("The work is done. Your final invoice will follow shortly.");
  });

  it("says the crew has been once a work day has begun, until the job is marked done", () => {
    const been = jobStatus({ ...base, won: true, lastWorkDay: "December 8, 2026" }, money);
    expect(been.headline).toBe("Work under way");
    expect(been.detail).toBe(
      "Our crew was at your home on December 8, 2026. We will let you know when the work is done.",
    );
    // Another work day ahead, or the job done, says that instead.
    expect(
      jobStatus(
        { ...base, won: true, lastWorkDay: "December 8, 2026", nextWorkDay: "Tuesday, December 15, 2026 at 8:00 AM" },
        money,
      ).headline,
    ).toBe("Work day booked for Tuesday, December 15, 2026 at 8:00 AM");
    expect(jobStatus({ ...base, won: true, completed: true, lastWorkDay: "December 8, 2026" }, money).headline).toBe(
      "Work done",
    );
  });

  it("says a visit before the sale, and never 'paid in full' with no invoice sent", () => {
    expect(
      jobStatus(
        { ...base, nextOtherVisit: { label: "Estimate visit", when: "Monday, March 9, 2026 at 9:00 AM" } },
        money,
      ).headline,
    ).toBe("Estimate visit booked for Monday, March 9, 2026 at 9:00 AM");
    expect(jobStatus(base, money).headline).toBe("We are on it");
    expect(jobStatus({ ...base, won: true, completed: true }, money).headline).toBe("Work done");
  });

  it("reads right before the sale: a proposal to accept, a lost lead closed", () => {
    const visit = { label: "Estimate visit", when: "Monday, March 9 at 9:00 AM" };
    expect(jobStatus({ ...base, proposalOpen: true }, money).headline).toBe("Your proposal is ready");
    expect(jobStatus({ ...base, proposalOpen: true, nextOtherVisit: visit }, money).headline).toBe(
      "Your proposal is ready",
    );
    expect(jobStatus({ ...base, proposalOpen: true, won: true }, money).headline).toBe("We have your signed proposal");
    const lost = jobStatus({ ...base, lost: true, proposalOpen: true, nextOtherVisit: visit }, money);
    expect(lost.headline).toBe("This request is closed");
    expect(lost.detail).toContain("give us a call");
  });
});

describe("the headline's time", () => {
  it("is Kansas time without the year, on both sides of a daylight-saving change", () => {
    expect(formatHeadlineTime(new Date("2026-03-10T13:00:00Z"))).toBe("Tuesday, March 10 at 8:00 AM");
    expect(formatHeadlineTime(new Date("2026-03-06T14:00:00Z"))).toBe("Friday, March 6 at 8:00 AM");
    expect(formatHeadlineTime(new Date("2026-11-02T14:30:00Z"))).toBe("Monday, November 2 at 8:30 AM");
  });

  it("says we will text, call or email, the way we will reach them; no particular way when there is none", () => {
    const signed = (reach?: JobFacts["reach"]) => jobStatus({ ...base, won: true, reach }, money).detail;
    expect(signed("text")).toBe("Thank you! We will text you to book the work day.");
    expect(signed("email")).toBe("Thank you! We will email you to book the work day.");
    expect(signed("call")).toBe("Thank you! We will call you to book the work day.");
    expect(signed(null)).toBe("Thank you! We will get in touch to book the work day.");
    const booked = jobStatus({ ...base, won: true, nextWorkDay: "Tuesday, March 10 at 8:00 AM", reach: "text" }, money);
    expect(booked.detail).toBe("Our crew will be there then. We will text you if the weather changes the plan.");
  });

  it("before anything is booked, promises the reply time the contact page promises, the way they chose", () => {
    expect(jobStatus({ ...base, reach: "text" }, money)).toEqual({
      headline: "We are on it",
      detail: "We have your request. We will text you within 24 hours.",
    });
  });
});
