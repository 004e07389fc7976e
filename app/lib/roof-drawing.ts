import { z } from "~/lib/zod";
import {
  distance,
  hipValleyFactor,
  measureRoof,
  pitchFactor,
  pitchFromPoints,
  type Point,
  type RoofMeasurement,
} from "./roof-geometry";

/**
 * What staff trace over a roof picture, per view. Coordinates are in the drawing
 * surface's own units: an 800 x 600 box the picture is fitted into, so a saved outline
 * lands on the same spot whatever the screen size.
 */
export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 600;
export const VIEWS = ["top", "side"] as const;
export type RoofView = (typeof VIEWS)[number];
export const LINE_KINDS = ["eave", "rake", "ridge", "hip", "valley"] as const;
export type LineKind = (typeof LINE_KINDS)[number];
/** One color per thing traced, the same on screen and in the PDF. */
export const LINE_COLORS: Record<LineKind, string> = {
  eave: "#2563eb",
  rake: "#ea580c",
  ridge: "#dc2626",
  hip: "#a16207",
  valley: "#0f766e",
};
/** One of each, as a button offers it. */
export const LINE_KIND_NAMES: Record<LineKind, string> = {
  eave: "Eave",
  rake: "Rake",
  ridge: "Ridge",
  hip: "Hip",
  valley: "Valley",
};
/** Plural names, as the results, CSV and PDF list the lengths. */
export const LINE_LABELS: Record<LineKind, string> = {
  eave: "Eaves",
  rake: "Rakes",
  ridge: "Ridges",
  hip: "Hips",
  valley: "Valleys",
};

/**
 * How the scale was set. Null: it never was, and the 0.3 in `scale` is only where the
 * slider starts, so no area or length may be worked out from it.
 */
export const SCALE_SOURCES = ["line", "map", "typed"] as const;
export type ScaleSource = (typeof SCALE_SOURCES)[number];
export const FACET_COLOR = "#16a34a";

export const VIEW_LABEL: Record<RoofView, string> = { top: "Top View", side: "Side View" };

/** The customer form's field names for each view's picture and its "remove" flag. */
export const IMAGE_FIELD: Record<RoofView, string> = { top: "topImage", side: "sideImage" };
export const REMOVE_FIELD: Record<RoofView, string> = { top: "removeTop", side: "removeSide" };
/** A photo from the customer's quote request chosen as a view's picture (its id). */
export const LEAD_PHOTO_FIELD: Record<RoofView, string> = { top: "leadPhotoTop", side: "leadPhotoSide" };

export const SCALE = { min: 0.1, max: 1, step: 0.01, default: 0.3 } as const;

/**
 * The picture's own foot, for a scale typed as a ratio (decision 0031): the 800 x 600
 * drawing surface taken at 96 units to the inch, its full size (8⅓ × 6¼ in). A scale of
 * 1:100 is then 100 ft of roof per foot of picture, 100 / 1152 ft per unit.
 */
export const UNITS_PER_PICTURE_FOOT = 96 * 12;

/** The scale as the N of 1:N (feet of roof per foot of picture), to three significant figures. */
export function scaleRatio(feetPerUnit: number): number {
  return Number((feetPerUnit * UNITS_PER_PICTURE_FOOT).toPrecision(3));
}

/**
 * A typed scale: "1:100" or "100" (feet of roof per foot of picture). Null when it is not
 * one, or not within what the drawing can hold.
 */
export function parseScaleText(text: string): number | null {
  // Thousands separators as the tool shows a ratio ("1:1,152") are read past.
  const match = /^\s*(?:1\s*:\s*)?(\d+(?:\.\d+)?|\.\d+)\s*$/.exec(text.replace(/,/g, ""));
  if (!match) return null;
  const feetPerUnit = Number(match[1]) / UNITS_PER_PICTURE_FOOT;
  return feetPerUnit > 0 && feetPerUnit <= 1000 ? feetPerUnit : null;
}
/** A scale as the tool shows it: "1:1,152". */
export function scaleText(feetPerUnit: number): string {
  return `1:${scaleRatio(feetPerUnit).toLocaleString("en-US")}`;
}

/**
 * The scale in plain words, from where it came and the feet one unit of the picture covers
 * ("40 ft line, 1 px = 0.2 ft"); null when nobody set it. A ratio alone (1:230) meant nothing
 * to staff reading it off a photo, so it is only named for a scale typed as one.
 */
export function scaleWords(view: Pick<ViewDrawing, "scale" | "scaleSource" | "scaleFeet" | "map">): string | null {
  if (!view.scaleSource) return null;
  const perUnit = `1 px = ${Number(view.scale.toPrecision(2)).toLocaleString("en-US")} ft`;
  if (view.scaleSource === "line") {
    return view.scaleFeet === null
      ? `Scale line, ${perUnit}`
      : `${Number(view.scaleFeet.toFixed(2)).toLocaleString("en-US")} ft line, ${perUnit}`;
  }
  if (view.scaleSource === "map")
    return view.map ? `Satellite zoom ${view.map.zoom}, ${perUnit}` : `Satellite zoom, ${perUnit}`;
  return `Typed ${scaleText(view.scale)}, ${perUnit}`;
}

/**
 * The scale typed into the fallback box, or null when there is nothing to change: text that
 * is not a scale, or the scale as shown (the box starts with the current scale rounded to
 * three figures, so using it unchanged would move a scale set by a line and call it typed).
 */
export function typedScaleChange(text: string, current: number | null): number | null {
  if (current !== null && text.replace(/\s/g, "") === scaleText(current)) return null;
  return parseScaleText(text);
}
export const PITCH = { min: 0, max: 12, step: 0.5, default: 4 } as const;

const coordinate = (max: number) =>
  z
    .number()
    .finite()
    .min(-max)
    .max(2 * max);
const PointSchema = z.object({ x: coordinate(CANVAS_WIDTH), y: coordinate(CANVAS_HEIGHT) });
const pitch = z.number().min(PITCH.min).max(PITCH.max);
const SegmentSchema = z.object({ a: PointSchema, b: PointSchema });

/**
 * Drawings saved before the scale's source was kept have none: a scale still at the
 * slider's starting 0.3 without a map was never set; any other was set on purpose (a
 * slider value is a whole hundredth, a scale line almost never is).
 */
function withScaleSource(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || "scaleSource" in raw) return raw;
  const { scale, map } = raw as { scale?: unknown; map?: unknown };
  let scaleSource: ScaleSource | null = null;
  if (map) scaleSource = "map";
  else if (typeof scale === "number" && scale !== SCALE.default) {
    scaleSource = Math.abs(scale * 100 - Math.round(scale * 100)) < 1e-9 ? "typed" : "line";
  }
  return { ...raw, scaleSource };
}

const ViewDrawingSchema = z.preprocess(
  withScaleSource,
  z.object({
    /** Feet per drawing unit; set by hand, from a line of known length, or from the map zoom. */
    scale: z.number().positive().max(1000).default(SCALE.default),
    scaleSource: z.enum(SCALE_SOURCES).nullable().default(null),
    /** The known length (feet) of the scale line the scale came from, so the scale can be said in words. Absent before. */
    scaleFeet: z.number().positive().max(100000).nullable().default(null),
    facets: z
      .array(
        z.object({
          points: z.array(PointSchema).min(3).max(200),
          pitch,
          /**
           * Staff kept this facet's own pitch although the side view measured another (a porch
           * or a lower wing): the facet is not reported as disagreeing with the measurement.
           * Absent on drawings saved before the measured pitch applied to facets.
           */
          ownPitch: z.boolean().optional(),
        }),
      )
      .max(50)
      .default([]),
    lines: z
      .array(SegmentSchema.extend({ kind: z.enum(LINE_KINDS) }))
      .max(200)
      .default([]),
    /**
     * A ridge length typed in feet (a ridge is level, so its length is the same from above),
     * for an outline traced without a ridge line. Added to any ridge traced. Absent before.
     */
    ridgeFeet: z.number().positive().max(10000).nullable().default(null),
    /** Two points along a rake on the side view; the measured pitch comes from them. */
    pitchLine: SegmentSchema.nullable().default(null),
    /** Set when the top view is a satellite picture of the address rather than an upload. */
    map: z
      .object({
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
        zoom: z.number().int().min(1).max(21),
      })
      .nullable()
      .default(null),
  }),
);
export type ViewDrawing = z.infer<typeof ViewDrawingSchema>;

export const DrawingSchema = z.object({
  // The pitch is measured on the side view only. An older version left the Pitch tool active
  // on the top view, so a saved top view may hold a pitch line: it is dropped on reading.
  top: ViewDrawingSchema.transform((v): ViewDrawing => ({ ...v, pitchLine: null })).default(emptyView()),
  side: ViewDrawingSchema.default(emptyView()),
});
export type Drawing = z.infer<typeof DrawingSchema>;

export function emptyView(): ViewDrawing {
  return {
    scale: SCALE.default,
    scaleSource: null,
    scaleFeet: null,
    facets: [],
    lines: [],
    ridgeFeet: null,
    pitchLine: null,
    map: null,
  };
}

export function emptyDrawing(): Drawing {
  return { top: emptyView(), side: emptyView() };
}

/** A stored or posted drawing; anything unreadable counts as an empty one rather than an error. */
export function parseDrawing(value: unknown): Drawing {
  let raw = value;
  if (typeof value === "string") {
    try {
      raw = JSON.parse(value);
    } catch {
      return emptyDrawing();
    }
  }
  const parsed = DrawingSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : emptyDrawing();
}

/** A part of the 800 x 600 drawing surface. */
export type Frame = { x: number; y: number; width: number; height: number };
export const WHOLE_SURFACE: Frame = { x: 0, y: 0, width: CANVAS_WIDTH, height: CANVAS_HEIGHT };

/** The traced outlines' bounds with a margin around them, or the whole surface when nothing is traced. */
export function outlineFrame(view: ViewDrawing): Frame {
  const points = [...view.facets.flatMap((f) => f.points), ...view.lines.flatMap((l) => [l.a, l.b])];
  if (points.length === 0) return WHOLE_SURFACE;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = Math.max(maxX - minX, maxY - minY, 40) * 0.08;
  return { x: minX - pad, y: minY - pad, width: maxX - minX + pad * 2, height: maxY - minY + pad * 2 };
}

/**
 * A view's outlines as an SVG draws them (for a page that must not load this module's
 * schemas): the viewBox around them, each facet's points, each line with its color, and
 * a legend of the kinds of line there are. Null when nothing is traced.
 */
export function outlineForSvg(view: ViewDrawing) {
  if (view.facets.length === 0 && view.lines.length === 0) return null;
  const f = outlineFrame(view);
  const round = (n: number) => Math.round(n * 10) / 10;
  const kinds = LINE_KINDS.filter((k) => view.lines.some((l) => l.kind === k));
  return {
    viewBox: [f.x, f.y, f.width, f.height].map(round).join(" "),
    facets: view.facets.map((facet) => facet.points.map((p) => `${round(p.x)},${round(p.y)}`).join(" ")),
    lines: view.lines.map((l) => ({
      x1: round(l.a.x),
      y1: round(l.a.y),
      x2: round(l.b.x),
      y2: round(l.b.y),
      color: LINE_COLORS[l.kind],
    })),
    legend: kinds.map((k) => ({ label: LINE_LABELS[k], color: LINE_COLORS[k] })),
    facetColor: FACET_COLOR,
  };
}
export type OutlineSvg = NonNullable<ReturnType<typeof outlineForSvg>>;

/** Pitch measured on the side view, to the nearest half step the controls offer. */
export function measuredPitch(view: ViewDrawing): number | null {
  if (!view.pitchLine) return null;
  const raw = pitchFromPoints(view.pitchLine.a, view.pitchLine.b);
  if (raw === null) return null;
  return Math.min(PITCH.max, Math.round(raw * 2) / 2);
}

export type FacetResult = { index: number; pitch: number; planArea: number; trueArea: number; squares: number };
export type DrawingResult = RoofMeasurement & {
  facets: FacetResult[];
  lineTotals: Record<LineKind, number>;
};

/**
 * How much longer than it looks from above each kind of line is on a p/12 roof: eaves and
 * ridges are level, a rake runs up the slope, a hip or valley runs diagonally up it.
 */
export function lineFactor(kind: LineKind, pitch: number): number {
  if (kind === "rake") return pitchFactor(pitch);
  if (kind === "hip" || kind === "valley") return hipValleyFactor(pitch);
  return 1;
}

/**
 * Everything the results card and the PDF show for one view, at the view's scale (the
 * caller decides whether that scale was ever set). Lines take the predominant pitch of
 * the facets, or `linePitch` when nothing is outlined.
 */
export function measureView(view: ViewDrawing, linePitch: number | null = null): DrawingResult {
  const result = measureRoof(view.facets, view.scale);
  const facets = view.facets.map((facet, index) => {
    const one = measureRoof([facet], view.scale);
    return { index, pitch: facet.pitch, planArea: one.planArea, trueArea: one.trueArea, squares: one.squares };
  });
  const lineTotals: Record<LineKind, number> = { eave: 0, rake: 0, ridge: 0, hip: 0, valley: 0 };
  const pitch = result.predominantPitch ?? linePitch ?? 0;
  for (const line of view.lines) {
    lineTotals[line.kind] += distance(line.a, line.b) * view.scale * lineFactor(line.kind, pitch);
  }
  lineTotals.ridge += view.ridgeFeet ?? 0;
  return { ...result, facets, lineTotals };
}

/**
 * The side view's measured pitch, and the top view's facets (numbered from 1) at another
 * pitch nobody chose to keep; or, with no facets traced, the typed pitch (`typed`) the
 * length × width or typed area is worked out at.
 */
export type PitchMismatch = { measured: number; facets: { number: number; pitch: number }[]; typed?: number };

/**
 * A measured pitch applies to the facets it was measured for (decision 0031);
 * a facet left at another pitch, that staff did not keep on purpose, disagrees with it and
 * the roof says so before it is saved or estimated. Null when nothing disagrees.
 */
export function pitchMismatch(drawing: Drawing, typedPitch: number | null = null): PitchMismatch | null {
  const measured = measuredPitch(drawing.side);
  if (measured === null) return null;
  // Nothing traced: the figures come from the typed pitch, which the measurement must not silently lose to.
  if (drawing.top.facets.length === 0)
    return typedPitch !== null && typedPitch !== measured ? { measured, facets: [], typed: typedPitch } : null;
  const facets = drawing.top.facets.flatMap((f, i) =>
    f.pitch !== measured && !f.ownPitch ? [{ number: i + 1, pitch: f.pitch }] : [],
  );
  return facets.length > 0 ? { measured, facets } : null;
}

/** The words for a mismatch, the same in the roof tool and on the lead page. */
export function pitchMismatchText(m: PitchMismatch): string {
  if (m.typed !== undefined) return `The side view measured ${m.measured}/12, but the typed pitch is ${m.typed}/12.`;
  const which = m.facets.map((f) => `facet ${f.number} is ${f.pitch}/12`);
  const list = which.length < 2 ? which.join("") : `${which.slice(0, -1).join(", ")} and ${which.at(-1)}`;
  return `The side view measured ${m.measured}/12, but ${list}.`;
}

/** What an outline's edge may be confirmed as: any kind of line the tool traces. */
export type EdgeKind = LineKind;
/** The choices an edge is offered: a roof's outer edge is an eave or a rake; an edge two facets share is where they meet. */
export const OUTER_EDGE_KINDS = ["eave", "rake"] as const satisfies readonly EdgeKind[];
export const SHARED_EDGE_KINDS = ["ridge", "hip", "valley"] as const satisfies readonly EdgeKind[];
/**
 * One edge of a traced outline, with what it is proposed to be (null: nothing). `shared`: two
 * facets share it (listed once, under the first of them).
 */
export type OutlineEdge = {
  facet: number;
  edge: number;
  a: Point;
  b: Point;
  units: number;
  shared: boolean;
  proposed: EdgeKind | null;
};

/** How far apart (drawing units, a few pixels) two facets' corners may be and still share an edge: corners traced by hand never land exactly. */
export const SHARED_EDGE_TOLERANCE = 6;
/** Within this many degrees, two edges count as parallel (a ridge runs along its facets' eaves). */
const PARALLEL_DEGREES = 15;

type Side = { a: Point; b: Point };
const sameEdge = (s: Side, t: Side) => {
  const near = (p: Point, q: Point) => distance(p, q) <= SHARED_EDGE_TOLERANCE;
  return (near(s.a, t.a) && near(s.b, t.b)) || (near(s.a, t.b) && near(s.b, t.a));
};
/** The angle between two edges' directions, folded into 0 to 90 degrees. */
const angleBetween = (s: Side, t: Side) => {
  const turn =
    Math.abs(((Math.atan2(s.b.y - s.a.y, s.b.x - s.a.x) - Math.atan2(t.b.y - t.a.y, t.b.x - t.a.x)) * 180) / Math.PI) %
    180;
  return Math.min(turn, 180 - turn);
};
const sidesOf = (points: Point[]): Side[] => points.map((a, i) => ({ a, b: points[(i + 1) % points.length] }));

/**
 * The edges of the traced outlines, proposed for an outline traced without lines. On a
 * picture from above, a facet's eaves run along its longest edge (the eaves of a gable are
 * its long sides) and its rakes across it. An edge two facets share is where two slopes meet:
 * a ridge when it runs level, which from above is along an outer edge of the facet (its eave),
 * otherwise a hip (it runs diagonally up to the ridge); a valley looks the same from above, so
 * staff switch one when it is. Staff confirm each one.
 */
export function outlineEdges(view: ViewDrawing): OutlineEdge[] {
  const edges: OutlineEdge[] = [];
  const facetSides = view.facets.map((f) => sidesOf(f.points));
  facetSides.forEach((sides, f) => {
    const sharedWith = sides.map((s) =>
      facetSides.findIndex((other, g) => g !== f && other.some((t) => sameEdge(s, t))),
    );
    const longest = sides.reduce((best, s) => (distance(s.a, s.b) > distance(best.a, best.b) ? s : best));
    sides.forEach((side, i) => {
      const other = sharedWith[i];
      // Listed once, under the first facet that has it.
      if (other !== -1 && other < f) return;
      let proposed: EdgeKind;
      if (other === -1) proposed = angleBetween(side, longest) <= 30 ? "eave" : "rake";
      else {
        const level = sides.some(
          (s, j) => j !== i && sharedWith[j] === -1 && angleBetween(s, side) <= PARALLEL_DEGREES,
        );
        proposed = level ? "ridge" : "hip";
      }
      edges.push({
        facet: f,
        edge: i,
        a: side.a,
        b: side.b,
        units: distance(side.a, side.b),
        shared: other !== -1,
        proposed,
      });
    });
  });
  return edges;
}

/**
 * An outline edge's length as the edge list shows it. A rake, hip or valley runs up the
 * slope, so the results count it longer than it looks from above; the list says both, so
 * the two agree.
 */
export function edgeLengthText(units: number, feetPerUnit: number, kind: EdgeKind | null, pitch: number): string {
  const plan = units * feetPerUnit;
  const factor = kind ? lineFactor(kind, pitch) : 1;
  if (factor === 1) return `${Math.round(plan).toLocaleString("en-US")} ft`;
  return `${Math.round(plan).toLocaleString("en-US")} ft plan, ${Math.round(plan * factor).toLocaleString("en-US")} ft along the slope`;
}

/** Whether the top view has eaves or rakes traced (or confirmed from the outline). */
export function hasRoofEdges(view: ViewDrawing): boolean {
  return view.lines.some((l) => l.kind === "eave" || l.kind === "rake");
}
