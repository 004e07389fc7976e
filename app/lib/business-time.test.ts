import { describe, expect, it } from "vitest";
import { formatVisitTime } from "./visit-time";
import {
  addDays,
  BUSINESS_TIME_ZONE,
  formatKansasDate,
  formatKansasDateTime,
  dayIn,
  endOfBusinessDay,
  formatClockTime,
  isCalendarDay,
  formatKansasStamp,
  kansasDay,
  kansasDayNumberOf,
  kansasDayOf,
  kansasInstant,
  startOfKansasDay,
  wallClock,
  weekDays,
  weekOf,
  weekStart,
} from "./business-time";

const at = (day: string, time: string) => {
  const found = kansasInstant(day, time);
  if (!found.ok) throw new Error(`${day} ${time}: ${found.reason}`);
  return found.at.toISOString();
};

describe("kansasInstant", () => {
  it("reads winter times as CST (UTC-6) and summer times as CDT (UTC-5)", () => {
    expect(at("2026-01-15", "09:00")).toBe("2026-01-15T15:00:00.000Z");
    expect(at("2026-07-15", "09:00")).toBe("2026-07-15T14:00:00.000Z");
  });

  it("spring forward, 2026-03-08: 9:00 the day before, that day and the day after are each 9:00 in Kansas", () => {
    expect(at("2026-03-07", "09:00")).toBe("2026-03-07T15:00:00.000Z");
    expect(at("2026-03-08", "09:00")).toBe("2026-03-08T14:00:00.000Z");
    expect(at("2026-03-09", "09:00")).toBe("2026-03-09T14:00:00.000Z");
    expect(at("2026-03-08", "01:59")).toBe("2026-03-08T07:59:00.000Z");
    expect(at("2026-03-08", "03:00")).toBe("2026-03-08T08:00:00.000Z");
  });

  it("refuses 2:30 AM on 2026-03-08: the clocks skip it", () => {
    expect(kansasInstant("2026-03-08", "02:30")).toEqual({ ok: false, reason: "skipped" });
    expect(kansasInstant("2026-03-08", "02:00")).toEqual({ ok: false, reason: "skipped" });
    // The same time a day later exists.
    expect(at("2026-03-09", "02:30")).toBe("2026-03-09T07:30:00.000Z");
  });

  it("fall back, 2026-11-01: 9:00 the day before, that day and the day after", () => {
    expect(at("2026-10-31", "09:00")).toBe("2026-10-31T14:00:00.000Z");
    expect(at("2026-11-01", "09:00")).toBe("2026-11-01T15:00:00.000Z");
    expect(at("2026-11-02", "09:00")).toBe("2026-11-02T15:00:00.000Z");
  });

  it("takes the first 1:30 AM of the hour that happens twice on 2026-11-01 (still daylight time)", () => {
    expect(at("2026-11-01", "01:30")).toBe("2026-11-01T06:30:00.000Z");
    expect(at("2026-11-01", "02:30")).toBe("2026-11-01T08:30:00.000Z");
  });

  it("refuses what is not a day or a time", () => {
    for (const [day, time] of [
      ["2026-02-30", "09:00"],
      ["2026-13-01", "09:00"],
      ["tomorrow", "09:00"],
      ["2026-03-09", "24:00"],
      ["2026-03-09", "9:00"],
      ["2026-03-09", ""],
    ])
      expect(kansasInstant(day, time)).toEqual({ ok: false, reason: "invalid" });
  });

  it("gives back the day and time it was given (wallClock)", () => {
    for (const day of ["2026-03-07", "2026-03-08", "2026-03-09", "2026-10-31", "2026-11-01", "2026-11-02"]) {
      for (const time of ["00:00", "07:15", "09:00", "13:30", "23:59"]) {
        const found = kansasInstant(day, time);
        expect(found.ok && wallClock(found.at)).toEqual({ day, time });
      }
    }
  });
});

describe("Kansas days and weeks", () => {
  it("starts a day at Kansas midnight, 23 and 25 hours long on the change days", () => {
    const hours = (day: string, next: string) =>
      (startOfKansasDay(next).getTime() - startOfKansasDay(day).getTime()) / 3_600_000;
    expect(startOfKansasDay("2026-03-08").toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(hours("2026-03-08", "2026-03-09")).toBe(23);
    expect(hours("2026-11-01", "2026-11-02")).toBe(25);
    expect(hours("2026-11-02", "2026-11-03")).toBe(24);
  });

  it("gives each caller a day's start of its own, however often it is asked", () => {
    const first = startOfKansasDay("2026-07-04");
    first.setUTCFullYear(1999);
    expect(startOfKansasDay("2026-07-04").toISOString()).toBe("2026-07-04T05:00:00.000Z");
    expect(() => startOfKansasDay("2026-02-30")).toThrow("Not a day");
    expect(() => startOfKansasDay("2026-02-30")).toThrow("Not a day");
  });

  it("runs weeks Monday to Sunday, from any day of them", () => {
    expect(weekStart("2026-11-27")).toBe("2026-11-23");
    expect(weekStart("2026-11-23")).toBe("2026-11-23");
    expect(weekStart("2026-11-29")).toBe("2026-11-23");
    expect(weekDays("2026-12-28")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(weekOf("2026-03-08", "2026-11-27")).toBe("2026-03-02");
    expect(weekOf("not a day", "2026-11-27")).toBe("2026-11-23");
    expect(weekOf(null, "2026-11-27")).toBe("2026-11-23");
  });

  it("says times as Kansas reads them", () => {
    expect(formatVisitTime(new Date("2026-03-09T14:00:00Z"))).toBe("Monday, March 9, 2026 at 9:00 AM");
    expect(formatVisitTime(new Date("2026-11-02T15:00:00Z"))).toBe("Monday, November 2, 2026 at 9:00 AM");
    expect(formatClockTime("02:30")).toBe("2:30 AM");
    expect(formatClockTime("00:05")).toBe("12:05 AM");
    expect(formatClockTime("13:00")).toBe("1:00 PM");
  });
});

describe("kansasDayOf: many instants' days at once", () => {
  it("gives the zone's own day at every hour of the year, across both clock changes", () => {
    const start = Date.UTC(2026, 0, 1);
    for (let ms = start; ms < start + 366 * 86_400_000; ms += 1_800_000)
      expect(kansasDayOf(ms), new Date(ms).toISOString()).toBe(kansasDay(new Date(ms)));
  });

  it("gives the right day across leap days and centuries", () => {
    const days = ["1900-02-28", "1900-03-01", "2000-02-29", "2024-02-29", "2024-12-31", "2100-03-01"];
    for (const day of days) expect(kansasDayOf(Date.parse(`${day}T12:00:00Z`))).toBe(day);
    // Every 37 hours for two centuries, against the zone itself.
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 37 * 3_600_000)
      expect(kansasDayOf(ms)).toBe(kansasDay(new Date(ms)));
  });

  it("numbers the days so that days apart are a subtraction, on the zone's days", () => {
    // 11:30 pm in Kansas on March 7 (CST) to 12:30 am on March 9 (CDT): two days apart in 24 hours.
    const from = Date.parse("2026-03-08T05:30:00Z");
    const to = Date.parse("2026-03-09T05:30:00Z");
    expect([kansasDayOf(from), kansasDayOf(to)]).toEqual(["2026-03-07", "2026-03-09"]);
    expect(kansasDayNumberOf(to) - kansasDayNumberOf(from)).toBe(2);
    expect(kansasDayNumberOf(Date.parse("1970-01-01T12:00:00Z"))).toBe(0);
  });
});

describe("formatKansasStamp", () => {
  it("says an instant as Kansas time with its zone, standard or daylight as it was", () => {
    expect(formatKansasStamp(new Date("2026-11-28T18:37:09Z"))).toBe("2026-11-28 12:37 PM CST");
    expect(formatKansasStamp(new Date("2026-07-04T05:05:00Z"))).toBe("2026-07-04 12:05 AM CDT");
    // The hour that happens twice when the clocks fall back: told apart by the zone.
    expect(formatKansasStamp(new Date("2026-11-01T06:30:00Z"))).toBe("2026-11-01 1:30 AM CDT");
    expect(formatKansasStamp(new Date("2026-11-01T07:30:00Z"))).toBe("2026-11-01 1:30 AM CST");
    // Past midnight UTC is still the evening before in Kansas.
    expect(formatKansasStamp(new Date("2026-12-01T03:15:00Z"))).toBe("2026-11-30 9:15 PM CST");
  });
});

describe("days", () => {
  it("is the business's day in Kansas, not the server's UTC day", () => {
    // 03:30 UTC on the 24th is still the evening of the 23rd in Wellington.
    expect(dayIn(BUSINESS_TIME_ZONE, new Date("2026-11-24T03:30:00Z"))).toBe("2026-11-23");
    expect(dayIn(BUSINESS_TIME_ZONE, new Date("2026-11-24T07:00:00Z"))).toBe("2026-11-24");
  });

  it("accepts only real calendar days", () => {
    expect(isCalendarDay("2026-11-30")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("11/30/2026")).toBe(false);
    expect(isCalendarDay("")).toBe(false);
  });
});

describe("a proposal's validity", () => {
  it("counts calendar days across months and years", () => {
    expect(addDays("2026-11-23", 30)).toBe("2026-12-23");
    expect(addDays("2026-12-20", 14)).toBe("2027-01-03");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("ends at midnight in Wellington, daylight saving or not", () => {
    // CST (UTC-6) in December, CDT (UTC-5) in July.
    expect(endOfBusinessDay("2026-12-23").toISOString()).toBe("2026-12-24T06:00:00.000Z");
    expect(endOfBusinessDay("2026-07-04").toISOString()).toBe("2026-07-05T05:00:00.000Z");
    // The day clocks go back (Nov 1, 2026): midnight after it is CST.
    expect(endOfBusinessDay("2026-11-01").toISOString()).toBe("2026-11-02T06:00:00.000Z");
    expect(endOfBusinessDay("2026-03-08").toISOString()).toBe("2026-03-09T05:00:00.000Z");
  });
});

describe("formatKansasDate", () => {
  it("prints an instant's Kansas day as lists do, from a date or its ISO string alike", () => {
    expect(formatKansasDate(new Date("2026-11-30T03:30:00Z"))).toBe("Nov 29, 2026");
    expect(formatKansasDate("2026-11-30T03:30:00.000Z")).toBe("Nov 29, 2026");
  });

  it("with its time, in Kansas time whichever zone the server or browser keeps", () => {
    expect(formatKansasDateTime(new Date("2026-11-30T03:30:00Z"))).toBe("Nov 29, 2026, 9:30 PM");
    expect(formatKansasDateTime("2026-07-04T14:05:00.000Z")).toBe("Jul 4, 2026, 9:05 AM");
  });
});
