import type { Point } from "./roof-geometry";
import {
  emptyView,
  measuredPitch,
  outlineEdges,
  PITCH,
  type Drawing,
  type EdgeKind,
  type LineKind,
  type OutlineEdge,
  type RoofView,
  type ViewDrawing,
} from "./roof-drawing";
import { scaleFromKnownLength } from "./roof-geometry";

/**
 * The drawing surface's state and every change staff can make to it, as a pure reducer
 * so the rules (closing an outline, undo, scale from a known length) are tested without
 * a browser.
 */
export type Tool = "select" | "outline" | LineKind | "scale" | "pitch";

export type Handle =
  | { kind: "facet"; facet: number; point: number }
  | { kind: "line"; line: number; end: "a" | "b" }
  | { kind: "pitch"; end: "a" | "b" };

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
  /**
   * The top view's facets' pitches as they were before the side view's pitch first applied
   * to them, so "facet N only" can give the others theirs back. Null until a measurement.
   */
  pitchesBefore: number[] | null;
  /** Staff's choices for the outline's edges ("facet-edge" to eave, rake or neither) until they are used. */
  edgeChoices: Record<string, EdgeKind | null>;
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
  /** The side view's measured pitch onto these top-view facets (indexes), or all of them. */
  | { type: "apply-measured-pitch"; facets: number[] | "all" }
  /** The measured pitch for this facet alone: the others get their own pitch back and keep it. */
  | { type: "measured-pitch-only"; facet: number }
  /** Keep a top-view facet's own pitch although the side view measured another. */
  | { type: "keep-facet-pitch"; facet: number }
  /** The outline's edges confirmed as eaves and rakes (null: neither), and a typed ridge length. */
  | { type: "outline-edges"; edges: { a: Point; b: Point; kind: EdgeKind | null }[]; ridgeFeet: number | null }
  | { type: "ridge-feet"; feet: number | null }
  | { type: "edge-choice"; key: string; kind: EdgeKind | null }
  | { type: "load"; drawing: Drawing };

/** The tools each view offers: outlines and lines are traced from above, the pitch on the side. */
export const TOOLS_OF_VIEW: Record<RoofView, Tool[]> = {
  top: ["select", "outline", "eave", "rake", "ridge", "hip", "valley", "scale"],
  side: ["select", "scale", "pitch"],
};

export type ChosenEdge = OutlineEdge & { key: string; kind: EdgeKind | null };

/** The outline's edges as staff have them now: each one's choice, or what it was proposed as. */
export function chosenEdges(view: ViewDrawing, choices: DrawingState["edgeChoices"]): ChosenEdge[] {
  return outlineEdges(view).map((e) => {
    const key = `${e.facet}-${e.edge}`;
    return { ...e, key, kind: key in choices ? choices[key] : e.proposed };
  });
}

/** A click this close (in drawing units) to the first point closes the outline. */
export const CLOSE_DISTANCE = 12;
const UNDO_LIMIT = 50;

export function initialDrawingState(drawing: Drawing, pitch: number = PITCH.default): DrawingState {
  return {
    drawing,
    view: "top",
    tool: "select",
    draft: [],
    anchor: null,
    scaleLine: null,
    selectedFacet: null,
    pitch,
    pitchesBefore: null,
    edgeChoices: {},
    undo: [],
    dragFrom: null,
  };
}

/** A new drawing, recorded as one undo step. */
function commit(state: DrawingState, drawing: Drawing, extra: Partial<DrawingState> = {}): DrawingState {
  return { ...state, ...extra, drawing, undo: [...state.undo, state.drawing].slice(-UNDO_LIMIT) };
}

function change(state: DrawingState, view: ViewDrawing, extra: Partial<DrawingState> = {}): DrawingState {
  return commit(state, { ...state.drawing, [state.view]: view }, extra);
}

/** The top view's facets at `pitch` where `applies` says so: measured, so no longer kept apart. */
function setTopPitch(
  top: ViewDrawing,
  pitch: number,
  applies: (facet: ViewDrawing["facets"][number], index: number) => boolean,
): ViewDrawing {
  return { ...top, facets: top.facets.map((f, i) => (applies(f, i) ? { points: f.points, pitch } : f)) };
}

/**
 * A pitch line drawn or moved on the side view (decision 0078, amending 0031). The measured
 * pitch becomes the pitch for new facets and applies to every facet on the top view: one
 * roof is usually one pitch, and a measurement that silently reached only the facet last
 * selected left the area a mix. A facet staff kept at its own pitch (a porch, a lower wing)
 * keeps it; "facet N only" is one click away.
 */
function measure(state: DrawingState, side: ViewDrawing): DrawingState {
  const pitch = measuredPitch(side);
  const top = state.drawing.top;
  if (pitch === null) return { ...state, drawing: { ...state.drawing, side } };
  const next = setTopPitch(top, pitch, (f) => !f.ownPitch);
  return {
    ...state,
    pitch,
    pitchesBefore: state.pitchesBefore ?? top.facets.map((f) => f.pitch),
    drawing: { top: next, side },
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
        // A tool the new view does not have (tracing on the side, the pitch on the top) gives way to Select.
        tool: TOOLS_OF_VIEW[action.view].includes(state.tool) ? state.tool : "select",
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
        // The pitch is measured on the side view only (its tool is put down on the top view).
        if (state.view !== "side") return { ...state, anchor: null };
        const measured = measure(state, { ...current, pitchLine: { a, b: p } });
        return commit(state, measured.drawing, {
          anchor: null,
          pitch: measured.pitch,
          pitchesBefore: measured.pitchesBefore,
        });
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
          facets: current.facets.map((f, i) =>
            i === handle.facet ? { ...f, points: f.points.map((q, j) => (j === handle.point ? point : q)) } : f,
          ),
        };
      } else if (handle.kind === "line") {
        view = {
          ...current,
          lines: current.lines.map((l, i) => (i === handle.line ? { ...l, [handle.end]: point } : l)),
        };
      } else if (current.pitchLine) {
        view = { ...current, pitchLine: { ...current.pitchLine, [handle.end]: point } };
      }
      // A drag is one undo step: intermediate positions replace the drawing, the drop records it.
      if (!action.commit)
        return {
          ...state,
          drawing: { ...state.drawing, [state.view]: view },
          dragFrom: state.dragFrom ?? state.drawing,
        };
      const from = state.dragFrom ?? state.drawing;
      // Only the side view measures: a top view's pitch line (saved by an older version) is a plain change.
      if (handle.kind === "pitch" && state.view === "side") {
        const measured = measure({ ...state, drawing: from }, view);
        return commit({ ...state, drawing: from }, measured.drawing, {
          dragFrom: null,
          pitch: measured.pitch,
          pitchesBefore: measured.pitchesBefore,
        });
      }
      return change({ ...state, drawing: from }, view, { dragFrom: null });
    }
    case "select-facet":
      return {
        ...state,
        selectedFacet: action.facet,
        pitch: action.facet === null ? state.pitch : (current.facets[action.facet]?.pitch ?? state.pitch),
      };
    case "pitch": {
      const pitch = Math.min(PITCH.max, Math.max(PITCH.min, action.pitch));
      if (state.selectedFacet === null || !current.facets[state.selectedFacet]) return { ...state, pitch };
      const facets = current.facets.map((f, i) => (i === state.selectedFacet ? { ...f, pitch } : f));
      return change(state, { ...current, facets }, { pitch });
    }
    case "scale":
      if (!(action.scale > 0)) return state;
      // Moving or typing the scale on purpose sets it; until then no area is shown.
      return change(state, { ...current, scale: action.scale, scaleSource: "typed", scaleFeet: null });
    case "scale-length": {
      if (!state.scaleLine) return state;
      const scale = scaleFromKnownLength(state.scaleLine.a, state.scaleLine.b, action.feet);
      if (!scale) return state;
      return change(
        state,
        { ...current, scale, scaleSource: "line", scaleFeet: action.feet },
        { scaleLine: null, tool: "select" },
      );
    }
    case "delete-facet": {
      if (state.selectedFacet === null || !current.facets[state.selectedFacet]) return state;
      const facets = current.facets.filter((_, i) => i !== state.selectedFacet);
      // Edge choices are keyed by facet and edge number, which now name other edges.
      const pitchesBefore = state.pitchesBefore?.filter((_, i) => i !== state.selectedFacet) ?? null;
      return change(state, { ...current, facets }, { selectedFacet: null, edgeChoices: {}, pitchesBefore });
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
        edgeChoices: {},
      };
    }
    case "clear":
      return change(
        state,
        {
          ...emptyView(),
          scale: current.scale,
          scaleSource: current.scaleSource,
          scaleFeet: current.scaleFeet,
          map: current.map,
        },
        { draft: [], anchor: null, scaleLine: null, selectedFacet: null, edgeChoices: {} },
      );
    case "map":
      return change(
        { ...state, view: "top" },
        { ...state.drawing.top, map: action.map, scale: action.scale, scaleSource: "map", scaleFeet: null },
      );
    case "load":
      return initialDrawingState(action.drawing, state.pitch);
    case "apply-measured-pitch": {
      const pitch = measuredPitch(state.drawing.side);
      if (pitch === null) return state;
      const chosen = action.facets;
      const top = setTopPitch(state.drawing.top, pitch, (_, i) => chosen === "all" || chosen.includes(i));
      return commit(state, { ...state.drawing, top }, { pitch });
    }
    case "measured-pitch-only": {
      const pitch = measuredPitch(state.drawing.side);
      const top = state.drawing.top;
      if (pitch === null || !top.facets[action.facet]) return state;
      const facets = top.facets.map((f, i) =>
        i === action.facet
          ? { points: f.points, pitch }
          : { points: f.points, pitch: state.pitchesBefore?.[i] ?? f.pitch, ownPitch: true },
      );
      return commit(state, { ...state.drawing, top: { ...top, facets } }, { pitch });
    }
    case "keep-facet-pitch": {
      const top = state.drawing.top;
      if (!top.facets[action.facet]) return state;
      const facets = top.facets.map((f, i) => (i === action.facet ? { ...f, ownPitch: true } : f));
      return commit(state, { ...state.drawing, top: { ...top, facets } });
    }
    case "outline-edges": {
      const top = state.drawing.top;
      const lines = action.edges.flatMap(({ a, b, kind }) => (kind ? [{ kind, a, b }] : []));
      const ridgeFeet = action.ridgeFeet !== null && action.ridgeFeet > 0 ? action.ridgeFeet : top.ridgeFeet;
      return commit(
        state,
        { ...state.drawing, top: { ...top, lines: [...top.lines, ...lines].slice(0, 200), ridgeFeet } },
        { edgeChoices: {} },
      );
    }
    case "edge-choice":
      return { ...state, edgeChoices: { ...state.edgeChoices, [action.key]: action.kind } };
    case "ridge-feet": {
      const top = state.drawing.top;
      const ridgeFeet = action.feet !== null && action.feet > 0 && action.feet <= 10000 ? action.feet : null;
      if (ridgeFeet === top.ridgeFeet) return state;
      return commit(state, { ...state.drawing, top: { ...top, ridgeFeet } });
    }
  }
}
