import { describe, expect, it } from "vitest";
import {
  edgeLengthText,
  emptyView,
  outlineEdges,
  LINE_COLORS,
  measureView,
  measuredPitch,
  outlineForSvg,
  parseDrawing,
  parseScaleText,
  pitchMismatch,
  pitchMismatchText,
  scaleRatio,
  scaleText,
  typedScaleChange,
} from "./roof-drawing";

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
    expect(parseDrawing({ top: { ...view, facets: [{ points: rect(0, 0, 1, 1), pitch: 13 }] } }).top.facets).toEqual(
      [],
    );
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

  it("keeps old saved drawings working: a scale left at 0.3 was never set, any other was", () => {
    const facets = [{ points: rect(0, 0, 80, 60), pitch: 6 }];
    expect(parseDrawing({ top: { scale: 0.3, facets } }).top.scaleSource).toBeNull();
    expect(parseDrawing({ top: { scale: 0.5, facets } }).top.scaleSource).toBe("typed");
    expect(parseDrawing({ top: { scale: 0.2004, facets } }).top.scaleSource).toBe("line");
    expect(parseDrawing({ top: { scale: 0.31, facets, map: { lat: 37, lng: -97, zoom: 20 } } }).top.scaleSource).toBe(
      "map",
    );
    expect(parseDrawing({ top: { scale: 0.3, scaleSource: "line" } }).top.scaleSource).toBe("line");
    expect(parseDrawing({ top: { scale: 0.3, scaleSource: "guessed" } }).top.facets).toEqual([]);
  });

  it("stretches hips and valleys by sqrt(1 + (p/12)^2 / 2) and rakes by sqrt(1 + (p/12)^2)", () => {
    const m = measureView({
      ...emptyView(),
      scale: 1,
      facets: [{ points: rect(0, 0, 100, 100), pitch: 6 }],
      lines: [
        { kind: "hip", a: { x: 0, y: 0 }, b: { x: 30, y: 40 } },
        { kind: "valley", a: { x: 0, y: 0 }, b: { x: 0, y: 20 } },
        { kind: "rake", a: { x: 0, y: 0 }, b: { x: 0, y: 10 } },
      ],
    });
    expect(m.lineTotals.hip).toBeCloseTo(50 * Math.sqrt(1 + 0.25 / 2));
    expect(m.lineTotals.valley).toBeCloseTo(20 * Math.sqrt(1.125));
    expect(m.lineTotals.rake).toBeCloseTo(10 * Math.sqrt(1.25));
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

describe("the outline as an SVG draws it", () => {
  it("frames the traced area with a margin and colors each line by its kind", () => {
    const view = {
      ...emptyView(),
      facets: [
        {
          points: [
            { x: 100, y: 100 },
            { x: 500, y: 100 },
            { x: 500, y: 300 },
          ],
          pitch: 6,
        },
      ],
      lines: [{ a: { x: 100, y: 100 }, b: { x: 500, y: 100 }, kind: "eave" as const }],
    };
    const svg = outlineForSvg(view)!;
    // 400 wide: 8% (32) on every side.
    expect(svg.viewBox).toBe("68 68 464 264");
    expect(svg.facets).toEqual(["100,100 500,100 500,300"]);
    expect(svg.lines).toEqual([{ x1: 100, y1: 100, x2: 500, y2: 100, color: LINE_COLORS.eave }]);
    expect(svg.legend).toEqual([{ label: "Eaves", color: LINE_COLORS.eave }]);
  });

  it("is nothing when nothing is traced", () => {
    expect(outlineForSvg(emptyView())).toBeNull();
  });
});

describe("a scale typed as a ratio", () => {
  it("reads 1:100 and a bare 100 alike, feet of roof per foot of picture", () => {
    expect(parseScaleText("1:288")).toBe(0.25);
    expect(parseScaleText(" 1 : 288 ")).toBe(0.25);
    expect(parseScaleText("288")).toBe(0.25);
    expect(parseScaleText("1:100")).toBeCloseTo(100 / 1152);
  });

  it("refuses what is not a scale", () => {
    for (const text of ["", "1:", "1:0", "0", "2:100", "abc", "-5", "1:2000000"])
      expect(parseScaleText(text)).toBeNull();
  });

  it("reads a ratio with a thousands comma, as the tool shows one", () => {
    expect(scaleText(1)).toBe("1:1,150");
    expect(parseScaleText(scaleText(1))).toBeCloseTo(1150 / 1152);
    expect(parseScaleText("1:1,152")).toBe(1);
    expect(parseScaleText("1,152")).toBe(1);
  });

  it("leaves the scale alone when the typed text is the scale as shown", () => {
    // A line gave 0.2003 ft per unit, shown rounded as 1:231: Enter on it changes nothing.
    expect(typedScaleChange(scaleText(0.2003), 0.2003)).toBeNull();
    expect(typedScaleChange("1:231", 0.2003)).toBeNull();
    expect(typedScaleChange("1:288", 0.2003)).toBe(0.25);
    expect(typedScaleChange("1:288", null)).toBe(0.25);
  });

  it("shows a scale as the N of 1:N, to three figures", () => {
    expect(scaleRatio(0.25)).toBe(288);
    expect(scaleRatio(0.2)).toBe(230);
    expect(scaleRatio(0.312)).toBe(359);
  });
});

describe("a measured pitch the facets disagree with", () => {
  const tri = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 10 },
  ];
  const eight = { a: { x: 0, y: 100 }, b: { x: 120, y: 20 } };

  it("names the facets at another pitch, not those kept on purpose", () => {
    const drawing = {
      top: {
        ...emptyView(),
        facets: [
          { points: tri, pitch: 8 },
          { points: tri, pitch: 4 },
          { points: tri, pitch: 3, ownPitch: true },
          { points: tri, pitch: 6 },
        ],
      },
      side: { ...emptyView(), pitchLine: eight },
    };
    const m = pitchMismatch(drawing);
    expect(m).toEqual({
      measured: 8,
      facets: [
        { number: 2, pitch: 4 },
        { number: 4, pitch: 6 },
      ],
    });
    expect(pitchMismatchText(m!)).toBe("The side view measured 8/12, but facet 2 is 4/12 and facet 4 is 6/12.");
  });

  it("with nothing traced, compares the measurement with the typed pitch (length × width)", () => {
    const drawing = { top: emptyView(), side: { ...emptyView(), pitchLine: eight } };
    const m = pitchMismatch(drawing, 6);
    expect(m).toEqual({ measured: 8, facets: [], typed: 6 });
    expect(pitchMismatchText(m!)).toBe("The side view measured 8/12, but the typed pitch is 6/12.");
    expect(pitchMismatch(drawing, 8)).toBeNull();
    expect(pitchMismatch(drawing, null)).toBeNull();
    // Traced facets are what the figures use, so a typed pitch beside them is not compared.
    expect(pitchMismatch({ ...drawing, top: { ...emptyView(), facets: [{ points: tri, pitch: 8 }] } }, 6)).toBeNull();
  });

  it("drops a pitch line saved on the top view: the pitch is measured on the side", () => {
    const saved = parseDrawing(
      JSON.stringify({ top: { facets: [{ points: tri, pitch: 4 }], pitchLine: eight }, side: { pitchLine: eight } }),
    );
    expect(saved.top.pitchLine).toBeNull();
    expect(saved.side.pitchLine).toEqual(eight);
  });

  it("is quiet without a measurement, and reads drawings saved before ownPitch existed", () => {
    expect(
      pitchMismatch({ top: { ...emptyView(), facets: [{ points: tri, pitch: 4 }] }, side: emptyView() }),
    ).toBeNull();
    const old = parseDrawing(
      JSON.stringify({ top: { scale: 0.5, facets: [{ points: tri, pitch: 4 }] }, side: { pitchLine: eight } }),
    );
    expect(old.top.ridgeFeet).toBeNull();
    expect(pitchMismatch(old)?.facets).toEqual([{ number: 1, pitch: 4 }]);
  });
});

describe("an outline edge's length in the edge list", () => {
  it("gives a rake both its plan length and its length along the slope, as the results count it", () => {
    // 150 units at 0.2 ft per unit: 30 ft from above; up a 12/12 slope, √2 × 30.
    expect(edgeLengthText(150, 0.2, "rake", 12)).toBe("30 ft plan, 42 ft along the slope");
    expect(edgeLengthText(150, 0.2, "eave", 12)).toBe("30 ft");
    expect(edgeLengthText(150, 0.2, null, 12)).toBe("30 ft");
  });
});

describe("edges two traced facets share", () => {
  const view = (facets: { x: number; y: number }[][]) => ({
    ...emptyView(),
    scale: 0.1,
    scaleSource: "line" as const,
    facets: facets.map((points) => ({ points, pitch: 6 })),
  });
  const xy = (...n: number[]) => n.flatMap((_, i) => (i % 2 ? [] : [{ x: n[i], y: n[i + 1] }]));

  it("proposes a hip roof's diagonal seams as hips and its level seam as the ridge, a few pixels off still counting", () => {
    // A hip roof from above: two trapezoids meeting at a ridge from (250, 200) to (550, 200), two triangular ends.
    const north = xy(100, 100, 700, 100, 550, 200, 250, 200);
    const south = xy(250, 203, 550, 198, 700, 300, 100, 300);
    const west = xy(100, 100, 250, 200, 100, 300);
    const east = xy(700, 100, 700, 300, 550, 200);
    const edges = outlineEdges(view([north, south, west, east]));
    const shared = edges.filter((e) => e.shared).map((e) => e.proposed);
    expect(shared.sort()).toEqual(["hip", "hip", "hip", "hip", "ridge"]);
    // Each seam once; the outer edges are eaves (the long sides and the triangles' bases).
    expect(edges.filter((e) => !e.shared).map((e) => e.proposed)).toEqual(["eave", "eave", "eave", "eave"]);
  });

  it("edges farther apart than the tolerance are two outer edges", () => {
    const edges = outlineEdges(
      view([xy(100, 100, 300, 100, 300, 150, 100, 150), xy(100, 160, 300, 160, 300, 200, 100, 200)]),
    );
    expect(edges.some((e) => e.shared)).toBe(false);
  });
});
