import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pageText as text } from "../../../tests/page-text";
import { SavedCustomers, type SavedCustomerList } from "./saved-customers";

describe("the roof tool's saved customers", () => {
  it("dates each one as every other list does, on the Kansas calendar", () => {
    const customer = {
      id: 7,
      customerName: "Nguyen",
      street: "615 S Kansas Ave",
      city: "Wellington",
      state: "KS",
      zipCode: "67152",
      area: 1342,
      // 9:30 PM on November 29 in Wellington: already the 30th in UTC.
      createdAt: new Date("2026-11-30T03:30:00Z"),
    };
    const list = { customers: [customer], q: "", newer: null, older: null } as unknown as SavedCustomerList;
    const Stub = createRoutesStub([{ path: "/", Component: () => <SavedCustomers list={list} /> }]);
    const shown = text(renderToString(<Stub initialEntries={["/"]} />));
    expect(shown).toContain("Nguyen 615 S Kansas Ave, Wellington, KS 67152 1,342 sq ft Nov 29, 2026");
    expect(shown).not.toMatch(/\d+\/\d+\/\d{4}/);
  });
});
