import { describe, expect, it } from "vitest";
import {
  MAX_RANGE_DAYS,
  PERIOD_MESSAGES,
  monthPeriod,
  periodFromSearch,
  periodInstants,
  periodMonths,
  periodSearch,
  periodShortcuts,
  quarterPeriod,
  rangePeriod,
  yearEarlier,
  yearPeriod,
} from "./report-period";
import { addDays } from "./business-time";

const TODAY = "2026-11-30";
const ask = (query: string) => periodFromSearch(new URLSearchParams(query), TODAY);

describe("periodFromSearch", () => {
  it("is this month when nothing is asked", () => {
    expect(ask("")).toEqual({
      period: { kind: "month", from: "2026-11-01", to: "2026-11-30", label: "November 2026" },
      error: null,
    });
  });

  it("reads a month, a quarter, a year and a range", () => {
    expect(ask("period=month&month=2024-02").period).toMatchObject({ from: "2024-02-01", to: "2024-02-29" });
    expect(ask("period=quarter&quarter=2026-Q4").period).toEqual({
      kind: "quarter",
      from: "2026-10-01",
      to: "2026-12-31",
      label: "Q4 2026",
    });
    expect(ask("period=year&year=2025").period).toMatchObject({ from: "2025-01-01", to: "2025-12-31", label: "2025" });
    expect(ask("period=range&from=2026-03-02&to=2026-04-10").period).toEqual({
      kind: "range",
      from: "2026-03-02",
      to: "2026-04-10",
      label: "Mar 2, 2026 – Apr 10, 2026",
    });
  });

  it("falls back to the current one for a malformed month, quarter or year", () => {
    expect(ask("period=month&month=2026-13").period.label).toBe("November 2026");
    expect(ask("period=quarter&quarter=2026-Q5").period.label).toBe("Q4 2026");
    expect(ask("period=year&year=0001").period.label).toBe("2026");
  });

  it("says why a range is refused", () => {
    expect(ask("period=range&from=2026-05-01&to=2026-04-01").error).toBe(PERIOD_MESSAGES.badRange);
    expect(ask("period=range&from=2026-02-30&to=2026-04-01").error).toBe(PERIOD_MESSAGES.badRange);
    expect(ask(`period=range&from=2010-01-01&to=${addDays("2010-01-01", MAX_RANGE_DAYS)}`).error).toBe(
      PERIOD_MESSAGES.tooLong,
    );
  });

  it("gives back the period periodSearch writes", () => {
    for (const p of [
      monthPeriod("2026-01"),
      quarterPeriod(2025, 3),
      yearPeriod(2024),
      rangePeriod("2026-01-05", "2026-02-01"),
    ])
      expect(periodFromSearch(new URLSearchParams(periodSearch(p)), TODAY).period).toEqual(p);
  });
});

describe("yearEarlier", () => {
  it("is the same days a year before", () => {
    expect(yearEarlier(monthPeriod("2026-11"))).toEqual(monthPeriod("2025-11"));
    expect(yearEarlier(quarterPeriod(2026, 1))).toEqual(quarterPeriod(2025, 1));
    expect(yearEarlier(yearPeriod(2026))).toEqual(yearPeriod(2025));
    expect(yearEarlier(rangePeriod("2024-02-29", "2024-03-10"))).toMatchObject({
      from: "2023-02-28",
      to: "2023-03-10",
    });
    expect(yearEarlier(monthPeriod("2024-02")).to).toBe("2023-02-28");
  });
});

describe("periodInstants and periodMonths", () => {
  it("covers whole Kansas days, midnight to midnight", () => {
    const { start, end } = periodInstants(monthPeriod("2026-11"));
    expect(start.toISOString()).toBe("2026-11-01T05:00:00.000Z"); // still daylight time at midnight
    expect(end.toISOString()).toBe("2026-12-01T06:00:00.000Z");
  });

  it("lists the months a period touches", () => {
    expect(periodMonths(rangePeriod("2025-11-20", "2026-02-01"))).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(periodMonths(monthPeriod("2026-11"))).toEqual(["2026-11"]);
  });
});

describe("periodShortcuts", () => {
  it("names this and last month, this quarter, this and last year", () => {
    expect(periodShortcuts("2026-01-15").map((s) => [s.label, s.period.label])).toEqual([
      ["This month", "January 2026"],
      ["Last month", "December 2025"],
      ["This quarter", "Q1 2026"],
      ["This year", "2026"],
      ["Last year", "2025"],
    ]);
  });
});
