import { describe, expect, it } from "vitest";
import { axisLabelIndexes, chartMax, formatFigure, formatTick } from "./report-chart";

describe("formatFigure", () => {
  it("prints each unit as the owner reads it, and a dash for nothing to measure", () => {
    expect(formatFigure("count", 1234)).toBe("1,234");
    expect(formatFigure("cents", 1234567)).toBe("$12,345.67");
    expect(formatFigure("days", 1)).toBe("1 day");
    expect(formatFigure("days", 2.25)).toBe("2.3 days");
    expect(formatFigure("percent", 0.456)).toBe("46%");
    expect(formatFigure("percent", null)).toBe("—");
    expect(formatFigure("minutes", 45)).toBe("45 min");
    expect(formatFigure("minutes", 185)).toBe("3 h 5 min");
    expect(formatFigure("minutes", 120)).toBe("2 h");
    expect(formatFigure("minutes", 2 * 1440 + 250)).toBe("2 days 4 h");
    expect(formatFigure("minutes", 1440 + 1439)).toBe("2 days");
  });
});

describe("formatTick", () => {
  it("shortens dollars on an axis", () => {
    expect(formatTick("cents", 1_250_000_00)).toBe("$1.3M");
    expect(formatTick("cents", 12_500_00)).toBe("$12.5k");
    expect(formatTick("cents", 950_00)).toBe("$950");
  });
});

describe("axisLabelIndexes", () => {
  it("names every column that fits, else every n-th and the last", () => {
    expect(axisLabelIndexes(5, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(axisLabelIndexes(24, 8)).toEqual([0, 3, 6, 9, 12, 15, 18, 23]);
  });
});

describe("chartMax", () => {
  it("keeps an axis for an empty chart, and a whole one for percents", () => {
    expect(chartMax({ unit: "count", rows: [] })).toBe(4);
    expect(chartMax({ unit: "cents", rows: [{ label: "a", values: [0, 0] }] })).toBe(100_00);
    expect(chartMax({ unit: "percent", rows: [{ label: "a", values: [0.4, null] }] })).toBe(1);
    expect(chartMax({ unit: "cents", rows: [{ label: "a", values: [50_000, 90_000] }] })).toBe(90_000);
  });
});
