import { describe, expect, it } from "vitest";
import { clampViewBox, WHOLE_DRAWING, zoomAround, zoomStep } from "./roof-zoom";

describe("zooming the drawing", () => {
  it("zooms in around the middle and back out to the whole drawing", () => {
    const inOnce = zoomStep(WHOLE_DRAWING, 1);
    expect(inOnce.zoom).toBe(1.5);
    // The middle stays the middle: 800 / 1.5 wide, centred on 400.
    expect(inOnce.x + 800 / 1.5 / 2).toBeCloseTo(400);
    expect(zoomStep(zoomStep(inOnce, -1), -1)).toEqual(WHOLE_DRAWING);
  });

  it("keeps the point under the fingers in place when pinching", () => {
    const v = zoomAround(WHOLE_DRAWING, 4, { x: 200, y: 150 });
    // 200 was a quarter of the way across; it still is.
    expect((200 - v.x) / (800 / 4)).toBeCloseTo(0.25);
    expect(v.zoom).toBe(4);
  });

  it("never zooms past 8x or pans off the picture", () => {
    expect(zoomAround(WHOLE_DRAWING, 50, { x: 0, y: 0 }).zoom).toBe(8);
    expect(clampViewBox({ x: 900, y: -20, zoom: 2 })).toEqual({ x: 400, y: 0, zoom: 2 });
  });
});
