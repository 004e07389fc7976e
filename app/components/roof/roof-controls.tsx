import { Eraser, MousePointer2, PenLine, Ruler, Spline, Trash2, TriangleRight, Undo2 } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Fragment, useState, type Dispatch } from "react";
import {
  edgeLengthText,
  hasRoofEdges,
  LINE_COLORS,
  LINE_KIND_NAMES,
  measuredPitch,
  OUTER_EDGE_KINDS,
  PITCH,
  scaleText,
  scaleWords,
  SHARED_EDGE_KINDS,
  typedScaleChange,
  type ViewDrawing,
} from "~/lib/roof-drawing";
import {
  chosenEdges,
  type ChosenEdge,
  type DrawingAction,
  type DrawingState,
  type Tool,
} from "~/lib/roof-drawing-state";
import { Field, secondaryButton, primaryButton } from "~/components/admin-ui";
import { centroid } from "~/lib/roof-geometry";

const TOOLS: { tool: Tool; label: string; icon: LucideIcon; views: ("top" | "side")[]; help: string }[] = [
  {
    tool: "select",
    label: "Select",
    icon: MousePointer2,
    views: ["top", "side"],
    help: "Drag a point to move it; click a facet to select it and set its pitch.",
  },
  {
    tool: "outline",
    label: "Outline",
    icon: PenLine,
    views: ["top"],
    help: "Click each corner of a roof facet; click the first point again (or press Enter) to close it.",
  },
  { tool: "eave", label: LINE_KIND_NAMES.eave, icon: Spline, views: ["top"], help: "Click both ends of an eave." },
  { tool: "rake", label: LINE_KIND_NAMES.rake, icon: Spline, views: ["top"], help: "Click both ends of a rake." },
  { tool: "ridge", label: LINE_KIND_NAMES.ridge, icon: Spline, views: ["top"], help: "Click both ends of a ridge." },
  {
    tool: "hip",
    label: LINE_KIND_NAMES.hip,
    icon: Spline,
    views: ["top"],
    help: "Click both ends of a hip, where two slopes meet on an outside corner.",
  },
  {
    tool: "valley",
    label: LINE_KIND_NAMES.valley,
    icon: Spline,
    views: ["top"],
    help: "Click both ends of a valley, where two slopes meet on an inside corner.",
  },
  {
    tool: "scale",
    label: "Scale line",
    icon: Ruler,
    // Started from the scale setting below the picture, the one place the scale is set.
    views: [],
    help: "Click both ends of something whose length you know, then type that length.",
  },
  {
    tool: "pitch",
    label: "Pitch",
    icon: TriangleRight,
    views: ["side"],
    help: "Click two points along the rake's slope: pitch = 12 × rise ÷ run.",
  },
];

export function RoofControls({ state, dispatch }: { state: DrawingState; dispatch: Dispatch<DrawingAction> }) {
  const view = state.drawing[state.view];
  const tools = TOOLS.filter((t) => t.views.includes(state.view));
  const active = TOOLS.find((t) => t.tool === state.tool);
  const selected = state.selectedFacet !== null ? state.selectedFacet + 1 : null;
  return (
    <div className="space-y-4 border-t border-black/10 p-4" aria-label="Measurement controls" role="group">
      <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Drawing tools">
        {tools.map(({ tool, label, icon: Icon }) => (
          <button
            key={tool}
            type="button"
            aria-pressed={state.tool === tool}
            onClick={() => dispatch({ type: "tool", tool })}
            className="inline-flex items-center gap-1.5 rounded-md border border-black/15 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-sand aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white"
          >
            <Icon
              aria-hidden
              className="size-4"
              style={
                tool in LINE_COLORS
                  ? { color: state.tool === tool ? undefined : LINE_COLORS[tool as keyof typeof LINE_COLORS] }
                  : undefined
              }
            />
            {label}
          </button>
        ))}
        <span className="mx-1 hidden w-px bg-black/10 sm:block" />
        <button
          type="button"
          className={`${secondaryButton} px-3 py-1.5 text-sm`}
          onClick={() => dispatch({ type: "undo" })}
          disabled={state.undo.length === 0 && state.draft.length === 0}
        >
          <Undo2 aria-hidden className="size-4" /> Undo
        </button>
        <button
          type="button"
          className={`${secondaryButton} px-3 py-1.5 text-sm`}
          onClick={() => dispatch({ type: "clear" })}
        >
          <Eraser aria-hidden className="size-4" /> Clear
        </button>
      </div>
      {active && <p className="text-sm text-ink-soft">{active.help}</p>}
      {selected && state.tool === "select" && (
        <button
          type="button"
          className={`${secondaryButton} px-3 py-1.5 text-sm text-red-800`}
          onClick={() => dispatch({ type: "delete-facet" })}
        >
          <Trash2 aria-hidden className="size-4" /> Delete facet {selected}
        </button>
      )}
      {state.tool === "outline" && state.draft.length >= 3 && (
        <button
          type="button"
          className={`${primaryButton} px-3 py-1.5 text-sm`}
          onClick={() => dispatch({ type: "close-outline" })}
        >
          Close outline
        </button>
      )}
      {state.scaleLine && <ScaleLength dispatch={dispatch} />}
      {state.view === "side" && <MeasuredPitch state={state} dispatch={dispatch} />}
      {/* Keyed by the stored ridge, so the Ridge box follows an undo or a load. */}
      {state.view === "top" && (
        <OutlineEdgesPanel key={String(state.drawing.top.ridgeFeet)} state={state} dispatch={dispatch} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {/* The side view measures the pitch, a ratio that needs no scale. */}
        {state.view === "top" && (
          <ScaleSetting
            key={`${view.scale}-${view.scaleSource}`}
            view={view}
            drawing={state.tool === "scale"}
            dispatch={dispatch}
          />
        )}
        <RangeControl
          label={selected ? `Pitch of facet ${selected} (X/12)` : "Pitch for new facets (X/12)"}
          range={PITCH}
          value={state.pitch}
          shown={`${state.pitch}/12`}
          onChange={(pitch) => dispatch({ type: "pitch", pitch })}
        />
      </div>
    </div>
  );
}

/**
 * The scale, one obvious way (decision 0031): a line over something of known length. Typing it
 * is the fallback, as a ratio (1:100) or feet of roof per foot of picture.
 */
function ScaleSetting({
  view,
  drawing,
  dispatch,
}: {
  view: ViewDrawing;
  drawing: boolean;
  dispatch: Dispatch<DrawingAction>;
}) {
  const scale = view.scaleSource ? view.scale : null;
  const [text, setText] = useState(scale === null ? "" : scaleText(scale));
  // The box starts with the scale as shown: used unchanged, it would replace a line's exact scale with the rounded one.
  const value = typedScaleChange(text, scale);
  const use = () => value !== null && dispatch({ type: "scale", scale: value });
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium">Scale: {scaleWords(view) ?? "not set"}</p>
      <button
        type="button"
        aria-pressed={drawing}
        className={`${secondaryButton} px-3 py-1.5 text-sm aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white`}
        onClick={() => dispatch({ type: "tool", tool: drawing ? "select" : "scale" })}
      >
        <Ruler aria-hidden className="size-4" /> Draw a scale line
      </button>
      <details>
        <summary className="cursor-pointer text-ink-soft underline">Or type the scale</summary>
        <span className="mt-2 flex flex-wrap items-center gap-2">
          <input
            type="text"
            inputMode="decimal"
            aria-label="Scale, like 1:100 (feet of roof per foot of picture)"
            aria-describedby="scale-typed-help"
            placeholder="1:100"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                use();
              }
            }}
            className="block w-28 rounded-md border border-black/15 bg-white px-2 py-1"
          />
          <button
            type="button"
            className={`${secondaryButton} px-3 py-1 text-sm`}
            disabled={value === null}
            onClick={use}
          >
            Use this scale
          </button>
        </span>
        <span id="scale-typed-help" className="mt-1 block text-xs text-ink-soft">
          For re-entering a scale worked out before for this picture, as the tool showed it. It counts the picture 8⅓ in
          wide, so it is not a scale to read off a photo: for a new picture, draw a scale line.
        </span>
      </details>
    </div>
  );
}

/**
 * The pitch measured on the side view, and the facets it applies to (decision 0078): every
 * facet unless staff choose one facet alone, with one click.
 */
function MeasuredPitch({ state, dispatch }: { state: DrawingState; dispatch: Dispatch<DrawingAction> }) {
  const measured = measuredPitch(state.drawing.side);
  if (measured === null) return null;
  const facets = state.drawing.top.facets;
  const at = facets.flatMap((f, i) => (f.pitch === measured ? [i + 1] : []));
  return (
    <div
      role="status"
      aria-label="Measured pitch"
      className="space-y-2 rounded-md bg-violet-50 p-3 text-sm text-violet-950"
    >
      <p className="font-semibold">
        Measured pitch {measured}/12.{" "}
        {facets.length === 0
          ? "New facets take it."
          : at.length === facets.length
            ? `Applied to ${facets.length === 1 ? "the traced facet" : "every facet"}.`
            : at.length > 0
              ? `Applied to facet ${at.join(", ")}.`
              : "Not applied to any facet yet."}
      </p>
      {facets.length > 1 && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Apply the measured pitch to">
          <span>Apply to:</span>
          <button
            type="button"
            aria-pressed={at.length === facets.length}
            className={pitchChoice}
            onClick={() => dispatch({ type: "apply-measured-pitch", facets: "all" })}
          >
            Every facet
          </button>
          {facets.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-pressed={at.length === 1 && at[0] === i + 1}
              className={pitchChoice}
              onClick={() => dispatch({ type: "measured-pitch-only", facet: i })}
            >
              Facet {i + 1} only
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
const pitchChoice =
  "rounded-md border border-violet-300 bg-white px-2.5 py-1 font-semibold aria-pressed:border-violet-700 aria-pressed:bg-violet-700 aria-pressed:text-white";

/** Where an edge lies on its facet, as staff see the picture: "top", "left" and so on. */
function edgeSide(edge: ChosenEdge, points: { x: number; y: number }[]): string {
  const c = centroid(points);
  const dx = (edge.a.x + edge.b.x) / 2 - c.x;
  const dy = (edge.a.y + edge.b.y) / 2 - c.y;
  const vertical = dy < 0 ? "top" : "bottom";
  const horizontal = dx < 0 ? "left" : "right";
  if (Math.abs(dy) > 2 * Math.abs(dx)) return vertical;
  if (Math.abs(dx) > 2 * Math.abs(dy)) return horizontal;
  return `${vertical} ${horizontal}`;
}

/** An outer edge is an eave or a rake; an edge two facets share is a ridge, hip or valley. Either may be nothing. */
const edgeChoices = (shared: boolean) => [
  ...(shared ? SHARED_EDGE_KINDS : OUTER_EDGE_KINDS).map((kind) => ({ kind, label: LINE_KIND_NAMES[kind] })),
  { kind: null, label: "Neither" },
];

/**
 * An outline traced without eaves or rakes: its edges are proposed as eaves and
 * rakes, staff confirm each with one click, and the ridge is typed (or traced with Ridge),
 * so starter, drip edge and ridge cap are ordered from them.
 */
function OutlineEdgesPanel({ state, dispatch }: { state: DrawingState; dispatch: Dispatch<DrawingAction> }) {
  const top = state.drawing.top;
  const edges = chosenEdges(top, state.edgeChoices);
  const [ridge, setRidge] = useState(top.ridgeFeet === null ? "" : String(top.ridgeFeet));
  if (top.facets.length === 0 || !top.scaleSource) return null;
  const ridgeTraced = top.lines.some((l) => l.kind === "ridge") || edges.some((e) => e.kind === "ridge");
  const ridgeFeet = ridge.trim() === "" ? null : Number(ridge);
  const ridgeValid = ridgeFeet === null || (Number.isFinite(ridgeFeet) && ridgeFeet > 0 && ridgeFeet <= 10000);
  const ridgeField = (
    <Field label="Ridge (ft)" hint={ridgeTraced ? "Added to the ridge traced or proposed." : "Or trace it with Ridge."}>
      <input
        type="number"
        min="0"
        step="any"
        value={ridge}
        onChange={(e) => setRidge(e.target.value)}
        onBlur={() => hasRoofEdges(top) && ridgeValid && dispatch({ type: "ridge-feet", feet: ridgeFeet })}
        className="mt-1 block w-32 rounded-md border border-black/15 bg-white px-3 py-1.5"
      />
    </Field>
  );
  if (hasRoofEdges(top)) return top.ridgeFeet !== null ? <div className="text-sm">{ridgeField}</div> : null;
  return (
    <section aria-labelledby="outline-edges" className="space-y-3 rounded-md bg-sky-50 p-3 text-sm">
      <h3 id="outline-edges" className="font-semibold">
        Roof edges from the outline
      </h3>
      <p className="text-ink-soft">
        Starter, drip edge and ridge cap are ordered from the eaves, rakes, ridges and hips. Check what each edge is
        (long level sides are eaves, sloped gable ends are rakes, where two facets meet is a ridge or a hip), then use
        them.
      </p>
      <ul className="space-y-1.5">
        {edges.map((e, i) => (
          <li key={e.key} className="flex items-center justify-between gap-2">
            <span className="min-w-0 leading-tight">
              <span className="font-semibold">{i + 1}.</span> {top.facets.length > 1 ? `Facet ${e.facet + 1}, ` : ""}
              {edgeSide(e, top.facets[e.facet].points)} edge,{" "}
              {/* A rake's two lengths may wrap on a phone, each one kept whole. */}
              {edgeLengthText(e.units, top.scale, e.kind, top.facets[e.facet].pitch)
                .split(", ")
                .map((part, j, all) => (
                  <Fragment key={part}>
                    {j > 0 && " "}
                    <span className="whitespace-nowrap">
                      {part}
                      {j < all.length - 1 && ","}
                    </span>
                  </Fragment>
                ))}
            </span>
            <span
              role="group"
              aria-label={`${top.facets.length > 1 ? `Facet ${e.facet + 1} ` : ""}edge ${e.edge + 1}`}
              className="flex shrink-0 gap-1"
            >
              {edgeChoices(e.shared).map((c) => (
                <button
                  key={c.label}
                  type="button"
                  aria-pressed={e.kind === c.kind}
                  onClick={() => dispatch({ type: "edge-choice", key: e.key, kind: c.kind })}
                  className="rounded-md border border-black/15 bg-white px-2 py-0.5 text-xs font-semibold aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white"
                  style={c.kind ? { borderLeft: `4px solid ${LINE_COLORS[c.kind]}` } : undefined}
                >
                  {c.label}
                </button>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {ridgeField}
      <button
        type="button"
        className={`${primaryButton} px-3 py-1.5 text-sm`}
        disabled={!ridgeValid}
        onClick={() =>
          dispatch({ type: "outline-edges", edges: edges.map((e) => ({ a: e.a, b: e.b, kind: e.kind })), ridgeFeet })
        }
      >
        Use these edges
      </button>
    </section>
  );
}

function RangeControl({
  label,
  range,
  value,
  shown,
  onChange,
}: {
  label: string;
  range: { min: number; max: number; step: number };
  value: number;
  shown: string;
  onChange: (v: number) => void;
}) {
  return (
    <Field label={label}>
      <span className="mt-1 flex items-center gap-3">
        <input
          type="range"
          min={range.min}
          max={range.max}
          step={range.step}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          className="w-full accent-brand"
        />
        <output className="w-16 shrink-0 text-right font-mono text-sm">{shown}</output>
      </span>
    </Field>
  );
}

function ScaleLength({ dispatch }: { dispatch: Dispatch<DrawingAction> }) {
  const [feet, setFeet] = useState("");
  const value = Number(feet);
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-md bg-cyan-50 p-3">
      <Field label="Length of that line (feet)">
        <input
          type="number"
          min="0.1"
          step="any"
          autoFocus
          value={feet}
          onChange={(e) => setFeet(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              if (value > 0) dispatch({ type: "scale-length", feet: value });
            }
          }}
          className="mt-1 block w-32 rounded-md border border-black/15 bg-white px-3 py-1.5"
        />
      </Field>
      <button
        type="button"
        className={`${primaryButton} px-3 py-1.5 text-sm`}
        disabled={!(value > 0)}
        onClick={() => dispatch({ type: "scale-length", feet: value })}
      >
        Set scale
      </button>
      <button
        type="button"
        className={`${secondaryButton} px-3 py-1.5 text-sm`}
        onClick={() => dispatch({ type: "cancel" })}
      >
        Cancel
      </button>
    </div>
  );
}
