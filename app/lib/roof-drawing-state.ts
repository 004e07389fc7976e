import type { Point } from "./roof-geometry";
import { emptyView, measuredPitch, PITCH, type Drawing, type LineKind, type RoofView, type ViewDrawing } from "./roof-drawing";
import { scaleFromKnownLength } from "./roof-geometry";

/**
 * The drawing surface's state and every change staff can make to it, as a pure reducer
 * so the rules (closing an outline, undo, scale from a known length) are tested without
 * a browser.
 */
export type Tool = "select" | "outline" | LineKind | "scale" | "pitch";

export type Handle = { kind: "facet"; facet: number; point: number } | { kind: "line"; line: number; end: "a" | "b" } | { kind: "pitch"; end: "a" | "b" };

export type DrawingState = {
  drawing: Drawing;
  view: RoofView;
  tool: Tool;
  /** Points of the outline being drawn, not yet a facet. */
  draft: Point[];
  /** First point of a two-point tool (line, scale, pitch). */
  anchor: Point | null;
  /** A finished scale line waiting for its length in feet. */
  scaleLine: { a: Point; b: Point } | null;
  selectedFacet: number | null;
  /** Pitch given to new facets. */
  pitch: number;
  undo: Drawing[];
  /** The drawing as it was when a drag began: the drop records that as the undo step. */
  dragFrom: Drawing | null;
};

export type DrawingAction =
  | { type: "view"; view: RoofView }
  | { type: "tool"; tool: Tool }
  | { type: "click"; point: Point }
  | { type: "close-outline" }
  | { type: "move"; handle: Handle; point: Point; commit: boolean }
  | { type: "select-facet"; facet: number | null }
  | { type: "pitch"; pitch: number }
  | { type: "scale"; scale: number }
  | { type: "scale-length"; feet: number }
  | { type: "cancel" }
  | { type: "delete-facet" }
  | { type: "undo" }
  | { type: "clear" }
  | { type: "map"; map: ViewDrawing["map"]; scale: number }
  | { type: "load"; drawing: Drawing };

/** A click this close (in drawing units) to the first point closes the outline. */
export const CLOSE_DISTANCE = 12;
const UNDO_LIMIT = 50;

export function initialDrawingState(drawing: Drawing, pitch: number = PITCH.default): DrawingState {
  return { drawing, view: "top", tool: "select", draft: [], anchor: null, scaleLine: null, selectedFacet: null, pitch, undo: [], dragFrom: null };
}

function change(state: DrawingState, view: ViewDrawing, extra: Partial<DrawingState> = {}): DrawingState {
  return {
    ...state,
    ...extra,
    drawing: { ...state.drawing, [state.view]: view },
    undo: [...state.undo, state.drawing].slice(-UNDO_LIMIT),
  };
}

function near(a: Point, b: Point) {
  return Math.hypot(a.x - b.x, a.y - b.y) <= CLOSE_DISTANCE;
}

function closeOutline(state: DrawingState): DrawingState {
  if (state.draft.length < 3) return { ...state, draft: [] };
  const current = state.drawing[state.view];
  const facets = [...current.facets, { points: state.draft, pitch: state.pitch }];
  return change(state, { ...current, facets }, { draft: [], selectedFacet: facets.length - 1 });
}

export function drawingReducer(state: DrawingState, action: DrawingAction): DrawingState {
  const current = state.drawing[state.view];
  switch (action.type) {
    case "view":
      return {
        ...state,
        view: action.view,
        draft: [],
        anchor: null,
        scaleLine: null,
        selectedFacet: null,
        tool: action.view === "side" && state.tool === "outline" ? "select" : state.tool,
      };
    case "tool":
      return { ...state, tool: action.tool, draft: [], anchor: null, scaleLine: null };
    case "cancel":
      return { ...state, draft: [], anchor: null, scaleLine: null };
    case "click": {
      const p = action.point;
      if (state.tool === "outline") {
        if (state.draft.length >= 3 && near(p, state.draft[0])) return closeOutline(state);
        return { ...state, draft: [...state.draft, p] };
      }
      if (state.tool === "select") return state;
      if (!state.anchor) return { ...state, anchor: p, scaleLine: null };
      const a = state.anchor;
      if (a.x === p.x && a.y === p.y) return state;
      if (state.tool === "scale") return { ...state, anchor: null, scaleLine: { a, b: p } };
      if (state.tool === "pitch") {
        const view = { ...current, pitchLine: { a, b: p } };
        const pitch = measuredPitch(view);
        return change(state, view, { anchor: null, pitch: pitch ?? state.pitch });
      }
      return change(state, { ...current, lines: [...current.lines, { kind: state.tool, a, b: p }] }, { anchor: null });
    }
    case "close-outline":
      return closeOutline(state);
    case "move": {
      const { handle, point } = action;
      let view: ViewDrawing = current;
      if (handle.kind === "facet") {
        view = {
          ...current,
          facets: current.facets.map((f, i) => (i === handle.facet ? { ...f, points: f.points.map((q, j) => (j === handle.point ? point : q)) } : f)),
        };
      } else if (handle.kind === "line") {
        view = { ...current, lines: current.lines.map((l, i) => (i === handle.line ? { ...l, [handle.end]: point } : l)) };
      } else if (current.pitchLine) {
        view = { ...current, pitchLine: { ...current.pitchLine, [handle.end]: point } };
      }
      // A drag is one undo step: intermediate positions replace the drawing, the drop records it.
      if (!action.commit) return { ...state, drawing: { ...state.drawing, [state.view]: view }, dragFrom: state.dragFrom ?? state.drawing };
      const next = change({ ...state, drawing: state.dragFrom ?? state.drawing }, view, { dragFrom: null });
      return handle.kind === "pitch" ? { ...next, pitch: measuredPitch(view) ?? state.pitch } : next;
    }
    case "select-facet":
      return { ...state, selectedFacet: action.facet, pitch: action.facet === null ? state.pitch : (current.facets[action.facet]?.pitch ?? state.pitch) };
    case "pitch": {
      const pitch = Math.min(PITCH.max, Math.max(PITCH.min, action.pitch));
      if (state.selectedFacet === null || !current.facets[state.selectedFacet]) return { ...state, pitch };
      const facets = current.facets.map((f, i) => (i === state.selectedFacet ? { ...f, pitch } : f));
      return change(state, { ...current, facets }, { pitch });
    }
    case "scale":
      if (!(action.scale > 0)) return state;
      // Moving or typing the scale on purpose sets it; until then no area is shown.
      return change(state, { ...current, scale: action.scale, scaleSource: "typed" });
    case "scale-length": {
      if (!state.scaleLine) return state;
      const scale = scaleFromKnownLength(state.scaleLine.a, state.scaleLine.b, action.feet);
      if (!scale) return state;
      return change(state, { ...current, scale, scaleSource: "line" }, { scaleLine: null, tool: "select" });
    }
    case "delete-facet": {
      if (state.selectedFacet === null || !current.facets[state.selectedFacet]) return state;
      const facets = current.facets.filter((_, i) => i !== state.selectedFacet);
      return change(state, { ...current, facets }, { selectedFacet: null });
    }
    case "undo": {
      if (state.draft.length > 0) return { ...state, draft: state.draft.slice(0, -1) };
      const previous = state.undo.at(-1);
      if (!previous) return state;
      // The selection survives when its facet does, and the pitch control shows that facet again.
      const facet = state.selectedFacet !== null ? previous[state.view].facets[state.selectedFacet] : undefined;
      return {
        ...state,
        drawing: previous,
        undo: state.undo.slice(0, -1),
        selectedFacet: facet ? state.selectedFacet : null,
        pitch: facet?.pitch ?? state.pitch,
        anchor: null,
      };
    }
    case "clear":
      return change(
        state,
        { ...emptyView(), scale: current.scale, scaleSource: current.scaleSource, map: current.map },
        { draft: [], anchor: null, scaleLine: null, selectedFacet: null },
      );
    case "map":
      return change({ ...state, view: "top" }, { ...state.drawing.top, map: action.map, scale: action.scale, scaleSource: "map" });
    case "load":
      return initialDrawingState(action.drawing, state.pitch);
  }
}
