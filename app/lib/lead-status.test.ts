import { describe, expect, it } from "vitest";
import { followUpState, sortLeads, statusAfterBooking, statusAfterMeasurement, type LeadStatus } from "./lead-status";

describe("statusAfterMeasurement", () => {
  it("moves a lead not yet measured to Measured, and leaves one staff moved further alone", () => {
    expect(statusAfterMeasurement("new")).toBe("measured");
    expect(statusAfterMeasurement("contacted")).toBe("measured");
    expect(statusAfterMeasurement("visit_scheduled")).toBe("measured");
    expect(statusAfterMeasurement("measured")).toBe("measured");
    expect(statusAfterMeasurement("quoted")).toBe("quoted");
    expect(statusAfterMeasurement("won")).toBe("won");
    expect(statusAfterMeasurement("lost")).toBe("lost");
  });
});

describe("follow-ups", () => {
  const today = "2026-11-23";
  const lead = (followUpOn: string | null, status: LeadStatus = "contacted") => ({ followUpOn, status });

  it("says whether a follow-up is late, due today or ahead", () => {
    expect(followUpState(lead("2026-11-20"), today)).toBe("overdue");
    expect(followUpState(lead("2026-11-23"), today)).toBe("today");
    expect(followUpState(lead("2026-12-01"), today)).toBe("later");
    expect(followUpState(lead(null), today)).toBeNull();
  });

  it("never calls a won or lost lead overdue", () => {
    expect(followUpState(lead("2026-11-01", "won"), today)).toBeNull();
    expect(followUpState(lead("2026-11-01", "lost"), today)).toBeNull();
  });

  it("lists late follow-ups first (longest waiting first), then today's, then the newest", () => {
    const at = (d: string) => new Date(`${d}T12:00:00Z`);
    const leads = [
      { id: 1, status: "new" as const, followUpOn: null, createdAt: at("2026-11-22") },
      { id: 2, status: "contacted" as const, followUpOn: "2026-11-21", createdAt: at("2026-11-01") },
      { id: 3, status: "quoted" as const, followUpOn: "2026-11-23", createdAt: at("2026-11-02") },
      { id: 4, status: "contacted" as const, followUpOn: "2026-11-10", createdAt: at("2026-11-03") },
      { id: 5, status: "lost" as const, followUpOn: "2026-11-01", createdAt: at("2026-11-04") },
      { id: 6, status: "new" as const, followUpOn: null, createdAt: at("2026-11-23") },
    ];
    expect(sortLeads(leads, today).map((l) => l.id)).toEqual([4, 2, 3, 6, 1, 5]);
  });
});

describe("statusAfterBooking", () => {
  it("makes a New or Contacted lead Visit scheduled, and leaves one further on where it is", () => {
    expect(statusAfterBooking("new")).toBe("visit_scheduled");
    expect(statusAfterBooking("contacted")).toBe("visit_scheduled");
    for (const status of ["visit_scheduled", "measured", "quoted", "won", "lost"] as const)
      expect(statusAfterBooking(status)).toBe(status);
  });
});
