import { describe, expect, it } from "vitest";
import { paymentMethodWords } from "./invoice-kinds";

describe("paymentMethodWords", () => {
  it('says each method once, in plain words that follow "paid"', () => {
    expect(paymentMethodWords({ method: "online" })).toBe("online by card");
    expect(paymentMethodWords({ method: "card" })).toBe("by card on site");
    expect(paymentMethodWords({ method: "cash" })).toBe("in cash");
    expect(paymentMethodWords({ method: "check", checkNumber: "1042" })).toBe("by check no. 1042");
    expect(paymentMethodWords({ method: "check", checkNumber: null })).toBe("by check");
  });
});
