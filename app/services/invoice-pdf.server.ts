import type { Invoice, Lead, Payment } from "~/db/schema";
import { addressLine } from "~/lib/business";
import { leadAddressLine } from "~/lib/address";
import { fileNameSlug } from "~/lib/file-name";
import { formatInvoiceNumber, invoiceRows, owedCents } from "~/lib/invoice";
import {
  INVOICE_KIND_LABELS,
  INVOICE_STATE_LABELS,
  invoiceKindLabel,
  paymentMethodWords,
  type InvoiceLine,
} from "~/lib/invoice-kinds";
import { businessToday, formatDay } from "~/lib/business-time";
import { formatCents } from "~/lib/money-format";
import { getLead } from "~/models/lead.server";
import { paymentsOf } from "~/models/payment.server";
import { getBusinessFacts } from "~/models/settings.server";
import { notFound } from "~/server/responses.server";
import { preparedFor, totalsBlock } from "~/services/proposal-pdf.server";
import { heading, INK, letterhead, MARGIN, newPdf, SOFT, table } from "~/server/pdf.server";
import { howToPayOnPaper } from "~/lib/invoice-mail";
import { onlinePaymentEnabled } from "~/server/stripe.server";
import { billTo } from "~/lib/claim-money";
import { getClaim } from "~/models/insurance-claim.server";

const WIDTH = 516; // the letter page less both margins

/**
 * An invoice as paper: the business's letterhead (the proposal's and the roof
 * report's), its number and dates, who it is for, its lines, what was paid and what is
 * still owed, and how to pay. Made from the row as it is now, so a paid invoice says Paid.
 */
export async function buildInvoicePdf(
  invoice: Invoice,
  lead: Pick<Lead, "name" | "email" | "phone" | "street" | "city" | "zip">,
  payments: Payment[],
): Promise<Buffer> {
  const business = getBusinessFacts();
  const number = formatInvoiceNumber(invoice.number);
  const issued = formatDay(businessToday(invoice.sentAt ?? invoice.createdAt));
  const { doc, done } = await newPdf({ Title: `Invoice ${number} for ${lead.name}`, Author: business.company });
  letterhead(
    doc,
    { name: business.company, contact: `${business.phone}  |  ${business.email}  |  ${addressLine(business)}` },
    `Invoice ${number}`,
    issued,
  );
  const owed = owedCents(invoice);
  const state = invoice.state === "draft" ? "Draft: not sent yet" : INVOICE_STATE_LABELS[invoice.state];
  preparedFor(
    doc,
    { name: lead.name, address: leadAddressLine(lead), phone: lead.phone ?? "", email: lead.email },
    invoice.state === "paid" || invoice.state === "void"
      ? { label: `${INVOICE_KIND_LABELS[invoice.kind]} invoice`, cents: invoice.totalCents, under: state }
      : {
          label: "Amount due",
          cents: invoice.state === "draft" ? invoice.totalCents : owed,
          under: invoice.dueOn ? `Due by ${formatDay(invoice.dueOn)}` : state,
        },
  );
  if (invoice.payer !== "homeowner") {
    // The carrier's bill (or its check naming both): who owes it, under whose roof it is.
    heading(doc, "Bill to");
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor(INK)
      .text(billTo(invoice.payer, lead.name, getClaim(invoice.leadId) ?? null), MARGIN, doc.y, { width: WIDTH });
  }
  if (invoice.state === "void") {
    doc
      .moveDown(0.6)
      .font("Helvetica-Bold")
      .fontSize(12)
      .fillColor("#9b1c1c")
      .text(
        `VOID${invoice.voidReason ? `: ${invoice.voidReason}` : ""}. Nothing is owed on this invoice.`,
        MARGIN,
        doc.y,
        { width: WIDTH },
      );
    doc.fillColor(INK);
  }

  heading(doc, `${invoiceKindLabel(invoice)} invoice`);
  const rows = invoiceRows(invoice.lines as InvoiceLine[]);
  const subtotal = rows.findIndex((r) => r.subtotal);
  table(
    doc,
    ["Description", "Amount"],
    rows.map((r) => [r.label, r.amount]),
    [416, 100],
    subtotal < 0 ? undefined : subtotal,
  );
  const paidRows = payments.map((p) => [
    `Paid ${formatDay(p.receivedOn)}, ${paymentMethodWords(p)}`,
    `-${formatCents(p.amountCents)}`,
  ]);
  totalsBlock(doc, [
    ["Invoice total", formatCents(invoice.totalCents)],
    ...paidRows,
    [invoice.state === "void" ? "Owed" : "Balance due", formatCents(owed)],
  ]);

  if (invoice.note) {
    heading(doc, "Note");
    doc.font("Helvetica").fontSize(10).fillColor(INK).text(invoice.note, MARGIN, doc.y, { width: WIDTH });
  }
  if (owed > 0) {
    heading(doc, "How to pay");
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(INK)
      .text(
        howToPayOnPaper({
          company: business.company,
          number,
          phone: business.phone,
          email: business.email,
          onlinePayment: onlinePaymentEnabled(),
        }),
        MARGIN,
        doc.y,
        { width: WIDTH },
      );
  }
  doc
    .moveDown(1)
    .font("Helvetica")
    .fontSize(9)
    .fillColor(SOFT)
    .text(`Thank you for choosing ${business.company}.`, MARGIN, doc.y, { width: WIDTH });
  doc.end();
  return done;
}

/** The invoice's PDF built for its lead, or undefined when either is gone. */
export async function invoicePdfFor(invoice: Invoice): Promise<Buffer | undefined> {
  const lead = getLead(invoice.leadId);
  if (!lead) return undefined;
  return buildInvoicePdf(invoice, lead, paymentsOf(invoice.id));
}

export const invoiceFileName = (invoice: Invoice, leadName: string) =>
  `invoice-${invoice.number ?? `draft-${invoice.id}`}-${fileNameSlug(leadName)}.pdf`;

/** The PDF as a download (staff's and the homeowner's), never cached: its state moves. */
export async function invoicePdfResponse(invoice: Invoice): Promise<Response> {
  const lead = getLead(invoice.leadId);
  if (!lead) notFound();
  const pdf = await buildInvoicePdf(invoice, lead, paymentsOf(invoice.id));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${invoiceFileName(invoice, lead.name)}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
