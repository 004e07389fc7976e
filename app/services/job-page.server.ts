import { INVOICE_STATE_LABELS, invoiceKindLabel, paymentMethodWords } from "~/lib/invoice-kinds";
import { formatInvoiceNumber, invoiceRows, owedCents, takesPayments, type InvoiceRow } from "~/lib/invoice";
import {
  formatHeadlineTime,
  jobInvoicePayPath,
  jobInvoicePdfPath,
  jobPhotoPath,
  jobProposalPdfPath,
  jobStatus,
  JOB_PAGE_MESSAGES,
  type JobStatus,
} from "~/lib/job-page";
import { leadAddressLine } from "~/lib/address";
import { MAX_PHOTOS, reachWay } from "~/lib/contact-form";
import { businessToday, formatDay } from "~/lib/business-time";
import { formatCents } from "~/lib/money-format";
import { VISIT_KIND_LABELS } from "~/lib/visit-kinds";
import { formatVisitTime, upcomingVisits } from "~/lib/visit-time";
import { listLeadInvoices } from "~/models/invoice.server";
import { addHomeownerPhotos, listLeadReceipts } from "~/models/job-page.server";
import { listSharedPhotos } from "~/models/lead-photo.server";
import { nameAtWidth } from "~/lib/image-variants";
import { photoLabel } from "~/lib/job-photos";
import { getLead } from "~/models/lead.server";
import { acceptedOf, getLeadProposal, hasOpenProposal } from "~/models/proposal.server";
import { listLeadVisits, type VisitRow } from "~/models/visit.server";
import { getBusinessFacts } from "~/models/settings.server";
import { env } from "~/server/env.server";
import { withPrivatePhotos } from "~/server/image-files.server";
import { sqliteLimiter } from "~/server/rate-limit.server";
import { onlinePaymentEnabled } from "~/server/stripe.server";
import { cleanPostedPhotos, oversizePhoto, parsePhotoForm } from "~/server/upload.server";
import { isRefusal } from "~/lib/refusal";
import { findJobByToken } from "./job-page-link.server";
import { jobChangeOrders, jobValueOf } from "~/models/job-value.server";
import { jobValueCents, unbilledCents } from "~/lib/job-value";
import { billTo, claimSummary, deductibleDueOn, type ClaimSummary } from "~/lib/claim-money";
import { claimMoneyOf } from "~/models/claim-money.server";

/** A claim's summary as the homeowner reads it: his deductible's due day once its invoice is sent. */
function claimSummaryOf(claim: NonNullable<ReturnType<typeof claimMoneyOf>>): ClaimSummary {
  return claimSummary(claim.claim, claim.money, {
    deductibleDueOn: deductibleDueOn(claim.invoices),
    completed: claim.completedAt !== null,
  });
}

export type JobPageView = {
  /** An insurance claim's money in the homeowner's words (lib/claim-money.ts), or null. */
  claim: ClaimSummary | null;
  company: { name: string; phone: string; email: string };
  customer: { name: string; address: string | null };
  status: JobStatus;
  visits: { id: number; kind: string; when: string }[];
  proposal: {
    total: string;
    acceptedOn: string | null;
    pdf: string;
    /** The change orders agreed since, as the invoices bill them. */
    changeOrders: { description: string; amount: string }[];
    /** The proposal and its change orders together (null without any). */
    jobTotal: string | null;
  } | null;
  invoices: {
    id: number;
    number: string;
    kind: string;
    /** Who owes it, when it is not the homeowner alone: "State Farm (claim 12-345)". */
    billTo: string | null;
    state: string;
    paid: boolean;
    total: string;
    owed: string | null;
    dueOn: string | null;
    pdf: string;
    /** Where "Pay" posts, while online payment is on and something is owed. */
    pay: string | null;
    /** In the order they add up, as on the PDF (lib/invoice.ts). */
    lines: InvoiceRow[];
  }[];
  receipts: { id: number; on: string; amount: string; method: string; invoice: string }[];
  /** The photos the office shared, newest first: the thumbnail (480 px), the photo behind it. */
  photos: {
    id: number;
    tag: string;
    caption: string;
    on: string;
    thumb: string;
    full: string;
    width: number;
    height: number;
  }[];
  maxPhotos: number;
  /** Photos help before and during the work; once it is done the page stops asking for them. */
  asksForPhotos: boolean;
};

/**
 * The homeowner's job page for a token: the lead behind it and everything the page shows,
 * as plain strings (the page loads no formatting or validation code of its own). Null for
 * a token that opens nothing. Only this lead's rows are read: each query is by its id.
 */
export function jobPageView(token: string, now = new Date()): JobPageView | null {
  const leadId = findJobByToken(token);
  if (leadId === null) return null;
  const lead = getLead(leadId);
  if (!lead) return null;
  const facts = getBusinessFacts();
  const accepted = acceptedOf(leadId);
  const proposal = accepted ? getLeadProposal(leadId, accepted.id) : undefined;
  // One read of the lead's visits: the ones to come and the last work day begun.
  const allVisits = listLeadVisits(leadId);
  const visits = upcomingVisits(allVisits, now);
  const invoices = listLeadInvoices(leadId).filter((i) => i.state !== "draft");
  const sent = invoices.filter((i) => i.state !== "void");
  const owed = sent.reduce((sum, i) => sum + owedCents(i), 0);
  const workDay = visits.find((v) => v.kind === "work_day");
  const other = visits.find((v) => v.kind !== "work_day");
  const online = onlinePaymentEnabled();
  const jobValue = jobValueOf(leadId);
  // What the homeowner has been billed for: a draft's change orders stay the office's until sent.
  const changeOrders = accepted ? jobChangeOrders(leadId, { sentOnly: true }) : [];
  const status = jobStatus(
    {
      won: lead.status === "won" || !!accepted,
      nextWorkDay: workDay ? formatHeadlineTime(workDay.startsAt) : null,
      nextOtherVisit: other ? { label: VISIT_KIND_LABELS[other.kind], when: formatHeadlineTime(other.startsAt) } : null,
      completed: lead.completedAt !== null,
      sentInvoices: sent.length,
      owedCents: owed,
      lastWorkDay: lastWorkDay(allVisits, now),
      unbilledCents: unbilledCents(jobValue, invoices),
      proposalOpen: hasOpenProposal(leadId, now),
      lost: lead.status === "lost",
      reach: reachWay(lead),
    },
    formatCents,
  );
  const address = leadAddressLine(lead) || null;
  const claim = claimMoneyOf(leadId);
  return {
    claim: claim && claimSummaryOf(claim),
    company: { name: facts.company, phone: facts.phone, email: facts.email },
    customer: { name: lead.name, address },
    status,
    visits: visits.map((v) => ({ id: v.id, kind: VISIT_KIND_LABELS[v.kind], when: formatVisitTime(v.startsAt) })),
    proposal: proposal
      ? {
          total: formatCents(proposal.totalCents),
          acceptedOn: proposal.acceptedAt ? formatDay(businessToday(proposal.acceptedAt)) : null,
          pdf: jobProposalPdfPath(token),
          changeOrders: changeOrders.map((c) => ({ description: c.description, amount: formatCents(c.amountCents) })),
          // The proposal and the change orders sent: the job's value once every draft has gone.
          jobTotal: changeOrders.length
            ? formatCents(
                jobValueCents({
                  acceptedCents: proposal.totalCents,
                  changeOrderCents: changeOrders.reduce((sum, c) => sum + c.amountCents, 0),
                  estimateCents: null,
                })!,
              )
            : null,
        }
      : null,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: formatInvoiceNumber(i.number),
      kind: invoiceKindLabel(i),
      billTo: i.payer === "homeowner" ? null : billTo(i.payer, lead.name, claim?.claim ?? null),
      state: INVOICE_STATE_LABELS[i.state],
      paid: i.state === "paid",
      total: formatCents(i.totalCents),
      owed: owedCents(i) > 0 ? formatCents(owedCents(i)) : null,
      dueOn: i.dueOn && owedCents(i) > 0 ? formatDay(i.dueOn) : null,
      pdf: jobInvoicePdfPath(token, i.id),
      // The carrier's bill is paid by its check, not by the homeowner's card.
      pay: online && i.payer === "homeowner" && takesPayments(i) ? jobInvoicePayPath(token, i.id) : null,
      lines: invoiceRows(i.lines),
    })),
    receipts: listLeadReceipts(leadId).map((p) => ({
      id: p.id,
      on: formatDay(p.receivedOn),
      amount: formatCents(p.amountCents),
      // The words of the receipt mail and the PDF: "by check no. 1042", "in cash".
      method: paymentMethodWords(p),
      invoice: formatInvoiceNumber(p.invoiceNumber),
    })),
    photos: listSharedPhotos(leadId).map((p) => ({
      id: p.id,
      tag: photoLabel(p, lead.createdAt),
      caption: p.caption,
      on: formatDay(businessToday(p.takenAt ?? p.createdAt)),
      thumb: jobPhotoPath(token, nameAtWidth(p, 480)),
      full: jobPhotoPath(token, p.storedName),
      width: p.width,
      height: p.height,
    })),
    maxPhotos: MAX_PHOTOS,
    asksForPhotos: lead.completedAt === null,
  };
}

// The same allowance as accepting a proposal: a handful of uploads, not a script's stream.
const uploadsPerIp = sqliteLimiter("job-photos-ip", env.PROPOSAL_RATE_LIMIT, 10 * 60);

export type JobPhotoAnswer = { status: 200; added: number } | { status: 400 | 429 | 500; error: string };

/**
 * Photos the homeowner adds from the job page: the quote form's limits (five at a time,
 * 10 MB each, JPEG, PNG or WebP decoded in full and written again without metadata),
 * stored private with the lead's other photos, all or none. A hostile body throws a 4xx
 * Response (parsePhotoForm).
 */
export async function receiveJobPhotos(request: Request, leadId: number, ip: string): Promise<JobPhotoAnswer> {
  const { photos, extra } = await parsePhotoForm(request, "photos", MAX_PHOTOS);
  if (photos.length === 0) return { status: 400, error: JOB_PAGE_MESSAGES.choosePhotos };
  if (extra) return { status: 400, error: JOB_PAGE_MESSAGES.tooMany(MAX_PHOTOS) };
  const oversize = oversizePhoto(photos);
  if (oversize) return { status: 400, error: oversize.refused };
  if (!(await uploadsPerIp.hit(ip))) return { status: 429, error: JOB_PAGE_MESSAGES.tooManyTries };
  const cleaned = await cleanPostedPhotos(photos);
  if (isRefusal(cleaned)) return { status: 400, error: cleaned.refused };
  try {
    await withPrivatePhotos(cleaned.images, (files) => addHomeownerPhotos(leadId, files));
  } catch (error) {
    console.error("Could not store the homeowner's photos:", error);
    return { status: 500, error: JOB_PAGE_MESSAGES.failed };
  }
  return { status: 200, added: cleaned.images.length };
}

/** The day of the last work day that has begun (not canceled), worded, or null. */
function lastWorkDay(visits: readonly VisitRow[], now: Date): string | null {
  const begun = visits.filter((v) => v.kind === "work_day" && !v.cancelledAt && v.startsAt <= now);
  const last = begun.at(-1);
  return last ? formatDay(businessToday(last.startsAt)) : null;
}
