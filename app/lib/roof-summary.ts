import {
  LINE_KINDS,
  LINE_LABELS,
  measureView,
  scaleWords,
  type FacetResult,
  type LineKind,
  type ScaleSource,
  type ViewDrawing,
} from "./roof-drawing";
import { pitchFactor, suggestedWaste, wasteTable, type WasteRow } from "./roof-geometry";

/**
 * The one set of numbers a quote is made from, worked out the same way for the results
 * card, the saved row, the CSV and the PDF. Traced facets win over typed length and width,
 * which win over a typed area; nothing is worked out from a scale nobody set.
 */
export const SCALE_NOT_SET = "Scale not set";
export const SCALE_NOT_SET_ON_SAVE =
  "Scale not set: draw a scale line over something of known length, or set the scale, before saving the tracing.";
export const SCALE_SOURCE_LABEL: Record<ScaleSource, string> = {
  line: "from a scale line",
  map: "from the satellite zoom",
  typed: "set by hand",
};

export type TypedMeasurements = {
  area: number | null;
  length: number | null;
  width: number | null;
  pitch: number | null;
};
export type AreaSource = "traced" | "length-width" | "typed-area";
type TypedField = keyof TypedMeasurements;

export type Materials = { dripEdge: number; ridgeCap: number; starter: number; valleyMetal: number };
export const MATERIAL_LABELS: Record<keyof Materials, string> = {
  dripEdge: "Drip edge (eaves + rakes)",
  ridgeCap: "Ridge cap (ridges + hips)",
  starter: "Starter (eaves)",
  valleyMetal: "Valley metal (valleys)",
};

export type RoofSummary = {
  /** The top view's scale, when someone set it. */
  scale: { feetPerUnit: number; source: ScaleSource; words: string } | null;
  /** Something is traced on the top view but there is no scale: no figure comes from it. */
  scaleNotSet: boolean;
  source: AreaSource | null;
  /** Typed values the figures do not use, because something higher in the order won. */
  ignored: TypedField[];
  planArea: number | null;
  roofArea: number | null;
  squares: number | null;
  pitch: number | null;
  facets: FacetResult[];
  /** Lengths along the roof of the traced lines; null without lines or without a scale. */
  lines: Record<LineKind, number> | null;
  materials: Materials | null;
  waste: WasteRow[];
  suggestedWastePercent: number | null;
};

export function materialLengths(lines: Record<LineKind, number>): Materials {
  return {
    dripEdge: lines.eave + lines.rake,
    ridgeCap: lines.ridge + lines.hip,
    starter: lines.eave,
    valleyMetal: lines.valley,
  };
}

/** Something is traced on the view, but its scale was never set: nothing may be measured from it. */
export function scaleMissing(view: ViewDrawing): boolean {
  return !view.scaleSource && (view.facets.length > 0 || view.lines.length > 0);
}

export function summarizeRoof(typed: TypedMeasurements, top: ViewDrawing): RoofSummary {
  const scale = top.scaleSource
    ? { feetPerUnit: top.scale, source: top.scaleSource, words: scaleWords(top) ?? "" }
    : null;
  const traced = top.facets.length > 0;
  const summary: RoofSummary = {
    scale,
    scaleNotSet: scaleMissing(top),
    source: null,
    ignored: [],
    planArea: null,
    roofArea: null,
    squares: null,
    pitch: null,
    facets: [],
    lines: null,
    materials: null,
    waste: [],
    suggestedWastePercent: null,
  };
  const measured = scale ? measureView(top, typed.pitch) : null;
  if (traced) {
    // Nothing typed is used either: the tracing wins, it only lacks its scale.
    if (!measured)
      return { ...summary, ignored: (["area", "length", "width", "pitch"] as const).filter((f) => typed[f] !== null) };
    Object.assign(summary, {
      source: "traced",
      planArea: measured.planArea,
      roofArea: measured.trueArea,
      pitch: measured.predominantPitch,
      facets: measured.facets,
    });
    const roof = Math.round(measured.trueArea);
    summary.ignored = (["area", "length", "width", "pitch"] as const).filter((f) =>
      f === "area"
        ? typed.area !== null && typed.area !== roof
        : f === "pitch"
          ? typed.pitch !== null && typed.pitch !== measured.predominantPitch
          : typed[f] !== null,
    );
  } else if (typed.length !== null && typed.width !== null && (typed.pitch !== null || typed.area === null)) {
    const plan = typed.length * typed.width;
    const roof = typed.pitch === null ? null : plan * pitchFactor(typed.pitch);
    Object.assign(summary, { source: "length-width", planArea: plan, roofArea: roof, pitch: typed.pitch });
    if (typed.area !== null && roof !== null && typed.area !== Math.round(roof)) summary.ignored = ["area"];
  } else if (typed.area !== null) {
    Object.assign(summary, { source: "typed-area", roofArea: typed.area, pitch: typed.pitch });
  }
  if (summary.roofArea !== null) {
    summary.squares = summary.roofArea / 100;
    summary.waste = wasteTable(summary.roofArea);
    summary.suggestedWastePercent = suggestedWaste(summary.facets.length, summary.pitch);
  }
  if (measured && top.lines.length > 0) {
    summary.lines = measured.lineTotals;
    summary.materials = materialLengths(measured.lineTotals);
  }
  return summary;
}

/** What is stored as the customer's area and pitch: the figures the results show. */
export function settledMeasurements(
  summary: RoofSummary,
  typed: TypedMeasurements,
): { area: number | null; pitch: number | null } {
  return { area: summary.roofArea === null ? null : Math.round(summary.roofArea), pitch: summary.pitch ?? typed.pitch };
}

/** Calculate: length × width is the plan; the pitch stretches it into the roof area. */
export function roofAreaFromLengthWidth(m: {
  length: number | null;
  width: number | null;
  pitch: number | null;
}): number | null {
  if (m.length === null || m.width === null || m.pitch === null) return null;
  return Math.round(m.length * m.width * pitchFactor(m.pitch));
}

export const formatSqFt = (n: number) => `${Math.round(n).toLocaleString("en-US")} sq ft`;
export const formatFeet = (n: number) => `${Math.round(n).toLocaleString("en-US")} ft`;
export const formatSquares = (n: number) => n.toFixed(2);
export const formatPitch = (n: number) => `${n}/12`;

export type Figure = { label: string; value: string };

/** The scale the figures used, or that there is none; null when no figure needs one. */
export function scaleFigure(s: RoofSummary): Figure | null {
  if (s.scaleNotSet) return { label: "Scale", value: SCALE_NOT_SET };
  if (!s.scale || (s.source !== "traced" && !s.lines)) return null;
  return { label: "Scale", value: s.scale.words };
}

const FIELD_NAMES: Record<TypedField, string> = { area: "roof area", length: "length", width: "width", pitch: "pitch" };
const joinWords = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/** Says which typed values are not used, and why; null when the figures use all of them. */
export function overrideNote(s: RoofSummary): string | null {
  if (s.ignored.length === 0) return null;
  const typed = `the typed ${joinWords(s.ignored.map((f) => FIELD_NAMES[f]))}`;
  return s.source === "length-width"
    ? `Length × width at the pitch overrides ${typed}.`
    : `Traced facets override ${typed}.`;
}

/**
 * The report's closing caution, worded by how its figures were made: traced on a picture,
 * typed in by hand, or both (typed length × width beside traced lines).
 */
export function measuredHow(s: RoofSummary): string {
  const traced = s.source === "traced" || s.lines !== null || s.scaleNotSet;
  const typed = s.source === "length-width" || s.source === "typed-area";
  const from =
    traced && typed
      ? "Measurements from traced pictures and typed-in figures are estimates"
      : traced
        ? "Measurements from traced pictures are estimates"
        : typed
          ? "Measurements typed in by hand are estimates"
          : "Any measurement is an estimate";
  return `${from}; confirm on site before ordering.`;
}

/** The figures as labelled text, only those there are: the results card and the PDF show these. */
export function summaryFigures(s: RoofSummary): { totals: Figure[]; lengths: Figure[]; materials: Figure[] } {
  const totals: Figure[] = [];
  if (s.planArea !== null) totals.push({ label: "Plan area", value: formatSqFt(s.planArea) });
  if (s.roofArea !== null) totals.push({ label: "Roof area", value: formatSqFt(s.roofArea) });
  if (s.squares !== null) totals.push({ label: "Squares", value: formatSquares(s.squares) });
  if (s.pitch !== null)
    totals.push({ label: s.source === "traced" ? "Predominant pitch" : "Pitch", value: formatPitch(s.pitch) });
  const lines = s.lines;
  const lengths = lines
    ? LINE_KINDS.filter((k) => lines[k] > 0).map((k) => ({ label: LINE_LABELS[k], value: formatFeet(lines[k]) }))
    : [];
  const materials = s.materials
    ? (Object.keys(MATERIAL_LABELS) as (keyof Materials)[])
        .filter((k) => s.materials![k] > 0)
        .map((k) => ({ label: MATERIAL_LABELS[k], value: formatFeet(s.materials![k]) }))
    : [];
  return { totals, lengths, materials };
}
