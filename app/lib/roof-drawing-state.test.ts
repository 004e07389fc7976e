import { describe, expect, it } from "vitest";
import { emptyDrawing, measureView, outlineEdges, pitchMismatch, scaleWords } from "./roof-drawing";
import {
  chosenEdges,
  drawingReducer,
  initialDrawingState,
  type DrawingAction,
  type DrawingState,
} from "./roof-drawing-state";

const run = (actions: DrawingAction[], state: DrawingState = initialDrawingState(emptyDrawing())) =>
  actions.reduce(drawingReducer, state);
const click = (x: number, y: number): DrawingAction => ({ type: "click", point: { x, y } });
const square: DrawingAction[] = [
  { type: "tool", tool: "outline" },
  click(100, 100),
  click(300, 100),
  click(300, 200),
  click(100, 200),
];

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
    expect(
      run([{ type: "tool", tool: "outline" }, click(1, 1), click(50, 1), { type: "close-outline" }]).drawing.top.facets,
    ).toEqual([]);
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
    // Said in plain words, from the line staff drew and what it makes of the picture.
    expect(scaleWords(s.drawing.top)).toBe("50 ft line, 1 px = 0.25 ft");
    expect(scaleWords(run([{ type: "scale", scale: 0.3 }], s).drawing.top)).toBe("Typed 1:346, 1 px = 0.3 ft");
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

  it("going back to the top view puts the side view's pitch tool down", () => {
    const s = run([
      { type: "view", view: "side" },
      { type: "tool", tool: "pitch" },
      { type: "view", view: "top" },
    ]);
    expect(s.tool).toBe("select");
    expect(
      run([
        { type: "tool", tool: "eave" },
        { type: "view", view: "side" },
      ]).tool,
    ).toBe("select");
  });

  it("deletes the selected facet only", () => {
    const second: DrawingAction[] = [
      { type: "tool", tool: "outline" },
      click(400, 400),
      click(500, 400),
      click(500, 500),
      { type: "close-outline" },
    ];
    let s = run([
      ...square,
      { type: "close-outline" },
      ...second,
      { type: "select-facet", facet: 0 },
      { type: "delete-facet" },
    ]);
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

  describe("a pitch measured on the side view applies to the traced roof", () => {
    // A rise of 160 over a run of 240: 8/12.
    const measureEight: DrawingAction[] = [
      { type: "view", view: "side" },
      { type: "tool", tool: "pitch" },
      click(100, 300),
      click(340, 140),
    ];
    const second: DrawingAction[] = [
      { type: "tool", tool: "outline" },
      click(400, 400),
      click(500, 400),
      click(500, 500),
      { type: "close-outline" },
    ];

    it("applies to the only facet, which was traced at the pitch for new facets", () => {
      const s = run([...square, { type: "close-outline" }, ...measureEight]);
      expect(s.pitch).toBe(8);
      expect(s.drawing.top.facets[0].pitch).toBe(8);
      expect(pitchMismatch(s.drawing)).toBeNull();
      // Areas follow at once: the facet's roof area is at 8/12.
      const scaled = run(
        [
          { type: "view", view: "top" },
          { type: "scale", scale: 0.2 },
        ],
        s,
      );
      expect(measureView(scaled.drawing.top).predominantPitch).toBe(8);
      // One undo takes the measurement and its pitch back together.
      const undone = run([{ type: "undo" }], s);
      expect(undone.drawing.top.facets[0].pitch).toBe(4);
      expect(undone.drawing.side.pitchLine).toBeNull();
    });

    it("moving the pitch line measures again and the facet follows", () => {
      let s = run([...square, { type: "close-outline" }, ...measureEight, { type: "tool", tool: "select" }]);
      // The upper end dragged from 140 down to 180: a rise of 120 over 240, 6/12.
      s = run([{ type: "move", handle: { kind: "pitch", end: "b" }, point: { x: 340, y: 180 }, commit: true }], s);
      expect(s.drawing.top.facets[0].pitch).toBe(6);
    });

    it("with several facets, applies to every one, whichever was selected last", () => {
      const s = run([
        ...square,
        { type: "close-outline" },
        ...second,
        { type: "select-facet", facet: 1 },
        ...measureEight,
      ]);
      expect(s.drawing.top.facets.map((f) => f.pitch)).toEqual([8, 8]);
      expect(pitchMismatch(s.drawing)).toBeNull();
    });

    it("one click applies it to a single facet, the others back at their own pitch; a corrected measurement leaves them there", () => {
      let s = run([
        ...square,
        { type: "close-outline" },
        { type: "pitch", pitch: 5 },
        ...second,
        { type: "select-facet", facet: null },
        ...measureEight,
      ]);
      expect(s.drawing.top.facets.map((f) => f.pitch)).toEqual([8, 8]);
      s = run([{ type: "measured-pitch-only", facet: 1 }], s);
      expect(s.drawing.top.facets.map((f) => f.pitch)).toEqual([5, 8]);
      // Chosen on purpose: the roof does not report facet 1 as disagreeing.
      expect(pitchMismatch(s.drawing)).toBeNull();
      s = run([{ type: "move", handle: { kind: "pitch", end: "b" }, point: { x: 340, y: 180 }, commit: true }], s);
      expect(s.drawing.top.facets.map((f) => f.pitch)).toEqual([5, 6]);
      s = run([{ type: "apply-measured-pitch", facets: "all" }], s);
      expect(s.drawing.top.facets.map((f) => f.pitch)).toEqual([6, 6]);
      // One undo step each.
      expect(run([{ type: "undo" }, { type: "undo" }], s).drawing.top.facets.map((f) => f.pitch)).toEqual([5, 8]);
    });

    it("a facet kept at its own pitch stays there when the pitch is measured again", () => {
      let s = run([
        ...square,
        { type: "close-outline" },
        ...second,
        ...measureEight,
        { type: "keep-facet-pitch", facet: 1 },
        { type: "apply-measured-pitch", facets: [0] },
      ]);
      s = run(
        [
          { type: "view", view: "top" },
          { type: "select-facet", facet: 1 },
          { type: "pitch", pitch: 3 },
          { type: "view", view: "side" },
          { type: "tool", tool: "select" },
        ],
        s,
      );
      s = run([{ type: "move", handle: { kind: "pitch", end: "b" }, point: { x: 340, y: 180 }, commit: true }], s);
      expect(s.drawing.top.facets.map((f) => f.pitch)).toEqual([6, 3]);
    });

    it("dragging a pitch line saved on the top view leaves the side view alone", () => {
      const drawing = {
        ...emptyDrawing(),
        top: {
          ...emptyDrawing().top,
          facets: [
            {
              points: [
                { x: 0, y: 0 },
                { x: 90, y: 0 },
                { x: 90, y: 90 },
              ],
              pitch: 4,
            },
          ],
          pitchLine: { a: { x: 10, y: 300 }, b: { x: 250, y: 140 } },
        },
        side: { ...emptyDrawing().side, scale: 0.5, pitchLine: { a: { x: 100, y: 300 }, b: { x: 340, y: 180 } } },
      };
      const s = run(
        [
          { type: "move", handle: { kind: "pitch", end: "b" }, point: { x: 250, y: 100 }, commit: false },
          { type: "move", handle: { kind: "pitch", end: "b" }, point: { x: 250, y: 100 }, commit: true },
        ],
        initialDrawingState(drawing),
      );
      expect(s.drawing.side).toEqual(drawing.side);
      expect(s.drawing.top.facets[0].pitch).toBe(4);
    });
  });

  describe("eaves and rakes from an outline's edges", () => {
    it("forgets the edge choices when a facet is deleted, a step undone or the view cleared (they would land on other edges)", () => {
      const second: DrawingAction[] = [
        { type: "tool", tool: "outline" },
        click(400, 400),
        click(500, 400),
        click(500, 500),
        { type: "close-outline" },
      ];
      const base = run([
        ...square,
        { type: "close-outline" },
        ...second,
        { type: "tool", tool: "select" },
        { type: "scale", scale: 0.2 },
      ]);
      const chose = (s: DrawingState) => run([{ type: "edge-choice", key: "1-0", kind: null }], s);
      expect(chose(base).edgeChoices).toEqual({ "1-0": null });
      expect(run([{ type: "select-facet", facet: 0 }, { type: "delete-facet" }], chose(base)).edgeChoices).toEqual({});
      expect(run([{ type: "undo" }], chose(base)).edgeChoices).toEqual({});
      expect(run([{ type: "clear" }], chose(base)).edgeChoices).toEqual({});
    });

    it("proposes a rectangle's long sides as eaves and its ends as rakes", () => {
      const s = run([...square, { type: "close-outline" }]);
      expect(outlineEdges(s.drawing.top).map((e) => e.proposed)).toEqual(["eave", "rake", "eave", "rake"]);
    });

    it("an edge two facets share is listed once, proposed as the ridge of a gable", () => {
      const halves: DrawingAction[] = [
        { type: "tool", tool: "outline" },
        click(100, 100),
        click(300, 100),
        click(300, 150),
        click(100, 150),
        { type: "close-outline" },
        click(100, 150),
        click(300, 150),
        click(300, 200),
        click(100, 200),
        { type: "close-outline" },
      ];
      const edges = outlineEdges(run(halves).drawing.top);
      expect(edges).toHaveLength(7);
      expect(edges.filter((e) => e.shared)).toEqual([
        expect.objectContaining({ facet: 0, edge: 2, proposed: "ridge" }),
      ]);
      // Used as proposed, at 0.2 ft a unit: a 40 ft ridge for the ridge cap, with nothing typed.
      const s = run(
        [
          { type: "scale", scale: 0.2 },
          { type: "outline-edges", edges: edges.map((e) => ({ a: e.a, b: e.b, kind: e.proposed })), ridgeFeet: null },
        ],
        run(halves),
      );
      expect(measureView(s.drawing.top).lineTotals.ridge).toBeCloseTo(40);
    });

    it("one click changes an edge's choice, and using the edges forgets the choices", () => {
      let s = run([
        ...square,
        { type: "close-outline" },
        { type: "scale", scale: 0.2 },
        { type: "edge-choice", key: "0-0", kind: "rake" },
      ]);
      expect(chosenEdges(s.drawing.top, s.edgeChoices).map((e) => e.kind)).toEqual(["rake", "rake", "eave", "rake"]);
      s = run([{ type: "outline-edges", edges: chosenEdges(s.drawing.top, s.edgeChoices), ridgeFeet: null }], s);
      expect(s.drawing.top.lines.map((l) => l.kind)).toEqual(["rake", "rake", "eave", "rake"]);
      expect(s.edgeChoices).toEqual({});
    });

    it("confirmed edges become eave and rake lines, and a typed ridge counts as ridge", () => {
      let s = run([...square, { type: "close-outline" }, { type: "scale", scale: 0.2 }]);
      const edges = outlineEdges(s.drawing.top).map((e) => ({ a: e.a, b: e.b, kind: e.proposed }));
      s = run([{ type: "outline-edges", edges, ridgeFeet: 40 }], s);
      const totals = measureView(s.drawing.top).lineTotals;
      // Eaves: 2 × 200 units × 0.2 = 80 ft; rakes: 2 × 100 × 0.2 = 40 ft up a 4/12 slope.
      expect(totals.eave).toBeCloseTo(80);
      expect(totals.rake).toBeCloseTo(40 * Math.sqrt(1 + (4 / 12) ** 2));
      expect(totals.ridge).toBe(40);
      s = run([{ type: "ridge-feet", feet: 35 }], s);
      expect(measureView(s.drawing.top).lineTotals.ridge).toBe(35);
      expect(run([{ type: "undo" }], s).drawing.top.ridgeFeet).toBe(40);
    });
  });
});
