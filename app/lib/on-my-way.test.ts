import { describe, expect, it } from "vitest";
import { arrivalLabel, isTodaysVisit, OnMyWaySchema, recentOnMyWay } from "./on-my-way";

const at = (iso: string) => new Date(iso);
// Saturday, November 28, 2026, 10:00 AM in Kansas (CST).
const NOW = at("2026-11-28T16:00:00Z");

describe("on my way", () => {
  it("is for today's visits, and one begun earlier that is still under way", () => {
    expect(isTodaysVisit({ startsAt: at("2026-11-28T20:00:00Z"), durationMinutes: 60 }, NOW)).toBe(true);
    // Began at 8 AM, on until 4 PM.
    expect(isTodaysVisit({ startsAt: at("2026-11-28T14:00:00Z"), durationMinutes: 480 }, NOW)).toBe(true);
    // Over at 9 AM; tomorrow's; yesterday's night work still under way counts.
    expect(isTodaysVisit({ startsAt: at("2026-11-28T14:00:00Z"), durationMinutes: 60 }, NOW)).toBe(false);
    expect(isTodaysVisit({ startsAt: at("2026-11-29T15:00:00Z"), durationMinutes: 60 }, NOW)).toBe(false);
    expect(isTodaysVisit({ startsAt: at("2026-11-28T04:00:00Z"), durationMinutes: 12 * 60 + 30 }, NOW)).toBe(true);
  });

  it("counts a text from the last half hour as sent, an older one not", () => {
    expect(recentOnMyWay(at("2026-11-28T15:40:00Z"), NOW)).toEqual(at("2026-11-28T15:40:00Z"));
    expect(recentOnMyWay(at("2026-11-28T15:30:00Z"), NOW)).toBeNull();
    expect(recentOnMyWay(null, NOW)).toBeNull();
  });

  it("takes only the card's choices of arrival", () => {
    expect(OnMyWaySchema.safeParse({ minutes: "20" })).toMatchObject({ success: true, data: { minutes: 20 } });
    expect(OnMyWaySchema.safeParse({ minutes: "25" }).success).toBe(false);
    expect(OnMyWaySchema.safeParse({}).success).toBe(false);
    expect(arrivalLabel(45)).toBe("45 min");
    expect(arrivalLabel(60)).toBe("1 hour");
  });
});
