import { toCsv, UTF8_BOM } from "./csv";
import { formatAddressLine } from "./address";
import { LINE_KINDS, type Drawing, type RoofView } from "./roof-drawing";
import { overrideNote, SCALE_NOT_SET, summarizeRoof, type TypedMeasurements } from "./roof-summary";

export type RoofExportCustomer = TypedMeasurements & {
  customerName: string | null;
  street: string;
  city: string;
  state: string | null;
  zipCode: string | null;
};

const whole = (n: number | null) => (n === null ? null : Math.round(n));
const tenth = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n * 10) / 10);
const hundredth = (n: number | null) => (n === null ? null : n.toFixed(2));

/**
 * The spec's columns first (viewType, scaleFactor, then area, length and width for the top
 * view or pitch for the side view), then what staff order from: the customer, plan and roof
 * area, squares, pitch, line lengths and materials, and below, the facets and the waste
 * table. Areas come from the same summary as the screen and the PDF.
 */
export function roofMeasurementsCsv(view: RoofView, customer: RoofExportCustomer, drawing: Drawing): string {
  const s = summarizeRoof(customer, drawing.top);
  const own = drawing[view];
  const scaleFactor = own.scaleSource ? Number(own.scale.toFixed(4)) : SCALE_NOT_SET;
  const spec: [string[], unknown[]] =
    view === "top"
      ? [
          ["viewType", "scaleFactor", "area", "length", "width"],
          [view, scaleFactor, whole(s.roofArea), customer.length, customer.width],
        ]
      : [
          ["viewType", "scaleFactor", "pitch"],
          [view, scaleFactor, s.pitch],
        ];
  const note = s.scaleNotSet
    ? `${SCALE_NOT_SET} on the top view: traced areas and lengths are left out.`
    : overrideNote(s);
  const header = [
    ...spec[0],
    "customer",
    "address",
    "planArea",
    "roofArea",
    "squares",
    "predominantPitch",
    ...LINE_KINDS,
    "dripEdge",
    "ridgeCap",
    "starter",
    "valleyMetal",
    "suggestedWastePercent",
    "note",
  ];
  const row = [
    ...spec[1],
    customer.customerName || "Unnamed Customer",
    formatAddressLine(customer),
    whole(s.planArea),
    whole(s.roofArea),
    hundredth(s.squares),
    s.pitch,
    ...LINE_KINDS.map((k) => tenth(s.lines?.[k])),
    tenth(s.materials?.dripEdge),
    tenth(s.materials?.ridgeCap),
    tenth(s.materials?.starter),
    tenth(s.materials?.valleyMetal),
    s.suggestedWastePercent,
    note,
  ];
  const sections = [toCsv(header, [row])];
  if (s.facets.length > 0) {
    sections.push(
      toCsv(
        ["facet", "pitch", "planArea", "roofArea", "squares"],
        s.facets.map((f) => [f.index + 1, f.pitch, whole(f.planArea), whole(f.trueArea), hundredth(f.squares)]),
      ),
    );
  }
  if (s.waste.length > 0) {
    sections.push(
      toCsv(
        ["wastePercent", "areaToOrder", "squares", "suggested"],
        s.waste.map((w) => [
          w.percent,
          whole(w.area),
          hundredth(w.squares),
          w.percent === s.suggestedWastePercent ? "yes" : "",
        ]),
      ),
    );
  }
  // A blank line between the tables, so a spreadsheet shows them as separate blocks.
  return UTF8_BOM + sections.join("\r\n");
}

export function roofCsvFileName(view: RoofView): string {
  return `roof-measurements-${view}-view.csv`;
}
