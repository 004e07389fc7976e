import { toCsv } from "./csv";
import type { RoofView, ViewDrawing } from "./roof-drawing";

type Measurements = { area: number | null; length: number | null; width: number | null; pitch: number | null };

/** The spec's CSV: viewType and scaleFactor, then area, length and width (top) or pitch (side). */
export function roofMeasurementsCsv(view: RoofView, drawing: ViewDrawing, m: Measurements): string {
  const scale = Number(drawing.scale.toFixed(4));
  return view === "top"
    ? toCsv(["viewType", "scaleFactor", "area", "length", "width"], [[view, scale, m.area, m.length, m.width]])
    : toCsv(["viewType", "scaleFactor", "pitch"], [[view, scale, m.pitch]]);
}

export function roofCsvFileName(view: RoofView): string {
  return `roof-measurements-${view}-view.csv`;
}
