import { describe, expect, it } from "vitest";
import { emptyView, type ViewDrawing } from "./roof-drawing";
import { roofCsvFileName, roofMeasurementsCsv } from "./roof-export";
import {
  measuredHow,
  overrideNote,
  roofAreaFromLengthWidth,
  scaleFigure,
  settledMeasurements,
  summarizeRoof,
  summaryFigures,
} from "./roof-summary";

const rect = (x: number, y: number, w: number, h: number) => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];
const none = { area: null, length: null, width: null, pitch: null };
// 40 x 30 ft at 0.5 ft per unit: 80 x 60 units.
const traced = (extra: Partial<ViewDrawing> = {}): ViewDrawing => ({
  ...emptyView(),
  scale: 0.5,
  scaleSource: "line",
  facets: [{ points: rect(100, 100, 80, 60), pitch: 6 }],
  ...extra,
});
const values = (figures: { label: string; value: string }[]) =>
  Object.fromEntries(figures.map((f) => [f.label, f.value]));

describe("one set of roof numbers", () => {
  it("40 x 30 ft typed at 6/12: plan 1,200, roof 1,342 sq ft, 13.42 squares", () => {
    const s = summarizeRoof({ area: null, length: 40, width: 30, pitch: 6 }, emptyView());
    expect(s.source).toBe("length-width");
    expect(values(summaryFigures(s).totals)).toEqual({
      "Plan area": "1,200 sq ft",
      "Roof area": "1,342 sq ft",
      Squares: "13.42",
      Pitch: "6/12",
    });
    expect(settledMeasurements(s, { area: null, length: 40, width: 30, pitch: 6 })).toEqual({ area: 1342, pitch: 6 });
    // Calculate fills the same roof area, not the 1,200 sq ft plan.
    expect(roofAreaFromLengthWidth({ length: 40, width: 30, pitch: 6 })).toBe(1342);
    expect(roofAreaFromLengthWidth({ length: 40, width: null, pitch: 6 })).toBeNull();
    // No scale is needed for typed figures, so none is shown.
    expect(scaleFigure(s)).toBeNull();
  });

  it("40 x 30 ft traced at 6/12 gives the same figures, and names the scale it used", () => {
    const s = summarizeRoof(none, traced());
    expect(values(summaryFigures(s).totals)).toEqual({
      "Plan area": "1,200 sq ft",
      "Roof area": "1,342 sq ft",
      Squares: "13.42",
      "Predominant pitch": "6/12",
    });
    expect(scaleFigure(s)).toEqual({ label: "Scale", value: "Scale line, 1 px = 0.5 ft" });
    expect(scaleFigure(summarizeRoof(none, traced({ scaleFeet: 40 })))).toEqual({
      label: "Scale",
      value: "40 ft line, 1 px = 0.5 ft",
    });
    expect(s.suggestedWastePercent).toBe(10);
    expect(s.waste.find((w) => w.percent === 10)?.area).toBeCloseTo(1341.64 * 1.1, 1);
  });

  it("gives no area from a scale nobody set, and says so", () => {
    const s = summarizeRoof({ area: null, length: 40, width: 30, pitch: 6 }, traced({ scale: 0.3, scaleSource: null }));
    expect(s.scaleNotSet).toBe(true);
    expect(summaryFigures(s).totals).toEqual([]);
    expect(s.waste).toEqual([]);
    expect(settledMeasurements(s, { ...none, pitch: 6 })).toEqual({ area: null, pitch: 6 });
    expect(scaleFigure(s)).toEqual({ label: "Scale", value: "Scale not set" });
    // An area typed (or copied from an old tracing) is not taken instead, and the form says so.
    expect(overrideNote(s)).toBe("Traced facets override the typed length, width and pitch.");
    // Lines alone need the scale too.
    const lines = summarizeRoof(none, {
      ...emptyView(),
      lines: [{ kind: "eave", a: { x: 0, y: 0 }, b: { x: 100, y: 0 } }],
    });
    expect(lines.scaleNotSet).toBe(true);
    expect(lines.lines).toBeNull();
  });

  it("traced facets override typed length, width and pitch, and say so", () => {
    const s = summarizeRoof({ area: 1200, length: 50, width: 30, pitch: 4 }, traced());
    expect(s.roofArea).toBeCloseTo(1341.6, 1);
    expect(overrideNote(s)).toBe("Traced facets override the typed roof area, length, width and pitch.");
    // Once saved, area and pitch are the traced ones: nothing left to override.
    expect(overrideNote(summarizeRoof({ area: 1342, length: null, width: null, pitch: 6 }, traced()))).toBeNull();
  });

  it("length x width at the pitch overrides a typed area that disagrees; a typed area alone is the roof area", () => {
    const s = summarizeRoof({ area: 1200, length: 40, width: 30, pitch: 6 }, emptyView());
    expect(overrideNote(s)).toBe("Length × width at the pitch overrides the typed roof area.");
    const typed = summarizeRoof({ area: 2000, length: null, width: null, pitch: 5 }, emptyView());
    expect(values(summaryFigures(typed).totals)).toEqual({
      "Roof area": "2,000 sq ft",
      Squares: "20.00",
      Pitch: "5/12",
    });
    expect(summarizeRoof(none, emptyView()).source).toBeNull();
    // Without a pitch, length x width cannot give a roof area: the typed one stays.
    expect(summarizeRoof({ area: 2000, length: 40, width: 30, pitch: null }, emptyView()).roofArea).toBe(2000);
  });

  it("lists drip edge, ridge cap, starter and valley metal from the traced lines", () => {
    const s = summarizeRoof(
      none,
      traced({
        scale: 1,
        facets: [{ points: rect(0, 0, 100, 100), pitch: 12 }],
        lines: [
          { kind: "eave", a: { x: 0, y: 0 }, b: { x: 100, y: 0 } },
          { kind: "rake", a: { x: 0, y: 0 }, b: { x: 0, y: 10 } },
          { kind: "ridge", a: { x: 0, y: 50 }, b: { x: 60, y: 50 } },
          { kind: "hip", a: { x: 0, y: 0 }, b: { x: 20, y: 0 } },
          { kind: "valley", a: { x: 0, y: 0 }, b: { x: 0, y: 40 } },
        ],
      }),
    );
    const rake = 10 * Math.SQRT2;
    const hip = 20 * Math.sqrt(1.5);
    expect(s.materials!.dripEdge).toBeCloseTo(100 + rake);
    expect(s.materials!.ridgeCap).toBeCloseTo(60 + hip);
    expect(s.materials!.starter).toBeCloseTo(100);
    expect(s.materials!.valleyMetal).toBeCloseTo(40 * Math.sqrt(1.5));
    const { lengths, materials } = summaryFigures(s);
    expect(values(lengths)).toEqual({
      Eaves: "100 ft",
      Rakes: "14 ft",
      Ridges: "60 ft",
      Hips: "24 ft",
      Valleys: "49 ft",
    });
    expect(values(materials)).toEqual({
      "Drip edge (eaves + rakes)": "114 ft",
      "Ridge cap (ridges + hips)": "84 ft",
      "Starter (eaves)": "100 ft",
      "Valley metal (valleys)": "49 ft",
    });
  });
});

describe("roof CSV", () => {
  const customer = {
    customerName: "Ortiz",
    street: "1208 E Harvey Ave",
    city: "Wellington",
    state: "KS",
    zipCode: "67152",
    area: null,
    length: 40,
    width: 30,
    pitch: 6,
  };
  const lines = (csv: string) => csv.split("\r\n");
  // Cells of one line, minding quoted commas.
  const cells = (line: string) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);

  it("starts with a byte order mark and the spec's columns, then what staff order from", () => {
    const csv = roofMeasurementsCsv("top", customer, { top: emptyView(), side: emptyView() });
    expect(
      csv.startsWith(
        "\uFEFFviewType,scaleFactor,area,length,width,customer,address,planArea,roofArea,squares,predominantPitch,",
      ),
    ).toBe(true);
    expect(lines(csv)[1]).toBe(
      'top,Scale not set,1342,40,30,Ortiz,"1208 E Harvey Ave, Wellington, KS 67152",1200,1342,13.42,6,,,,,,,,,,10,',
    );
    expect(roofCsvFileName("top")).toBe("roof-measurements-top-view.csv");
  });

  it("adds a row per facet, the line lengths and the waste table", () => {
    const top = traced({ lines: [{ kind: "hip", a: { x: 0, y: 0 }, b: { x: 20, y: 0 } }] });
    const csv = roofMeasurementsCsv("top", { ...customer, length: null, width: null }, { top, side: emptyView() });
    const [header, row, , facetHeader, facet, , wasteHeader, ...waste] = lines(csv);
    const at = (column: string) => cells(row)[header.split(",").indexOf(column)];
    expect(cells(row).slice(0, 5)).toEqual(["top", "0.5", "1342", "", ""]);
    // A 10 ft hip seen from above at 6/12 is 10.6 ft along the roof, and all of it is ridge cap.
    expect(at("hip")).toBe("10.6");
    expect(at("ridgeCap")).toBe("10.6");
    expect(at("planArea")).toBe("1200");
    expect(at("squares")).toBe("13.42");
    expect(facetHeader).toBe("facet,pitch,planArea,roofArea,squares");
    expect(facet).toBe("1,6,1200,1342,13.42");
    expect(wasteHeader).toBe("wastePercent,areaToOrder,squares,suggested");
    expect(waste).toContain("10,1476,14.76,yes");
  });

  it("writes the pitch for the side view; a customer name that looks like a formula is defused", () => {
    const csv = roofMeasurementsCsv(
      "side",
      { ...customer, customerName: "=cmd|' /C calc'!A0" },
      { top: emptyView(), side: emptyView() },
    );
    expect(lines(csv)[0].startsWith("\uFEFFviewType,scaleFactor,pitch,customer,")).toBe(true);
    expect(lines(csv)[1].startsWith("side,Scale not set,6,'=cmd|' /C calc'!A0,")).toBe(true);
  });
});

describe("how the report says the figures were made", () => {
  it("says traced only when something was traced, and typed in when the figures were typed", () => {
    expect(measuredHow(summarizeRoof(none, traced()))).toBe(
      "Measurements from traced pictures are estimates; confirm on site before ordering.",
    );
    expect(measuredHow(summarizeRoof({ area: null, length: 40, width: 30, pitch: 6 }, emptyView()))).toBe(
      "Measurements typed in by hand are estimates; confirm on site before ordering.",
    );
    expect(measuredHow(summarizeRoof({ area: 2000, length: null, width: null, pitch: 5 }, emptyView()))).toBe(
      "Measurements typed in by hand are estimates; confirm on site before ordering.",
    );
    expect(measuredHow(summarizeRoof(none, emptyView()))).toBe(
      "Any measurement is an estimate; confirm on site before ordering.",
    );
  });
});
