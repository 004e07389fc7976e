import { describe, expect, it } from "vitest";
import { AREAS } from "~/lib/landing-pages";
import { inServiceArea, SERVICE_AREA_ZIPS } from "./service-area";

describe("inServiceArea", () => {
  it("knows every town we serve by name, however it is typed", () => {
    for (const area of AREAS) expect(inServiceArea({ city: area.name }), area.name).toBe(true);
    expect(inServiceArea({ city: "  el dorado, KS " })).toBe(true);
    expect(inServiceArea({ city: "Park City Kansas" })).toBe(true);
  });

  it("has ZIP codes for each of the eleven towns, and accepts them (ZIP+4 too)", () => {
    expect(Object.keys(SERVICE_AREA_ZIPS).sort()).toEqual(AREAS.map((a) => a.slug).sort());
    expect(inServiceArea({ zip: "67152" })).toBe(true);
    expect(inServiceArea({ zip: "67037-1234" })).toBe(true);
    expect(inServiceArea({ zip: "67206", city: "Wichita" })).toBe(true);
  });

  it("says a job in another place is outside, by ZIP first, else by town", () => {
    expect(inServiceArea({ city: "Topeka" })).toBe(false);
    expect(inServiceArea({ zip: "66601" })).toBe(false);
    // The ZIP is the surer sign: a Wichita mailing address can be out in the county.
    expect(inServiceArea({ city: "Wichita", zip: "66601" })).toBe(false);
    expect(inServiceArea({ city: "Topeka", zip: "67152" })).toBe(true);
  });

  it("says nothing when it cannot tell (no city, no ZIP, or a ZIP cut short)", () => {
    expect(inServiceArea({})).toBe(true);
    expect(inServiceArea({ city: "", zip: "" })).toBe(true);
    expect(inServiceArea({ zip: "671" })).toBe(true);
  });
});
