import type PDFDocument from "pdfkit";
import { onFirstUse } from "~/server/on-first-use.server";

// The one PDF toolkit: every paper the business hands out (the roof report, proposals,
// invoices) is made with these, so they share a letterhead, type and colors.
export const MARGIN = 48;
export const BRAND = "#1f5f3a";
export const INK = "#1f2933";
export const SOFT = "#52606d";

export type Doc = InstanceType<typeof PDFDocument>;

export function heading(doc: Doc, text: string) {
  if (doc.y > doc.page.height - 140) doc.addPage();
  doc.moveDown(0.8).font("Helvetica-Bold").fontSize(13).fillColor(BRAND).text(text, MARGIN).moveDown(0.3);
  doc.font("Helvetica").fontSize(10).fillColor(INK);
}

/** A simple table: the first column left, the rest right-aligned. */
export function table(doc: Doc, header: string[], rows: string[][], widths: number[], highlight?: number) {
  const rowHeight = 18;
  const draw = (cells: string[], bold: boolean, fill?: string) => {
    if (doc.y > doc.page.height - MARGIN - rowHeight) doc.addPage();
    const y = doc.y;
    if (fill)
      doc
        .rect(
          MARGIN,
          y - 3,
          widths.reduce((a, b) => a + b, 0),
          rowHeight,
        )
        .fill(fill);
    let x = MARGIN;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10)
      .fillColor(INK);
    cells.forEach((cell, i) => {
      doc.text(cell, x + 4, y, { width: widths[i] - 8, align: i === 0 ? "left" : "right", lineBreak: false });
      x += widths[i];
    });
    doc.x = MARGIN;
    doc.y = y + rowHeight;
  };
  draw(header, true, "#eef2ef");
  rows.forEach((row, i) => draw(row, i === highlight, i === highlight ? "#d9f0e1" : undefined));
}

const loadPdfkit = onFirstUse(() => import("pdfkit").then((m) => m.default));

/** A new letter-size document and the promise of its bytes once `doc.end()` is called. */
export async function newPdf(info: { Title: string; Author: string }): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const PDFKit = await loadPdfkit();
  const doc = new PDFKit({ size: "LETTER", margin: MARGIN, info });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** The business's band across the top, the paper's title and its date; the text starts below. */
export function letterhead(doc: Doc, company: { name: string; contact: string }, title: string, date: string) {
  doc.rect(0, 0, doc.page.width, 86).fill(BRAND);
  doc.fillColor("#ffffff").font("Helvetica-Bold").fontSize(18).text(company.name, MARGIN, 24);
  doc.font("Helvetica").fontSize(10).text(company.contact, MARGIN, 50);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(16).text(title, MARGIN, 108);
  doc.font("Helvetica").fontSize(10).fillColor(SOFT).text(date, MARGIN, 112, { align: "right" });
  doc.x = MARGIN;
  doc.y = 134;
}
