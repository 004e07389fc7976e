import { describe, expect, it } from "vitest";
import { addressLine, DEFAULT_BUSINESS_FACTS, formatClock, formatHours, telHref } from "./business";

describe("business facts formatting", () => {
  it("formats clock times the way the contact card reads them", () => {
    expect(formatClock("07:00")).toBe("7am");
    expect(formatClock("18:00")).toBe("6pm");
    expect(formatClock("12:00")).toBe("12pm");
    expect(formatClock("00:00")).toBe("12am");
    expect(formatClock("14:30")).toBe("2:30pm");
  });

  it("gives one reading of the hours: Saturday closes at 2pm", () => {
    expect(formatHours(DEFAULT_BUSINESS_FACTS)).toEqual([
      "Monday - Friday: 7am - 6pm",
      "Saturday: 8am - 2pm",
    ]);
  });

  it("turns a display phone number into a dialable link", () => {
    expect(telHref("(620) 555-0142")).toBe("tel:+16205550142");
    expect(telHref("1-620-555-0142")).toBe("tel:+16205550142");
    expect(telHref("+1 620 555 0142")).toBe("tel:+16205550142");
  });

  it("writes the street address on one line", () => {
    expect(addressLine(DEFAULT_BUSINESS_FACTS)).toBe("100 N Washington Ave, Wellington, KS 67152");
  });
});
