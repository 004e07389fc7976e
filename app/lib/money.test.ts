import { describe, expect, it } from "vitest";
import { centsToDollars, formatCents, parseDollars, parsePercentToBasisPoints } from "./money";

describe("dollars typed in a form", () => {
  it("reads dollars as text into whole cents", () => {
    expect(parseDollars("12.50")).toBe(1250);
    expect(parseDollars("12.5")).toBe(1250);
    expect(parseDollars("$1,250")).toBe(125000);
    expect(parseDollars(" 0.07 ")).toBe(7);
    expect(parseDollars(".99")).toBe(99);
    expect(parseDollars("0")).toBe(0);
    // 0.1 + 0.2 never happens: "0.30" is 30 cents.
    expect(parseDollars("0.30")).toBe(30);
  });

  it("refuses what is not a price", () => {
    for (const bad of [
      "",
      "-5",
      "1.234",
      "abc",
      "NaN",
      "Infinity",
      "1e3",
      "12,50",
      "1,2345",
      "$",
      ".",
      "99999999999999999999",
    ])
      expect(parseDollars(bad), bad).toBeNull();
  });

  it("writes cents back as dollars", () => {
    expect(centsToDollars(1250)).toBe("12.50");
    expect(centsToDollars(7)).toBe("0.07");
    expect(formatCents(418241)).toBe("$4,182.41");
    expect(formatCents(0)).toBe("$0.00");
  });

  it("reads a tax rate in percent as basis points", () => {
    expect(parsePercentToBasisPoints("8.5")).toBe(850);
    expect(parsePercentToBasisPoints("7.75%")).toBe(775);
    expect(parsePercentToBasisPoints("0")).toBe(0);
    expect(parsePercentToBasisPoints("8.125")).toBeNull();
    expect(parsePercentToBasisPoints("-1")).toBeNull();
  });
});
