import { describe, expect, it } from "vitest";
import { emptyDrawing, measureView } from "./roof-drawing";
import { drawingReducer, initialDrawingState, type DrawingAction, type DrawingState } from "./roof-drawing-state";

const run = (actions: DrawingAction[], state: DrawingState = initialDrawingState(emptyDrawing())) => actions.reduce(drawingReducer, state);
const click = (x: number, y: number): DrawingAction => ({ type: "click", point: { x, y } });
const square: DrawingAction[] = [{ type: "tool", tool: "outline" }, click(100, 100), click(300, 100), click(300, 200), click(100, 200)];

describe("drawing state", () => {
  it("closes an outline by clicking near its first point, with the current pitch", () => {
    const s = run([...square, click(104, 103)]);
    expect(s.drawing.top.facets).toEqual([
      {
        points: [
          { x: 100, y: 100 },
          { x: 300, y: 100 },
          { x: 300, y: 200 },
          { x: 100, y: 200 },
        ],
        pitch: 4,
      },
    ]);
    expect(s.draft).toEqual([]);
    expect(s.selectedFacet).toBe(0);
  });

  it("needs three points to close, and Close outline does the same as the click", () => {
    expect(run([{ type: "tool", tool: "outline" }, click(1, 1), click(50, 1), { type: "close-outline" }]).drawing.top.facets).toEqual([]);
    expect(run([...square, { type: "close-outline" }]).drawing.top.facets).toHaveLength(1);
  });

  it("sets the scale from a line over a known length", () => {
    const s = run([
      ...square,
      { type: "close-outline" },
      { type: "tool", tool: "scale" },
      click(100, 100),
      click(300, 100),
      { type: "scale-length", feet: 50 },
    ]);
    expect(s.drawing.top.scale).toBeCloseTo(0.25);
    expect(s.drawing.top.scaleSource).toBe("line");
    expect(measureView(s.drawing.top).planArea).toBeCloseTo(50 * 25);
  });

  it("knows the scale is not set until a line, the map or the slider sets it, and Clear keeps it", () => {
    const drawn = run([...square, { type: "close-outline" }]);
    expect(drawn.drawing.top.scaleSource).toBeNull();
    const typed = run([{ type: "scale", scale: 0.3 }], drawn);
    expect(typed.drawing.top).toMatchObject({ scale: 0.3, scaleSource: "typed" });
    expect(run([{ type: "clear" }], typed).drawing.top).toMatchObject({ facets: [], scaleSource: "typed" });
    const map = run([{ type: "map", map: { lat: 37.2, lng: -97.4, zoom: 20 }, scale: 0.31 }], drawn);
    expect(map.drawing.top).toMatchObject({ scale: 0.31, scaleSource: "map" });
  });

  it("changes the selected facet's pitch, and undoes one step at a time", () => {
    let s = run([...square, { type: "close-outline" }, { type: "pitch", pitch: 8 }]);
    expect(s.drawing.top.facets[0].pitch).toBe(8);
    s = run([{ type: "undo" }], s);
    expect(s.drawing.top.facets[0].pitch).toBe(4);
    expect(s.selectedFacet).toBe(0);
    expect(s.pitch).toBe(4);
    s = run([{ type: "undo" }], s);
    expect(s.drawing.top.facets).toEqual([]);
  });

  it("undo takes back the last unclosed point first", () => {
    const s = run([...square, { type: "undo" }]);
    expect(s.draft).toHaveLength(3);
  });

  it("a drag is a single undo step", () => {
    let s = run([...square, { type: "close-outline" }, { type: "tool", tool: "select" }]);
    const handle = { kind: "facet", facet: 0, point: 2 } as const;
    s = run(
      [
        { type: "move", handle, point: { x: 310, y: 210 }, commit: false },
        { type: "move", handle, point: { x: 320, y: 220 }, commit: true },
      ],
      s,
    );
    expect(s.drawing.top.facets[0].points[2]).toEqual({ x: 320, y: 220 });
    s = run([{ type: "undo" }], s);
    expect(s.drawing.top.facets[0].points[2]).toEqual({ x: 300, y: 200 });
  });

  it("measures the pitch on the side view and offers it for new facets", () => {
    const s = run([{ type: "view", view: "side" }, { type: "tool", tool: "pitch" }, click(100, 300), click(340, 180)]);
    expect(s.pitch).toBe(6);
    expect(s.drawing.side.pitchLine).not.toBeNull();
  });

  it("deletes the selected facet only", () => {
    const second: DrawingAction[] = [{ type: "tool", tool: "outline" }, click(400, 400), click(500, 400), click(500, 500), { type: "close-outline" }];
    let s = run([...square, { type: "close-outline" }, ...second, { type: "select-facet", facet: 0 }, { type: "delete-facet" }]);
    expect(s.drawing.top.facets).toHaveLength(1);
    expect(s.drawing.top.facets[0].points[0]).toEqual({ x: 400, y: 400 });
    expect(s.selectedFacet).toBeNull();
    s = run([{ type: "delete-facet" }], s);
    expect(s.drawing.top.facets).toHaveLength(1);
  });

  it("clear empties the view but keeps its scale", () => {
    const s = run([{ type: "scale", scale: 0.42 }, ...square, { type: "close-outline" }, { type: "clear" }]);
    expect(s.drawing.top.facets).toEqual([]);
    expect(s.drawing.top.scale).toBe(0.42);
  });
});
