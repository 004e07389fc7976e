import { describe, expect, it } from "vitest";
import { RoofCustomerSchema, STREET_AND_CITY_REQUIRED } from "./roof-customer-form";

describe("RoofCustomerSchema", () => {
  it("needs street and city", () => {
    const r = RoofCustomerSchema.safeParse({ street: " ", city: "", area: "", length: "", width: "", pitch: "" });
    expect(r.error?.issues.map((i) => i.message)).toEqual([STREET_AND_CITY_REQUIRED, STREET_AND_CITY_REQUIRED]);
  });

  it("rounds measurements to whole numbers and ignores what is not a number", () => {
    const r = RoofCustomerSchema.parse({
      street: "1 A St",
      city: "Derby",
      area: "1834.6",
      length: "abc",
      width: "",
      pitch: "6.5",
    });
    expect(r).toMatchObject({ area: 1835, length: null, width: null, pitch: 6.5 });
  });

  it("keeps pitch between 0 and 12 in half steps", () => {
    expect(
      RoofCustomerSchema.safeParse({ street: "a", city: "b", area: "", length: "", width: "", pitch: "13" }).success,
    ).toBe(false);
    expect(
      RoofCustomerSchema.safeParse({ street: "a", city: "b", area: "", length: "", width: "", pitch: "4.25" }).success,
    ).toBe(false);
  });
});
