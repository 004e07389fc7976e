import { describe, expect, it } from "vitest";
import { emptyView, type ViewDrawing } from "./roof-drawing";
import { summarizeRoof } from "./roof-summary";
import { DEFAULT_COVERAGE, gableLines, materialTakeoff, takeoffRoof, wholeUnits, type Takeoff } from "./takeoff";

const quantities = (t: Takeoff) => Object.fromEntries(t.items.map((i) => [i.key, i.quantity]));
const none = { area: null, length: null, width: null, pitch: null };

describe("the takeoff of a 40 × 30 ft gable at 6/12", () => {
  // By hand. The slope stretches 6/12 by sqrt(1 + (6/12)²) = 1.118034.
  //   roof area   1,200 sq ft plan × 1.118034 = 1,341.64 sq ft = 13.42 squares
  //   with 10 %   1,341.64 × 1.10 = 1,475.80 sq ft = 14.758 squares
  //   shingles    14.758 × 3 = 44.27 bundles → 45
  //   underlay    14.758 / 10 squares a roll = 1.48 → 2 rolls
  //   eaves       2 × 40 = 80 ft; rakes 4 × 15 ft × 1.118034 = 67.08 ft; ridge 40 ft
  //   starter     (80 + 67.08) / 105 = 1.40 → 2 bundles (eaves only: 80 / 105 → 1)
  //   drip edge   147.08 / 10 = 14.7 → 15 pieces
  //   ridge cap   40 / 25 = 1.6 → 2 bundles
  //   valleys     none, so no line
  //   nails       13.42 squares of allowance
  const typed = { area: null, length: 40, width: 30, pitch: 6 };

  it("typed as length × width: the footprint is taken as a gable, and every item is there", () => {
    const roof = takeoffRoof(summarizeRoof(typed, emptyView()), typed)!;
    expect(roof.linesFrom).toBe("footprint");
    expect(roof.lines!.eave).toBe(80);
    expect(roof.lines!.rake).toBeCloseTo(67.08, 2);
    expect(roof.lines!.ridge).toBe(40);
    const t = materialTakeoff(roof, 10, DEFAULT_COVERAGE);
    expect(t.squares).toBe(13.42);
    expect(t.orderSquares).toBeCloseTo(14.758, 3);
    expect(quantities(t)).toEqual({
      shingles: 45,
      underlayment: 2,
      starter: 2,
      "drip-edge": 15,
      "ridge-cap": 2,
      nails: 13.42,
    });
    expect(t.omitted).toEqual([]);
    expect(t.items.find((i) => i.key === "shingles")?.basis).toBe("14.76 sq (10% waste) × 3 bundles per sq");
    expect(t.items.find((i) => i.key === "drip-edge")?.basis).toBe("147 ft of eaves and rakes ÷ 10 ft per piece");
  });

  it("traced (one facet, its eaves, rakes and ridge) gives the same order", () => {
    // 0.5 ft per unit: the house is 80 × 60 units; the ridge runs along the middle.
    const top: ViewDrawing = {
      ...emptyView(),
      scale: 0.5,
      scaleSource: "line",
      facets: [
        {
          points: [
            { x: 100, y: 100 },
            { x: 180, y: 100 },
            { x: 180, y: 160 },
            { x: 100, y: 160 },
          ],
          pitch: 6,
        },
      ],
      lines: [
        { kind: "eave", a: { x: 100, y: 100 }, b: { x: 180, y: 100 } },
        { kind: "eave", a: { x: 100, y: 160 }, b: { x: 180, y: 160 } },
        { kind: "rake", a: { x: 100, y: 100 }, b: { x: 100, y: 160 } },
        { kind: "rake", a: { x: 180, y: 100 }, b: { x: 180, y: 160 } },
        { kind: "ridge", a: { x: 100, y: 130 }, b: { x: 180, y: 130 } },
      ],
    };
    const roof = takeoffRoof(summarizeRoof(none, top), none)!;
    expect(roof.linesFrom).toBe("traced");
    expect(quantities(materialTakeoff(roof, 10, DEFAULT_COVERAGE))).toEqual({
      shingles: 45,
      underlayment: 2,
      starter: 2,
      "drip-edge": 15,
      "ridge-cap": 2,
      nails: 13.42,
    });
  });

  it("follows the owner's coverage: starter on the eaves only, 4 bundles a square, 20 ft ridge cap bundles", () => {
    const roof = takeoffRoof(summarizeRoof(typed, emptyView()), typed)!;
    const t = materialTakeoff(roof, 15, {
      ...DEFAULT_COVERAGE,
      starterOnRakes: false,
      bundlesPerSquare: 4,
      ridgeCapFtPerBundle: 20,
    });
    // 1,341.64 × 1.15 = 1,542.89 sq ft = 15.43 squares; × 4 = 61.7 → 62 bundles.
    expect(quantities(t)).toMatchObject({ shingles: 62, starter: 1, "ridge-cap": 2 });
    expect(t.items.find((i) => i.key === "starter")?.basis).toBe("80 ft of eaves ÷ 105 ft per bundle");
  });
});

describe("the takeoff of a hip roof with valleys", () => {
  // An L-shaped hip roof at 6/12, 1 ft per unit: a 40 × 30 main house (x 0-40, y 0-30) and a
  // 20 ft wide wing coming 15 ft forward (x 10-30, y 30-45), hipped at its end.
  // By hand. A hip or valley seen from above runs diagonally: its length on the roof is the
  // plan length × sqrt(1 + (6/12)² / 2) = 1.06066.
  //   plan area   1,200 + 300 = 1,500 sq ft; roof 1,500 × 1.118034 = 1,677.05 sq ft = 16.77 squares
  //   eaves       the L's outline: 40 + 30 + 40 + 30 − 20 (where the wing joins) + 15 + 20 + 15 = 170 ft
  //   hips        main: 4 × (15 × √2 = 21.21 plan) × 1.06066 = 4 × 22.5 = 90 ft; wing end: 2 × 15 = 30 ft
  //   ridges      main 40 − 30 = 10 ft; wing from its end's peak (y 35) into the main roof (y 20) 15 ft
  //   valleys     where the wing meets the main roof: 2 × (10 × √2 plan) × 1.06066 = 2 × 15 = 30 ft
  // With 15 % waste (a cut-up roof):
  //   shingles    1,677.05 × 1.15 = 1,928.61 sq ft = 19.29 squares × 3 = 57.86 → 58 bundles
  //   underlay    19.29 / 10 → 2 rolls
  //   starter     no rakes: 170 / 105 = 1.62 → 2 bundles
  //   drip edge   170 / 10 = 17 pieces exactly (not 18)
  //   ridge cap   (25 + 120) / 25 = 5.8 → 6 bundles
  //   valleys     ice-and-water 30 / 66 → 1 roll; as metal 30 / 10 → 3 pieces
  const P = (x: number, y: number) => ({ x: x + 100, y: y + 100 });
  const seg = (kind: "eave" | "rake" | "ridge" | "hip" | "valley", a: [number, number], b: [number, number]) => ({
    kind,
    a: P(...a),
    b: P(...b),
  });
  const outline: [number, number][] = [
    [0, 0],
    [40, 0],
    [40, 30],
    [30, 30],
    [30, 45],
    [10, 45],
    [10, 30],
    [0, 30],
  ];
  const top: ViewDrawing = {
    ...emptyView(),
    scale: 1,
    scaleSource: "typed",
    facets: [{ points: outline.map((p) => P(...p)), pitch: 6 }],
    lines: [
      ...outline.map((p, i) => seg("eave", p, outline[(i + 1) % outline.length])),
      seg("hip", [0, 0], [15, 15]),
      seg("hip", [40, 0], [25, 15]),
      seg("hip", [0, 30], [15, 15]),
      seg("hip", [40, 30], [25, 15]),
      seg("ridge", [15, 15], [25, 15]),
      seg("hip", [10, 45], [20, 35]),
      seg("hip", [30, 45], [20, 35]),
      seg("ridge", [20, 35], [20, 20]),
      seg("valley", [10, 30], [20, 20]),
      seg("valley", [30, 30], [20, 20]),
    ],
  };

  it("orders from the traced lengths, rounded up to what suppliers sell", () => {
    const roof = takeoffRoof(summarizeRoof(none, top), none)!;
    expect(roof.roofArea).toBeCloseTo(1677.05, 2);
    expect(roof.lines!.eave).toBeCloseTo(170, 9);
    expect(roof.lines!.hip).toBeCloseTo(120, 9);
    expect(roof.lines!.ridge).toBeCloseTo(25, 9);
    expect(roof.lines!.valley).toBeCloseTo(30, 9);
    const t = materialTakeoff(roof, 15, DEFAULT_COVERAGE);
    expect(t.squares).toBe(16.77);
    expect(quantities(t)).toEqual({
      shingles: 58,
      underlayment: 2,
      starter: 2,
      "drip-edge": 17,
      "ridge-cap": 6,
      "ice-and-water": 1,
      nails: 16.77,
    });
    expect(t.items.find((i) => i.key === "ice-and-water")?.basis).toBe("30 ft of valleys ÷ 66 ft per roll");
    const metal = materialTakeoff(roof, 15, { ...DEFAULT_COVERAGE, valleyMaterial: "metal" });
    expect(quantities(metal)).toMatchObject({ "valley-metal": 3 });
    expect(quantities(metal)["ice-and-water"]).toBeUndefined();
  });
});

describe("a roof area typed alone", () => {
  it("has no lines: starter, drip edge, ridge cap and valleys are left out, and listed as such", () => {
    const typed = { area: 2000, length: null, width: null, pitch: 5 };
    const roof = takeoffRoof(summarizeRoof(typed, emptyView()), typed)!;
    expect(roof.linesFrom).toBeNull();
    const t = materialTakeoff(roof, 10, DEFAULT_COVERAGE);
    // 2,000 × 1.10 = 22 squares × 3 = 66 bundles exactly; 22 / 10 → 3 rolls.
    expect(quantities(t)).toEqual({ shingles: 66, underlayment: 3, nails: 20 });
    expect(t.omitted).toEqual(["starter", "drip-edge", "ridge-cap", "ice-and-water"]);
  });

  it("gives nothing for a roof not measured yet", () => {
    expect(takeoffRoof(summarizeRoof(none, emptyView()), none)).toBeNull();
  });
});

describe("rounding up to whole units", () => {
  it("rounds up any part of a unit, but not a float's dust on an exact one", () => {
    expect(wholeUnits(44.27, 1)).toBe(45);
    expect(wholeUnits(0.1 + 0.2, 0.3)).toBe(1);
    expect(wholeUnits(170.00000000001, 10)).toBe(17);
    expect(wholeUnits(170.01, 10)).toBe(18);
    expect(wholeUnits(0, 10)).toBe(0);
    expect(wholeUnits(10, 0)).toBe(0);
  });

  it("lays a gable's ridge along the longer side whichever way it was typed", () => {
    expect(gableLines(30, 40, 0)).toEqual({ eave: 80, rake: 60, ridge: 40, hip: 0, valley: 0 });
  });
});
