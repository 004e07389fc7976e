import { describe, expect, it } from "vitest";
import { endOfBusinessDay } from "./business-time";
import { expiresWhen, followUpWhen, longToday, receivedWhen, sentWhen } from "./dashboard";

describe("the dashboard's days, read in Kansas", () => {
  it("says when a lead came in", () => {
    expect(receivedWhen(new Date("2026-11-27T15:00:00Z"), "2026-11-27")).toBe("Today");
    // 11:30 pm in Wellington on the 26th is already the 27th in UTC.
    expect(receivedWhen(new Date("2026-11-27T05:30:00Z"), "2026-11-27")).toBe("Yesterday");
    expect(receivedWhen(new Date("2026-11-20T18:00:00Z"), "2026-11-27")).toBe("Fri, Nov 20");
    expect(sentWhen(new Date("2026-11-27T15:00:00Z"), "2026-11-27")).toBe("Sent today");
    expect(sentWhen(new Date("2026-11-20T18:00:00Z"), "2026-11-27")).toBe("Sent Fri, Nov 20");
  });

  it("says how late a follow-up is", () => {
    expect(followUpWhen("2026-11-27", "2026-11-27")).toBe("Due today");
    expect(followUpWhen("2026-11-26", "2026-11-27")).toBe("1 day late");
    expect(followUpWhen("2026-11-15", "2026-11-27")).toBe("12 days late");
    // Across the end of daylight saving (Nov 1) the count is still whole days.
    expect(followUpWhen("2026-10-30", "2026-11-03")).toBe("4 days late");
  });

  it("says the last day a proposal can be accepted", () => {
    expect(expiresWhen(endOfBusinessDay("2026-11-27"), "2026-11-27")).toBe("Expires today");
    expect(expiresWhen(endOfBusinessDay("2026-11-28"), "2026-11-27")).toBe("Expires tomorrow");
    expect(expiresWhen(endOfBusinessDay("2026-12-04"), "2026-11-27")).toBe("Expires Fri, Dec 4");
  });

  it("writes today out in full", () => {
    expect(longToday("2026-11-27")).toBe("Friday, November 27");
  });
});
