import { describe, expect, it } from "vitest";
import { formatAddressLine, parseAddress } from "./address";

describe("parseAddress", () => {
  it("splits street, city, state and ZIP", () => {
    expect(parseAddress("412 N Main St, Wellington, KS 67152")).toEqual({
      street: "412 N Main St",
      city: "Wellington",
      state: "KS",
      zipCode: "67152",
    });
  });

  it("accepts ZIP+4 and a trailing country from a Places suggestion", () => {
    expect(parseAddress("9 Elm Ct, Derby, KS 67037-1234, USA")).toMatchObject({ state: "KS", zipCode: "67037-1234" });
  });

  it("keeps street and city when state or ZIP is missing", () => {
    expect(parseAddress("9 Elm Ct, Derby, KS")).toEqual({ street: "9 Elm Ct", city: "Derby", state: "KS", zipCode: "" });
  });

  it("needs at least three parts", () => {
    expect(parseAddress("9 Elm Ct, Derby")).toBeNull();
    expect(parseAddress("")).toBeNull();
  });
});

describe("formatAddressLine", () => {
  it("joins the parts the way the saved list and the report show them, skipping empty ones", () => {
    expect(formatAddressLine({ street: "412 N Main St", city: "Wellington", state: "KS", zipCode: "67152" })).toBe("412 N Main St, Wellington, KS 67152");
    expect(formatAddressLine({ street: "412 N Main St", city: "Wellington", state: null, zipCode: "" })).toBe("412 N Main St, Wellington");
  });
});
