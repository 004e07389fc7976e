import { addressLine } from "~/lib/business";
import { leadAddressLine } from "~/lib/address";
import { businessToday, formatDay } from "~/lib/business-time";
import { carrierName } from "~/lib/claim-money";
import { fileNameSlug } from "~/lib/file-name";
import type { ProposalContent } from "~/lib/proposal";
import { getClaim } from "~/models/insurance-claim.server";
import { getLead } from "~/models/lead.server";
import { acceptedProposalOf } from "~/models/invoice.server";
import { getLeadProposal } from "~/models/proposal.server";
import { getBusinessFacts } from "~/models/settings.server";
import { notFound } from "~/server/responses.server";
import { heading, INK, letterhead, MARGIN, newPdf, SOFT, table } from "~/server/pdf.server";

const WIDTH = 516; // the letter page less both margins

/**
 * The completion certificate the carrier asks for before it releases the depreciation it held
 * back (decision 0110): the job and its address, the claim (carrier, number, date of loss),
 * the work done as the accepted proposal priced it, the day it was completed, the company,
 * and a line for the homeowner's signature. Built like the invoice's and proposal's PDFs.
 */
export async function buildCompletionCertificatePdf(leadId: number): Promise<{ pdf: Buffer; fileName: string }> {
  const lead = getLead(leadId);
  const claim = getClaim(leadId);
  if (!lead || !claim || !lead.completedAt) notFound();
  const business = getBusinessFacts();
  const completedOn = formatDay(businessToday(lead.completedAt));
  const accepted = acceptedProposalOf(leadId);
  const proposal = accepted && getLeadProposal(leadId, accepted.id);
  const work = (proposal?.content as ProposalContent | undefined)?.lines ?? [];
  const { doc, done } = await newPdf({ Title: `Certificate of completion for ${lead.name}`, Author: business.company });
  letterhead(
    doc,
    { name: business.company, contact: `${business.phone}  |  ${business.email}  |  ${addressLine(business)}` },
    "Certificate of completion",
    formatDay(businessToday()),
  );
  heading(doc, "The job");
  table(
    doc,
    ["", ""],
    [
      ["Homeowner", lead.name],
      ["Property", leadAddressLine(lead)],
      ["Insurance carrier", carrierName(claim)],
      ["Date of loss", claim.lossOn ? formatDay(claim.lossOn) : "Not given"],
      ["Work completed on", completedOn],
    ],
    [140, 376],
  );
  heading(doc, "Work done");
  if (work.length)
    table(
      doc,
      ["Item", "Quantity"],
      work.map((l) => [l.label, `${l.quantity} ${l.unit}`]),
      [396, 120],
    );
  else
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(INK)
      .text("Roof work as the carrier's scope of loss states it.", MARGIN, doc.y, { width: WIDTH });
  doc
    .moveDown(1)
    .font("Helvetica")
    .fontSize(10)
    .fillColor(INK)
    .text(
      `${business.company} certifies that the work above was completed on ${completedOn} at ${leadAddressLine(lead)}, under claim ${claim.claimNumber}.`,
      MARGIN,
      doc.y,
      { width: WIDTH },
    );
  heading(doc, "Homeowner's signature");
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(INK)
    .text("I confirm the work above was completed to my satisfaction.", MARGIN, doc.y, { width: WIDTH })
    .moveDown(2.5);
  const line = doc.y;
  doc
    .moveTo(MARGIN, line)
    .lineTo(MARGIN + 300, line)
    .strokeColor(INK)
    .stroke();
  doc
    .moveTo(MARGIN + 340, line)
    .lineTo(MARGIN + WIDTH, line)
    .stroke();
  doc.font("Helvetica").fontSize(9).fillColor(SOFT);
  doc.text(`${lead.name}`, MARGIN, line + 4, { width: 300 });
  doc.text("Date", MARGIN + 340, line + 4, { width: WIDTH - 340 });
  doc.x = MARGIN;
  doc.end();
  return { pdf: await done, fileName: `completion-certificate-${fileNameSlug(lead.name)}.pdf` };
}

/** The certificate as a download for staff, never cached (the job's facts may change). */
export async function completionCertificateResponse(leadId: number): Promise<Response> {
  const { pdf, fileName } = await buildCompletionCertificatePdf(leadId);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
