import { describe, expect, it } from "vitest";
import { emptyView, measureView, measuredPitch, parseDrawing } from "./roof-drawing";
import { roofCsvFileName, roofMeasurementsCsv } from "./roof-export";

const rect = (x: number, y: number, w: number, h: number) => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

describe("roof drawing", () => {
  it("reads back what it stored, and treats junk as an empty drawing", () => {
    const view = { ...emptyView(), scale: 0.5, facets: [{ points: rect(0, 0, 80, 60), pitch: 6 }] };
    const round = parseDrawing(JSON.stringify({ top: view }));
    expect(round.top.facets).toHaveLength(1);
    expect(round.side).toEqual(emptyView());
    expect(parseDrawing("{not json").top.facets).toEqual([]);
    expect(parseDrawing({ top: { facets: [{ points: [{ x: 1, y: 1 }], pitch: 4 }] } }).top.facets).toEqual([]);
    expect(parseDrawing({ top: { ...view, facets: [{ points: rect(0, 0, 1, 1), pitch: 13 }] } }).top.facets).toEqual([]);
  });

  it("measures a 40 x 30 ft plan at 6/12 as 1341.6 sq ft of roof", () => {
    // 0.5 ft per unit: 80 x 60 units.
    const m = measureView({ ...emptyView(), scale: 0.5, facets: [{ points: rect(100, 100, 80, 60), pitch: 6 }] });
    expect(m.planArea).toBeCloseTo(1200);
    expect(m.trueArea).toBeCloseTo(1341.6, 1);
    expect(m.squares).toBeCloseTo(13.416, 2);
    expect(m.facets).toEqual([expect.objectContaining({ index: 0, pitch: 6 })]);
    expect(m.waste.find((w) => w.percent === 15)?.area).toBeCloseTo(1341.64 * 1.15, 1);
  });

  it("measures an L-shaped outline", () => {
    const l = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 40 },
      { x: 40, y: 40 },
      { x: 40, y: 100 },
      { x: 0, y: 100 },
    ];
    expect(measureView({ ...emptyView(), scale: 1, facets: [{ points: l, pitch: 0 }] }).planArea).toBe(6400);
  });

  it("adds up eaves and ridges as drawn and stretches rakes by the pitch", () => {
    const m = measureView({
      ...emptyView(),
      scale: 0.5,
      facets: [{ points: rect(0, 0, 80, 60), pitch: 12 }],
      lines: [
        { kind: "eave", a: { x: 0, y: 0 }, b: { x: 80, y: 0 } },
        { kind: "eave", a: { x: 0, y: 60 }, b: { x: 80, y: 60 } },
        { kind: "ridge", a: { x: 0, y: 30 }, b: { x: 80, y: 30 } },
        { kind: "rake", a: { x: 0, y: 0 }, b: { x: 0, y: 30 } },
      ],
    });
    expect(m.lineTotals.eave).toBeCloseTo(80);
    expect(m.lineTotals.ridge).toBeCloseTo(40);
    expect(m.lineTotals.rake).toBeCloseTo(15 * Math.SQRT2);
  });

  it("reads the side view's pitch to the nearest half step", () => {
    expect(measuredPitch({ ...emptyView(), pitchLine: { a: { x: 0, y: 100 }, b: { x: 120, y: 40 } } })).toBe(6);
    expect(measuredPitch({ ...emptyView(), pitchLine: { a: { x: 0, y: 0 }, b: { x: 100, y: 61 } } })).toBe(7.5);
    expect(measuredPitch({ ...emptyView(), pitchLine: { a: { x: 0, y: 0 }, b: { x: 10, y: 100 } } })).toBe(12);
    expect(measuredPitch(emptyView())).toBeNull();
  });
});

describe("roof CSV", () => {
  const m = { area: 1342, length: 40, width: 30, pitch: 6 };
  it("writes area, length and width for the top view", () => {
    expect(roofMeasurementsCsv("top", { ...emptyView(), scale: 0.31 }, m)).toBe("viewType,scaleFactor,area,length,width\r\ntop,0.31,1342,40,30\r\n");
    expect(roofCsvFileName("top")).toBe("roof-measurements-top-view.csv");
  });
  it("writes the pitch for the side view, and leaves missing values empty", () => {
    expect(roofMeasurementsCsv("side", emptyView(), { ...m, pitch: null })).toBe("viewType,scaleFactor,pitch\r\nside,0.3,\r\n");
  });
});
