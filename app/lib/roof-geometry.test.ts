import { describe, expect, it } from "vitest";
import {
  feetPerPixelAtZoom,
  hipValleyFactor,
  measureRoof,
  pitchFactor,
  pitchFromPoints,
  polygonArea,
  scaleFromKnownLength,
  WASTE_PERCENTAGES,
} from "./roof-geometry";

const rect = (w: number, h: number) => [
  { x: 0, y: 0 },
  { x: w, y: 0 },
  { x: w, y: h },
  { x: 0, y: h },
];

describe("roof geometry", () => {
  it("measures polygons with the shoelace formula, either winding", () => {
    expect(polygonArea(rect(40, 30))).toBe(1200);
    expect(polygonArea([...rect(40, 30)].reverse())).toBe(1200);
    expect(
      polygonArea([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 0, y: 10 },
      ]),
    ).toBe(50);
    expect(
      polygonArea([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ]),
    ).toBe(0);
  });

  it("sets the scale from a line over a known length", () => {
    expect(scaleFromKnownLength({ x: 0, y: 0 }, { x: 300, y: 400 }, 50)).toBeCloseTo(0.1);
    expect(scaleFromKnownLength({ x: 5, y: 5 }, { x: 5, y: 5 }, 50)).toBeNull();
  });

  it("knows the feet per pixel of a satellite image from zoom and latitude", () => {
    // Wichita, zoom 20: 156543 m x cos(37.69 deg) / 2^20 = 0.1181 m = 0.3876 ft per pixel.
    expect(feetPerPixelAtZoom(37.6872, 20)).toBeCloseTo(0.3876, 3);
    expect(feetPerPixelAtZoom(37.6872, 20, 2)).toBeCloseTo(0.3876 / 2, 3);
  });

  it("reads pitch from two points along the rake", () => {
    expect(pitchFromPoints({ x: 0, y: 100 }, { x: 120, y: 60 })).toBe(4);
    expect(pitchFromPoints({ x: 0, y: 0 }, { x: 0, y: 50 })).toBeNull();
  });

  it("applies the pitch factor: a 6/12 roof is 11.8% larger than its plan", () => {
    expect(pitchFactor(0)).toBe(1);
    expect(pitchFactor(6)).toBeCloseTo(1.118, 3);
    expect(pitchFactor(12)).toBeCloseTo(Math.SQRT2);
  });

  it("stretches a hip or valley between two p/12 planes by sqrt(1 + (p/12)^2 / 2)", () => {
    expect(hipValleyFactor(0)).toBe(1);
    // 6/12: a hip 10 ft long seen from above is 10.607 ft along the roof.
    expect(hipValleyFactor(6) * 10).toBeCloseTo(10.607, 3);
    expect(hipValleyFactor(12)).toBeCloseTo(Math.sqrt(1.5));
  });

  it("adds up facets into area, squares, predominant pitch and a waste table", () => {
    // Two 40x30 ft facets at 0.5 ft per pixel: 80x60 px each.
    const m = measureRoof(
      [
        { points: rect(80, 60), pitch: 6 },
        { points: rect(80, 60), pitch: 6 },
        { points: rect(20, 20), pitch: 12 },
      ],
      0.5,
    );
    expect(m.planArea).toBeCloseTo(2500);
    expect(m.trueArea).toBeCloseTo(2400 * pitchFactor(6) + 100 * pitchFactor(12));
    expect(m.squares).toBeCloseTo(m.trueArea / 100);
    expect(m.predominantPitch).toBe(6);
    expect(m.waste.map((w) => w.percent)).toEqual([...WASTE_PERCENTAGES]);
    expect(m.waste.find((w) => w.percent === 10)!.area).toBeCloseTo(m.trueArea * 1.1);
    expect(m.suggestedWastePercent).toBe(12);
  });
});
