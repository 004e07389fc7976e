import { describe, expect, it } from "vitest";
import { estimateLinesText, invoiceLinesText } from "./export-files";

describe("lines in an export cell", () => {
  it("says an estimate's lines as a person reads them", () => {
    const line = { key: "ridge-cap", unit: "bundle", adjusted: false };
    expect(
      estimateLinesText([
        { ...line, label: "Ridge cap", quantity: 2, unitPriceCents: 350, totalCents: 700 },
        { ...line, key: "custom", label: "Dumpster", quantity: 1.5, unitPriceCents: 45_000, totalCents: 67_500 },
      ]),
    ).toBe("2 × Ridge cap @ $3.50 = $7.00; 1.5 × Dumpster @ $450.00 = $675.00");
    expect(estimateLinesText([])).toBe("");
  });

  it("says an invoice's lines, naming a change order", () => {
    expect(
      invoiceLinesText([
        { description: "Deposit, 30% of $12,000.00", amountCents: 360_000 },
        { description: "Extra decking", amountCents: 45_000, changeOrder: true },
      ]),
    ).toBe("Deposit, 30% of $12,000.00: $3,600.00; Change order, Extra decking: $450.00");
  });
});
