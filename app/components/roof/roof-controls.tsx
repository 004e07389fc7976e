import { Eraser, MousePointer2, PenLine, Ruler, Spline, Trash2, TriangleRight, Undo2 } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { useState, type Dispatch } from "react";
import { LINE_COLORS, PITCH, SCALE } from "~/lib/roof-drawing";
import type { DrawingAction, DrawingState, Tool } from "~/lib/roof-drawing-state";
import { Field, secondaryButton, primaryButton } from "~/components/admin-ui";

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
  { tool: "eave", label: "Eave", icon: Spline, views: ["top"], help: "Click both ends of an eave." },
  { tool: "rake", label: "Rake", icon: Spline, views: ["top"], help: "Click both ends of a rake." },
  { tool: "ridge", label: "Ridge", icon: Spline, views: ["top"], help: "Click both ends of a ridge." },
  { tool: "hip", label: "Hip", icon: Spline, views: ["top"], help: "Click both ends of a hip, where two slopes meet on an outside corner." },
  { tool: "valley", label: "Valley", icon: Spline, views: ["top"], help: "Click both ends of a valley, where two slopes meet on an inside corner." },
  {
    tool: "scale",
    label: "Scale line",
    icon: Ruler,
    views: ["top", "side"],
    help: "Click both ends of something whose length you know, then type that length.",
  },
  { tool: "pitch", label: "Pitch", icon: TriangleRight, views: ["side"], help: "Click two points along the rake's slope: pitch = 12 × rise ÷ run." },
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
              style={tool in LINE_COLORS ? { color: state.tool === tool ? undefined : LINE_COLORS[tool as keyof typeof LINE_COLORS] } : undefined}
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
        <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} onClick={() => dispatch({ type: "clear" })}>
          <Eraser aria-hidden className="size-4" /> Clear
        </button>
      </div>
      {active && <p className="text-sm text-ink-soft">{active.help}</p>}
      {selected && state.tool === "select" && (
        <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm text-red-800`} onClick={() => dispatch({ type: "delete-facet" })}>
          <Trash2 aria-hidden className="size-4" /> Delete facet {selected}
        </button>
      )}
      {state.tool === "outline" && state.draft.length >= 3 && (
        <button type="button" className={`${primaryButton} px-3 py-1.5 text-sm`} onClick={() => dispatch({ type: "close-outline" })}>
          Close outline
        </button>
      )}
      {state.scaleLine && <ScaleLength dispatch={dispatch} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <RangeControl
            label="Scale (feet per unit)"
            range={SCALE}
            value={Math.min(SCALE.max, Math.max(SCALE.min, view.scale))}
            shown={view.scaleSource ? String(Number(view.scale.toFixed(3))) : "not set"}
            onChange={(scale) => dispatch({ type: "scale", scale })}
          />
          <ScaleTyped key={`${view.scale}-${view.scaleSource}`} scale={view.scaleSource ? view.scale : null} dispatch={dispatch} />
        </div>
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

/** The scale typed on purpose: also the way to accept 0.3, where the slider starts. */
function ScaleTyped({ scale, dispatch }: { scale: number | null; dispatch: Dispatch<DrawingAction> }) {
  const [text, setText] = useState(scale === null ? "" : String(Number(scale.toFixed(4))));
  const value = Number(text);
  const valid = text !== "" && value > 0 && value <= 1000;
  return (
    <span className="mt-2 flex items-center gap-2 text-sm">
      <input
        type="number"
        min="0.001"
        step="any"
        aria-label="Type the scale (feet per unit)"
        placeholder="Type it"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            if (valid) dispatch({ type: "scale", scale: value });
          }
        }}
        className="block w-28 rounded-md border border-black/15 bg-white px-2 py-1"
      />
      <button type="button" className={`${secondaryButton} px-3 py-1 text-sm`} disabled={!valid} onClick={() => dispatch({ type: "scale", scale: value })}>
        Use this scale
      </button>
    </span>
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
      <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} onClick={() => dispatch({ type: "cancel" })}>
        Cancel
      </button>
    </div>
  );
}
