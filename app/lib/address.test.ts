import { describe, expect, it } from "vitest";
import { formatAddressLine, leadAddressLine, parseAddress, mapsHref } from "./address";
import { addressLine, DEFAULT_BUSINESS_FACTS } from "./business";

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
    expect(parseAddress("9 Elm Ct, Derby, KS")).toEqual({
      street: "9 Elm Ct",
      city: "Derby",
      state: "KS",
      zipCode: "",
    });
  });

  it("needs at least three parts", () => {
    expect(parseAddress("9 Elm Ct, Derby")).toBeNull();
    expect(parseAddress("")).toBeNull();
  });
});

describe("formatAddressLine", () => {
  it("joins the parts the way the saved list and the report show them, skipping empty ones", () => {
    expect(formatAddressLine({ street: "412 N Main St", city: "Wellington", state: "KS", zipCode: "67152" })).toBe(
      "412 N Main St, Wellington, KS 67152",
    );
    expect(formatAddressLine({ street: "412 N Main St", city: "Wellington", state: null, zipCode: "" })).toBe(
      "412 N Main St, Wellington",
    );
  });
});

describe("leadAddressLine", () => {
  it("writes a lead's address with the state its town is in, from whatever parts were given", () => {
    expect(leadAddressLine({ street: "12 Elm St", city: "Derby", zip: "67037" })).toBe("12 Elm St, Derby, KS 67037");
    expect(leadAddressLine({ city: "Derby" })).toBe("Derby, KS");
    expect(leadAddressLine({ street: "12 Elm St", city: null, zip: null })).toBe("12 Elm St");
    expect(leadAddressLine({ street: null, city: null, zip: null })).toBe("");
  });

  it("is the line the business's own address is written as", () => {
    expect(leadAddressLine({ street: "100 N Washington Ave", city: "Wellington", zip: "67152" })).toBe(
      addressLine(DEFAULT_BUSINESS_FACTS),
    );
  });
});

describe("mapsHref", () => {
  it("searches the whole address, every character escaped", () => {
    expect(mapsHref("412 N Main St #2, Wellington, KS 67152")).toBe(
      "https://www.google.com/maps/search/?api=1&query=412%20N%20Main%20St%20%232%2C%20Wellington%2C%20KS%2067152",
    );
  });
});
