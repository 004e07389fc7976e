import fs from "node:fs/promises";
import { loadSharp } from "~/server/sharp.server";
import type { Image } from "~/db/schema";
import type { RoofCustomerWithImages } from "~/models/roof-customer.server";
import { formatAddressLine } from "~/lib/address";
import { addressLine, type BusinessFacts } from "~/lib/business";
import {
  FACET_COLOR,
  LINE_COLORS,
  measuredPitch,
  outlineFrame,
  WHOLE_SURFACE,
  type RoofView,
  type ViewDrawing,
} from "~/lib/roof-drawing";
import {
  formatFeet,
  formatPitch,
  formatSqFt,
  formatSquares,
  measuredHow,
  overrideNote,
  SCALE_NOT_SET,
  SCALE_SOURCE_LABEL,
  scaleFigure,
  summarizeRoof,
  summaryFigures,
  type Figure,
} from "~/lib/roof-summary";
import { centroid } from "~/lib/roof-geometry";
import { heading, INK, letterhead, MARGIN, newPdf, SOFT, table, type Doc } from "~/server/pdf.server";
import { storeFor, uploadPath } from "~/server/storage.server";

const rows = (figures: Figure[]) => figures.map((f) => [f.label, f.value]);

/** The stored picture as a JPEG pdfkit can embed (it reads no WebP), or null if it is gone. */
async function pictureForPdf(image: Image | null): Promise<Buffer | null> {
  if (!image) return null;
  try {
    const bytes = await fs.readFile(uploadPath(image.storedName, storeFor(image.purpose)));
    const sharp = await loadSharp();
    return await sharp(bytes)
      .rotate()
      .resize({ width: 1200, height: 900, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch (error) {
    console.error(`Roof report: picture ${image.storedName} could not be read:`, error);
    return null;
  }
}

/**
 * The picture with the traced outlines drawn over it, mapped from the 800 x 600 surface.
 * Without a picture, a note says why (`blankNote` replaces it; "" for none). The scale bar
 * on the picture and its caption below can be left out for readers who have no use for
 * them (a homeowner) or a view that has no scale (the side view).
 * `fitOutline` (only without a picture) draws just the outlines' area, at most that tall.
 */
export function drawView(
  doc: Doc,
  title: string,
  picture: Buffer | null,
  view: ViewDrawing,
  options: { blankNote?: string; scaleCaption?: boolean; fitOutline?: { maxHeight: number } } = {},
) {
  const frame = options.fitOutline && !picture ? outlineFrame(view) : WHOLE_SURFACE;
  const fullWidth = doc.page.width - MARGIN * 2;
  const maxHeight = options.fitOutline && !picture ? options.fitOutline.maxHeight : Infinity;
  const width = Math.min(fullWidth, (maxHeight * frame.width) / frame.height);
  const height = (width * frame.height) / frame.width;
  const left = MARGIN + (fullWidth - width) / 2;
  if (doc.y + height + 30 > doc.page.height - MARGIN) doc.addPage();
  heading(doc, title);
  const top = doc.y;
  const k = width / frame.width;
  const at = (p: { x: number; y: number }): [number, number] => [left + (p.x - frame.x) * k, top + (p.y - frame.y) * k];
  doc.save();
  doc.rect(left, top, width, height).fill("#f1f5f9");
  if (picture) doc.image(picture, left, top, { fit: [width, height], align: "center", valign: "center" });
  else {
    // Google's terms do not allow keeping its satellite pictures, so only the outline is drawn.
    const note =
      options.blankNote ??
      (view.map
        ? "Traced on a Google satellite picture, which is not reproduced here; the outline is to scale."
        : "No picture saved for this view.");
    doc
      .fillColor(SOFT)
      .fontSize(10)
      .text(note, left, top + height / 2 - 5, { width, align: "center" });
  }
  view.facets.forEach((facet, i) => {
    const [first, ...rest] = facet.points.map(at);
    doc.moveTo(...first);
    rest.forEach((p) => doc.lineTo(...p));
    doc.closePath().lineWidth(2).fillOpacity(0.2).fillAndStroke(FACET_COLOR, FACET_COLOR).fillOpacity(1);
    const [x, y] = at(centroid(facet.points));
    doc.circle(x, y, 9).fillAndStroke("#ffffff", FACET_COLOR);
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("#14532d")
      .text(String(i + 1), x - 10, y - 4.5, { width: 20, align: "center", lineBreak: false });
  });
  view.lines.forEach((line) => {
    doc
      .moveTo(...at(line.a))
      .lineTo(...at(line.b))
      .lineWidth(3)
      .strokeColor(LINE_COLORS[line.kind])
      .stroke();
  });
  if (view.pitchLine) {
    doc
      .moveTo(...at(view.pitchLine.a))
      .lineTo(...at(view.pitchLine.b))
      .lineWidth(2)
      .dash(6, { space: 4 })
      .strokeColor("#7c3aed")
      .stroke()
      .undash();
  }
  const bar =
    options.scaleCaption !== false && view.scaleSource
      ? scaleBar(doc, left, top + height, width, k / view.scale)
      : null;
  doc.restore();
  doc.rect(left, top, width, height).lineWidth(0.5).strokeColor("#cbd5e1").stroke();
  doc.x = MARGIN;
  doc.y = top + height + 6;
  if (options.scaleCaption !== false) {
    // A bar, not a 1:N ratio: the picture's printed size depends on the page and the crop, the bar shrinks with it.
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(SOFT)
      .text(
        bar !== null && view.scaleSource
          ? `Scale bar: ${bar} ft (${SCALE_SOURCE_LABEL[view.scaleSource]}).`
          : `${SCALE_NOT_SET}.`,
        MARGIN,
      );
  }
  doc.fillColor(INK);
}

/** Lengths a scale bar may show: round numbers a reader can check against the picture. */
const BAR_FEET = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

/**
 * A labeled bar at the picture's lower left, a round number of feet long at the picture's
 * printed scale (`pointsPerFoot`), at most about a third of its width. Returns its feet.
 */
function scaleBar(doc: Doc, left: number, bottom: number, width: number, pointsPerFoot: number): number {
  const feet = BAR_FEET.filter((f) => f * pointsPerFoot <= width * 0.3).at(-1) ?? BAR_FEET[0];
  const length = feet * pointsPerFoot;
  const label = `${feet.toLocaleString("en-US")} ft`;
  doc.font("Helvetica-Bold").fontSize(9);
  const labelWidth = doc.widthOfString(label);
  const x = left + 10;
  const y = bottom - 12;
  doc
    .rect(x - 5, y - 9, length + labelWidth + 16, 16)
    .fillOpacity(0.9)
    .fill("#ffffff")
    .fillOpacity(1);
  doc
    .moveTo(x, y - 4)
    .lineTo(x, y + 3)
    .moveTo(x, y)
    .lineTo(x + length, y)
    .moveTo(x + length, y - 4)
    .lineTo(x + length, y + 3)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  doc.fillColor(INK).text(label, x + length + 5, y - 4, { lineBreak: false });
  return feet;
}

/**
 * The report staff hand to a customer: company header, customer and address, each view
 * with its outlines, the facets, totals, squares and the waste table, and the date.
 */
export async function buildRoofReport(
  customer: RoofCustomerWithImages,
  business: BusinessFacts,
  now = new Date(),
): Promise<Buffer> {
  const pictures: Record<RoofView, Buffer | null> = {
    top: await pictureForPdf(customer.topImage),
    side: await pictureForPdf(customer.sideImage),
  };
  const drawing = customer.drawingData;
  const summary = summarizeRoof(customer, drawing.top);
  const sidePitch = measuredPitch(drawing.side);
  const date = now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

  const { doc, done } = await newPdf({
    Title: `Roof measurement report: ${customer.street}`,
    Author: business.company,
  });
  letterhead(
    doc,
    { name: business.company, contact: `${business.phone}  |  ${business.email}  |  ${addressLine(business)}` },
    "Roof Measurement Report",
    date,
  );

  heading(doc, "Customer");
  doc.text(customer.customerName || "Unnamed Customer");
  doc.text(formatAddressLine(customer));

  // Only rows with a value, from the same summary as the screen and the CSV: one pitch, one area.
  heading(doc, "Measurements");
  const figures = summaryFigures(summary);
  const measured: string[][] = [];
  if (summary.source !== "traced") {
    if (customer.length !== null) measured.push(["Length", formatFeet(customer.length)]);
    if (customer.width !== null) measured.push(["Width", formatFeet(customer.width)]);
  }
  measured.push(...rows(figures.totals));
  const scale = scaleFigure(summary);
  // On paper the scale is the bar on the top view (a ratio would assume the picture's printed size).
  if (scale) measured.push([scale.label, summary.scale ? "Bar on the top view" : scale.value]);
  if (sidePitch !== null) measured.push(["Pitch measured on the side view", formatPitch(sidePitch)]);
  if (measured.length > 0) table(doc, ["Measurement", "Value"], measured, [300, 216]);
  const notes = [
    summary.scaleNotSet &&
      `${SCALE_NOT_SET}: the traced outlines are shown, but no area or length is worked out from them.`,
    overrideNote(summary),
    measured.length === 0 && !summary.scaleNotSet && "No measurements yet.",
  ].filter((n): n is string => typeof n === "string");
  for (const note of notes)
    doc.moveDown(0.3).font("Helvetica-Bold").fillColor(INK).text(note, MARGIN).font("Helvetica");

  if (figures.lengths.length > 0) {
    heading(doc, "Lengths along the roof");
    table(doc, ["Line", "Length"], rows(figures.lengths), [300, 216]);
    heading(doc, "Materials");
    table(doc, ["Material", "Length"], rows(figures.materials), [300, 216]);
  }

  if (summary.facets.length > 0) {
    heading(doc, "Facets");
    table(
      doc,
      ["Facet", "Pitch", "Plan area", "Roof area", "Squares"],
      summary.facets.map((f) => [
        String(f.index + 1),
        formatPitch(f.pitch),
        formatSqFt(f.planArea),
        formatSqFt(f.trueArea),
        formatSquares(f.squares),
      ]),
      [76, 80, 120, 120, 120],
    );
    if (summary.roofArea !== null && summary.squares !== null) {
      doc
        .font("Helvetica-Bold")
        .text(`Total: ${formatSqFt(summary.roofArea)} of roof, ${formatSquares(summary.squares)} squares`, MARGIN);
    }
  }
  if (summary.waste.length > 0) {
    heading(doc, "Waste allowance");
    table(
      doc,
      ["Waste", "Area to order", "Squares"],
      summary.waste.map((w) => [
        `${w.percent}%${w.percent === summary.suggestedWastePercent ? " (suggested)" : ""}`,
        formatSqFt(w.area),
        formatSquares(w.squares),
      ]),
      [196, 160, 160],
      summary.waste.findIndex((w) => w.percent === summary.suggestedWastePercent),
    );
  }

  for (const view of ["top", "side"] as const) {
    const d = drawing[view];
    if (pictures[view] || d.facets.length || d.lines.length || d.pitchLine) {
      // The side view measures the pitch, a ratio: it has no scale to show (decision 0031).
      drawView(doc, view === "top" ? "Top view" : "Side view", pictures[view], d, { scaleCaption: view === "top" });
    }
  }

  doc
    .moveDown(1)
    .font("Helvetica")
    .fontSize(8)
    .fillColor(SOFT)
    .text(`Prepared ${date} by ${business.company}. ${measuredHow(summary)}`, MARGIN);
  doc.end();
  return done;
}
