import { href } from "react-router";
import { BUSINESS_TIME_ZONE } from "./lead-status";
import { formatKansasTime } from "./visit-time";

/** The homeowner's job page and what hangs off it: all behind the one private token. */
export const jobPath = (token: string) => href("/job/:token", { token });
export const jobProposalPdfPath = (token: string) => href("/job/:token/proposal.pdf", { token });
export const jobInvoicePdfPath = (token: string, invoiceId: number) => href("/job/:token/invoices/:iid.pdf", { token, iid: String(invoiceId) });
export const jobInvoicePayPath = (token: string, invoiceId: number) => href("/job/:token/invoices/:iid/pay", { token, iid: String(invoiceId) });

/** The lead page's one form for the homeowner's page: a new link to copy. */
export const NEW_JOB_LINK_INTENT = "new-job-link";
export const JOB_LINK_MESSAGES = {
  made: "New link to the homeowner's page made: copy it below.",
  notWon: "A link to the homeowner's page is made once the job is won",
  shownOnce: "Send the homeowner this link: it is shown only now. Earlier links keep working.",
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
  unknownLink: "We could not find this page. Please open the link again from the message we sent.",
  paymentRecording: "Thank you: your payment is being recorded. This page will show it as paid in a moment.",
  paymentCanceled: "Payment canceled: nothing was charged.",
} as const;

const headlineDay = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, weekday: "long", month: "long", day: "numeric" });
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
  /** Invoices sent (not drafts, not void): how many, and what is still owed on them. */
  sentInvoices: number;
  owedCents: number;
};

export type JobStatus = { headline: string; detail: string };

/**
 * The job's status in plain words, the furthest step it has reached: paid in full, work
 * done, a work day booked, the signed proposal, a visit booked, or just begun.
 */
export function jobStatus(job: JobFacts, formatMoney: (cents: number) => string): JobStatus {
  if (job.completed && job.sentInvoices > 0 && job.owedCents === 0) {
    return { headline: "Paid in full", detail: "The work is done and every invoice is paid. Thank you for choosing us!" };
  }
  if (job.completed) {
    return {
      headline: "Work done",
      detail: job.owedCents > 0 ? `The work is done. The balance still owed is ${formatMoney(job.owedCents)}.` : "The work is done. Your final invoice will follow shortly.",
    };
  }
  if (job.nextWorkDay) return { headline: `Work day booked for ${job.nextWorkDay}`, detail: "Our crew will be there then. We will call you if the weather changes the plan." };
  if (job.won) return { headline: "We have your signed proposal", detail: "Thank you! We will call you to book the work day." };
  if (job.nextOtherVisit) return { headline: `${job.nextOtherVisit.label} booked for ${job.nextOtherVisit.when}`, detail: "We will see you then." };
  return { headline: "We are on it", detail: "We have your request and will be in touch soon." };
}
