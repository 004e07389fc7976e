import { fileNameSlug } from "~/lib/file-name";
import { formatPhone } from "~/lib/business";
import type { Proposal } from "~/db/schema";
import { businessToday, formatDay, formatMoment } from "~/lib/business-time";
import { formatBasisPoints, formatCents } from "~/lib/money-format";
import {
  hasChoices,
  quantityWithUnit,
  shingleLine,
  termsText,
  type ProposalContent,
  type ProposalOption,
} from "~/lib/proposal";
import { acceptedChoice, choiceTotals, defaultChoice, proposalOptions } from "~/lib/proposal-choice";
import { heading, INK, letterhead, MARGIN, newPdf, SOFT, table, type Doc } from "~/server/pdf.server";
// The roof's outline drawn as the roof report draws it, not a copy of that code.
import { drawView } from "~/services/roof-report.server";

const WIDTH = 516; // the letter page less both margins
/** Room the "Acceptance" heading takes, with the space above it (a little generous). */
const SIGNATURE_HEADING_HEIGHT = 40;
/** From the end of the line above the signatures to the last label's foot: 46 + 50 + its 4 and 12 points. */
const SIGNATURE_LINES_HEIGHT = 112;

function signatureLine(doc: Doc, x: number, y: number, label: string, filled?: string) {
  if (filled)
    doc
      .font("Helvetica-Oblique")
      .fontSize(12)
      .fillColor(INK)
      .text(filled, x, y - 16, { width: 230, lineBreak: false });
  doc
    .moveTo(x, y)
    .lineTo(x + 230, y)
    .lineWidth(0.8)
    .strokeColor("#9aa5b1")
    .stroke();
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(SOFT)
    .text(label, x, y + 4, { width: 230, lineBreak: false });
}

/**
 * Who the paper is for (name, address, phone, email) on the left and its big figure on the
 * right: the proposal's total, an invoice's amount due. One block for both papers.
 */
export function preparedFor(
  doc: Doc,
  customer: { name: string; address: string; phone: string; email: string },
  figure: { label: string; cents: number; under: string },
) {
  heading(doc, "Prepared for");
  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(customer.name, MARGIN, top, { width: 300 });
  doc.font("Helvetica").fontSize(10);
  for (const line of [customer.address, customer.phone && formatPhone(customer.phone), customer.email].filter(Boolean))
    doc.text(line, { width: 300 });
  const leftEnd = doc.y;
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(SOFT)
    .text(figure.label, MARGIN + 316, top, { width: 200, align: "right" });
  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .fillColor(INK)
    .text(formatCents(figure.cents), MARGIN + 316, doc.y, { width: 200, align: "right" });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(SOFT)
    .text(figure.under, MARGIN + 316, doc.y, { width: 200, align: "right" });
  doc.x = MARGIN;
  doc.y = Math.max(leftEnd, doc.y);
  doc.fillColor(INK);
}

/** Label and amount rows under a priced table, kept together on one page; the last in bold. */
export function totalsBlock(doc: Doc, totals: string[][]) {
  doc.moveDown(0.4);
  if (doc.y > doc.page.height - MARGIN - 20 * totals.length) doc.addPage();
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    const y = doc.y;
    doc
      .font(last ? "Helvetica-Bold" : "Helvetica")
      .fontSize(last ? 12 : 10)
      .fillColor(INK);
    doc.text(label, MARGIN + 226, y, { width: 190, align: "right", lineBreak: false });
    doc.text(value, MARGIN + 416, y, { width: 96, align: "right", lineBreak: false });
    doc.x = MARGIN;
    doc.y = y + (last ? 20 : 16);
  });
}

/** An option's lines: item, quantity, unit price and amount, or (unit prices hidden) the items alone. */
function optionTable(doc: Doc, option: ProposalOption, unitPrices: boolean) {
  if (!unitPrices) {
    table(
      doc,
      ["Included"],
      option.lines.map((l) => [l.label]),
      [WIDTH],
    );
    return;
  }
  table(
    doc,
    ["Item", "Quantity", "Unit price", "Amount"],
    option.lines.map((l) => [
      l.label,
      quantityWithUnit(l.quantity, l.unit),
      formatCents(l.unitPriceCents),
      formatCents(l.totalCents),
    ]),
    [226, 100, 90, 100],
  );
}

/**
 * The proposal as a paper the homeowner can keep and sign: the business's letterhead, who
 * and where, the roof as measured (figures and the traced outline, drawn as the roof report
 * draws it), the priced lines and total, the terms and the last day, and signature lines.
 * Made from the frozen copy alone, so it reads the same every time it is downloaded; an
 * accepted proposal says by whom and when.
 */
export async function buildProposalPdf(proposal: Proposal): Promise<Buffer> {
  const c = proposal.content as ProposalContent;
  const issued = formatDay(businessToday(new Date(c.issuedAt)));
  const { doc, done } = await newPdf({ Title: `Proposal for ${c.customer.name}`, Author: c.company.name });
  letterhead(
    doc,
    { name: c.company.name, contact: `${c.company.phone}  |  ${c.company.email}  |  ${c.company.address}` },
    "Roofing Proposal",
    issued,
  );

  // Accepted: what the homeowner chose. Open with choices: every option, "from" the lowest (decision 0108).
  const chosen = proposal.acceptedAt
    ? acceptedChoice(c, proposal)
    : hasChoices(c)
      ? null
      : choiceTotals(c, defaultChoice(c));
  const options = proposalOptions(c);
  preparedFor(doc, c.customer, {
    label: chosen ? "Proposal total" : "Options from",
    cents: chosen?.totalCents ?? Math.min(...options.map((o) => o.totalCents)),
    under: `Valid until ${formatDay(c.validUntil)}`,
  });

  if (c.roof && c.roof.figures.length > 0) {
    heading(doc, "Your roof, as we measured it");
    // One row: the labels over their values, so the priced lines fit on the first page.
    const figures = c.roof.figures;
    table(
      doc,
      figures.map((f) => f.label),
      [figures.map((f) => f.value)],
      figures.map(() => WIDTH / figures.length),
    );
  }
  if (c.roof?.drawing) {
    drawView(doc, "Roof outline (top view)", null, c.roof.drawing, {
      blankNote: "",
      scaleCaption: false,
      fitOutline: { maxHeight: 140 },
    });
  }

  const unitPrices = c.showUnitPrices !== false;
  const tax = `Sales tax (${formatBasisPoints(c.taxRateBasisPoints)})`;
  if (chosen) {
    const shingles = chosen.option.name || shingleLine(c);
    heading(doc, shingles ? `The work and its price (${shingles} shingles)` : "The work and its price");
    optionTable(doc, chosen.option, unitPrices);
    if (chosen.addOns.length) {
      heading(doc, "Add-ons chosen");
      table(
        doc,
        ["Add-on", "Amount"],
        chosen.addOns.map((a) => [a.label, formatCents(a.cents)]),
        [416, 100],
      );
    }
    totalsBlock(doc, [
      ...(chosen.addOns.length ? [[`${chosen.option.name} shingles`, formatCents(chosen.option.subtotalCents)]] : []),
      ...chosen.addOns.map((a) => [a.label, formatCents(a.cents)]),
      ["Subtotal", formatCents(chosen.subtotalCents)],
      [tax, formatCents(chosen.taxCents)],
      ["Total", formatCents(chosen.totalCents)],
    ]);
  } else {
    // Not chosen yet: each option with its own total, then the add-ons the homeowner may tick.
    options.forEach((o, i) => {
      heading(doc, `Option ${i + 1}: ${o.name} shingles`);
      optionTable(doc, o, unitPrices);
      totalsBlock(doc, [
        ["Subtotal", formatCents(o.subtotalCents)],
        [tax, formatCents(o.taxCents)],
        [`Total, ${o.name} shingles`, formatCents(o.totalCents)],
      ]);
    });
    if (c.addOns?.length) {
      heading(doc, "Add-ons you may choose (plus sales tax)");
      table(
        doc,
        ["Add-on", "Price"],
        c.addOns.map((a) => [a.label, formatCents(a.cents)]),
        [416, 100],
      );
    }
  }

  heading(doc, "Terms");
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(INK)
    .text(termsText(c, chosen?.totalCents), MARGIN, doc.y, { width: WIDTH });
  // Once accepted it no longer runs out: the line below the signatures says when it was signed.
  if (!proposal.acceptedAt)
    doc
      .moveDown(0.5)
      .font("Helvetica-Bold")
      .text(
        `This proposal is valid until ${formatDay(c.validUntil)}. After that, please call ${c.company.phone} for a new one.`,
        MARGIN,
        doc.y,
        { width: WIDTH },
      );

  // Signatures: one block, never split across pages. Its height is measured with the words it
  // will carry (the signed copy's "Accepted online…" line may wrap); pdfkit would otherwise
  // start a new page for each label that no longer fits.
  const intro =
    proposal.acceptedAt && proposal.acceptedName
      ? `Accepted online by ${proposal.acceptedName} on ${formatMoment(proposal.acceptedAt)} (Kansas time).`
      : "By signing below you accept this proposal, its price and its terms.";
  doc.font("Helvetica").fontSize(10);
  const blockHeight = SIGNATURE_HEADING_HEIGHT + doc.heightOfString(intro, { width: WIDTH }) + SIGNATURE_LINES_HEIGHT;
  if (doc.y + blockHeight > doc.page.height - MARGIN) doc.addPage();
  heading(doc, "Acceptance");
  doc.font("Helvetica").fontSize(10).fillColor(INK).text(intro, MARGIN, doc.y, { width: WIDTH });
  const y = doc.y + 46;
  signatureLine(doc, MARGIN, y, "Homeowner signature", proposal.acceptedName ?? undefined);
  signatureLine(
    doc,
    MARGIN + 286,
    y,
    "Date",
    proposal.acceptedAt ? formatDay(businessToday(proposal.acceptedAt)) : undefined,
  );
  signatureLine(doc, MARGIN, y + 50, `For ${c.company.name}`);
  signatureLine(doc, MARGIN + 286, y + 50, "Date");
  doc.x = MARGIN;
  doc.y = y + 80;
  doc.end();
  return done;
}

/** "proposal-12-karen-miller.pdf": the download's name, and the mailed copy's (as an invoice's: kind, number, name). */
export const proposalFileName = (proposal: Proposal) =>
  `proposal-${proposal.id}-${fileNameSlug((proposal.content as ProposalContent).customer.name)}.pdf`;

/** The PDF as a download, never kept by a cache (it may change once accepted). */
export async function pdfResponse(proposal: Proposal): Promise<Response> {
  const pdf = await buildProposalPdf(proposal);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${proposalFileName(proposal)}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
