import { href } from "react-router";
import { BUSINESS_TIME_ZONE, formatKansasTime } from "./business-time";
import { REPLY_PROMISE, weWillReach, type PreferredContact } from "./contact-form";

/** The homeowner's job page and what hangs off it: all behind the one private token. */
export const jobPath = (token: string) => href("/job/:token", { token });
export const jobProposalPdfPath = (token: string) => href("/job/:token/proposal.pdf", { token });
export const jobInvoicePdfPath = (token: string, invoiceId: number) =>
  href("/job/:token/invoices/:iid.pdf", { token, iid: String(invoiceId) });
export const jobInvoicePayPath = (token: string, invoiceId: number) =>
  href("/job/:token/invoices/:iid/pay", { token, iid: String(invoiceId) });
/** A photo the office shared on the page (or its smaller copy). */
export const jobPhotoPath = (token: string, name: string) => href("/job/:token/photos/:name", { token, name });

/** The lead page's forms for the job page: its link to copy, and every link turned off. */
export const NEW_JOB_PAGE_LINK_INTENT = "new-job-page-link";
export const REVOKE_JOB_PAGE_LINKS_INTENT = "revoke-job-page-links";
const links = (n: number) => (n === 1 ? "1 link" : `${n} links`);
export const JOB_PAGE_LINK_MESSAGES = {
  made: "Job page link ready: copy it below.",
  notWon: "A job page link is made once the job is won",
  shownOnce:
    "Send the homeowner this link: it is the one every mail to them carries, and it works until you turn it off.",
  links: (n: number) => links(n),
  revoked: (n: number) => `${links(n)} to the job page turned off. The next mail they get carries a new one.`,
  /** The lead's history entry. */
  revokedNote: (n: number) => `Turned off ${links(n)} to the job page`,
  noneToRevoke: "No job page link was working: nothing to turn off.",
  revokeExplained:
    "For a link sent to the wrong address, or a phone that was lost: every link made so far stops opening the page, its PDFs and its Pay button at once. The next mail carries a new link that works.",
} as const;

/**
 * The lines that take a homeowner's mail to the job page (decision 0070): every mail carries
 * the job's one job page link (decision 0076). Before the sale the page says where the request stands and takes photos;
 * after it, visits, invoices and receipts too.
 */
export const JOB_PAGE_MAIL = {
  linkText: "Open your job page",
  beforeSale: "Your own page for this job shows where it stands, and you can send us more photos there:",
  afterJob: "Your job page keeps the proposal, your invoices and receipts:",
  /** The line added under the owner's own auto-reply (their words stay as written). */
  autoreplyFooter: (url: string) => `See where your request stands, and send us more photos: ${url}`,
} as const;

/** How many photos one upload from the job page takes (the quote form's limit). */
export const JOB_PHOTO_FIELD = "photos";
/** The query the page is sent back with after an upload: how many photos arrived. */
export const JOB_PHOTOS_ADDED_PARAM = "photos";

export const JOB_PAGE_MESSAGES = {
  choosePhotos: "Please choose at least one photo.",
  tooMany: (max: number) => `Please choose up to ${max} photos at a time.`,
  tooManyTries: "That is a lot of uploads in a short time. Please wait a few minutes, or give us a call.",
  failed: "Sorry, we could not save your photos. Please try again, or give us a call.",
  added: (n: number) => `Thank you! We got your ${n === 1 ? "photo" : `${n} photos`}.`,
  unknownLink:
    "We could not find this page. The link may be incomplete or no longer work: please ask us for a new one.",
  notFoundTitle: "We could not find this page",
  // The same words for a mistyped link and one staff turned off: nothing says which it was.
  notFound:
    "The link may be incomplete, or it no longer works. Open the newest message we sent you, or give us a call and ask us for a new link.",
  paid: (invoiceNumber: string) => `Thank you! ${invoiceNumber} is paid.`,
  paymentRecording: "Thank you: your payment is being recorded. This page will show it as paid in a moment.",
  paymentCanceled: "Payment canceled: nothing was charged.",
} as const;

const headlineDay = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: "long",
  month: "long",
  day: "numeric",
});
/** "Tuesday, March 10 at 8:00 AM" (Kansas time): a visit soon enough to need no year, as the headline says it. */
export const formatHeadlineTime = (at: Date) => `${headlineDay.format(at)} at ${formatKansasTime(at)}`;

/** What the page knows of the job, reduced to what decides its headline. */
export type JobFacts = {
  won: boolean;
  /** "Tuesday, March 10 at 8:00 AM": the next work day still to come. */
  nextWorkDay: string | null;
  /** The next visit of another kind (an estimate visit, an inspection), with its label. */
  nextOtherVisit: { label: string; when: string } | null;
  completed: boolean;
  /** Before the sale: a proposal mailed and still open to accept (not accepted, withdrawn or expired). */
  proposalOpen?: boolean;
  /** The lead was closed as lost: the page must not say "we are on it". */
  lost?: boolean;
  /** Invoices sent (not drafts, not void): how many, and what is still owed on them. */
  sentInvoices: number;
  owedCents: number;
  /** The job's value (accepted proposal and change orders) not on a sent invoice yet. */
  unbilledCents: number;
  /** The day of the last work day that has begun (not canceled), worded: the crew has been. */
  lastWorkDay?: string | null;
  /** How we will reach the homeowner (lib/contact-form.ts reachWay): the page says we will text, call or email. */
  reach?: PreferredContact | null;
};

export type JobStatus = { headline: string; detail: string };

/**
 * The job's status in plain words, the furthest step it has reached: paid in full, work
 * done, a work day booked, a work day behind us, the signed proposal, (a lost lead closed,) a proposal to accept,
 * a visit booked, or just begun: the page reads right from the auto-reply's link onward.
 */
export function jobStatus(job: JobFacts, formatMoney: (cents: number) => string): JobStatus {
  // Paid in full only once everything the job is worth has been billed and paid: a paid
  // deposit on a finished job still has its final invoice to come.
  if (job.completed && job.sentInvoices > 0 && job.owedCents === 0 && job.unbilledCents === 0) {
    return {
      headline: "Paid in full",
      detail: "The work is done and every invoice is paid. Thank you for choosing us!",
    };
  }
  if (job.completed) {
    return {
      headline: "Work done",
      detail:
        job.owedCents > 0
          ? `The work is done. The balance still owed is ${formatMoney(job.owedCents)}.`
          : "The work is done. Your final invoice will follow shortly.",
    };
  }
  if (job.nextWorkDay)
    return {
      headline: `Work day booked for ${job.nextWorkDay}`,
      detail: `Our crew will be there then. ${weWillReach(job.reach)} if the weather changes the plan.`,
    };
  if (job.won && job.lastWorkDay)
    return {
      headline: "Work under way",
      detail: `Our crew was at your home on ${job.lastWorkDay}. We will let you know when the work is done.`,
    };
  if (job.won)
    return {
      headline: "We have your signed proposal",
      detail: `Thank you! ${weWillReach(job.reach)} to book the work day.`,
    };
  if (job.lost)
    return {
      headline: "This request is closed",
      detail: "If you would still like us to look at your roof, give us a call and we will pick it up again.",
    };
  if (job.proposalOpen) {
    return {
      headline: "Your proposal is ready",
      detail:
        "We emailed it to you: open it from that email to read the work and the price, and accept it online. Questions? Give us a call.",
    };
  }
  if (job.nextOtherVisit)
    return {
      headline: `${job.nextOtherVisit.label} booked for ${job.nextOtherVisit.when}`,
      detail: "We will see you then.",
    };
  return { headline: "We are on it", detail: `We have your request. ${weWillReach(job.reach)} ${REPLY_PROMISE}.` };
}
