import { href } from "react-router";
import type { Image, RoofCustomer } from "~/db/schema";
import type { RoofCustomerWithImages } from "~/models/roof-customer.server";
import { getLead } from "~/models/lead.server";
import { listPhotos } from "~/models/lead-photo.server";
import { nameAtWidth } from "~/lib/image-variants";
import { roofCustomerHref, roofReportHref } from "~/lib/roof-customer-form";
import { roofBasisNote } from "~/lib/estimate";
import { parseDrawing, pitchMismatch, pitchMismatchText } from "~/lib/roof-drawing";
import { summarizeRoof, summaryFigures } from "~/lib/roof-summary";
import { leadPhotoUrl } from "~/services/lead-view.server";
import { JOB_PHOTO_TAG_LABELS } from "~/lib/job-photo-tags";

/** A roof tool picture: answered only to signed-in staff (routes/resources/private-image.ts). */
const roofImageUrl = (storedName: string) => href("/admin/roof-measurement/images/:name", { name: storedName });

/**
 * The picture to draw on: the 960 px copy when there is one, light enough for a phone,
 * from the signed-in route (a customer's house is never a public file).
 */
function picture(image: Image | null) {
  if (!image) return null;
  return { url: roofImageUrl(nameAtWidth(image, 960)), name: image.originalName };
}

/** What the roof tool page needs of a customer: plain values and picture URLs. */
export function roofCustomerView(c: RoofCustomerWithImages) {
  return {
    id: c.id,
    customerName: c.customerName,
    street: c.street,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    area: c.area,
    length: c.length,
    width: c.width,
    pitch: c.pitch,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    drawing: c.drawingData,
    images: { top: picture(c.topImage), side: picture(c.sideImage) },
    lead: c.leadId ? leadOf(c.leadId) : null,
  };
}

/**
 * The lead a customer was measured for: its name for the link back, its photos to draw on
 * (the homeowner's from the quote request and the crew's from the roof, each said which).
 */
function leadOf(id: number) {
  const lead = getLead(id);
  if (!lead) return null;
  const photos = listPhotos(id).map((p) => ({
    id: p.id,
    thumb: leadPhotoUrl(nameAtWidth(p, 480)),
    url: leadPhotoUrl(nameAtWidth(p, 960)),
    name: p.originalName,
    about: p.tag
      ? [JOB_PHOTO_TAG_LABELS[p.tag], p.caption.trim()].filter(Boolean).join(": ")
      : "From the quote request",
  }));
  return { id, name: lead.name, photos };
}
export type LeadPhotoOffer = NonNullable<ReturnType<typeof leadOf>>["photos"][number];

/**
 * A lead's roof as its page shows it: the same figures the roof tool and the PDF give
 * (roof area, squares, pitch), or none yet.
 */
export function leadRoofView(c: RoofCustomer) {
  const drawing = parseDrawing(c.drawing);
  const summary = summarizeRoof(c, drawing.top);
  // With nothing traced the stored pitch is the typed one, which the figures were worked out at.
  const mismatch = pitchMismatch(drawing, c.pitch);
  const shown = new Set(["Roof area", "Squares", "Predominant pitch", "Pitch"]);
  const figures = summaryFigures(summary).totals.filter((f) => shown.has(f.label));
  return {
    figures: c.area === null ? [] : figures,
    /** Which figure the estimate uses when both typed and traced ones are there. */
    basis: c.area === null ? null : roofBasisNote(summary),
    /** Facets at another pitch than the side view measured: said before an estimate is made from them. */
    pitchWarning: mismatch
      ? `${pitchMismatchText(mismatch)} Check the pitch in the roof tool before estimating.`
      : null,
    tool: roofCustomerHref(c.id),
    pdf: roofReportHref(c.id),
  };
}
export type LeadRoofView = ReturnType<typeof leadRoofView>;
export type RoofCustomerView = ReturnType<typeof roofCustomerView>;
