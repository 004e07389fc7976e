import { formatMoment } from "./business-time";

/**
 * A lead is a quote request (or a phone call written down by staff) on its way to a job:
 * where it stands, when to call back, and what happened. Pure rules, shared by the server
 * and the admin's pages.
 */

export const LEAD_STATUSES = ["new", "contacted", "visit_scheduled", "measured", "quoted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  visit_scheduled: "Visit scheduled",
  measured: "Measured",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
};

/** Reasons staff give most often; any other words are fine too. */
export const LOST_REASON_SUGGESTIONS = [
  "Went with another contractor",
  "Price",
  "No answer after several tries",
  "Not a job we do",
  "Outside our service area",
  "Decided not to do the work",
] as const;

/**
 * Where a lead came from: the website's form, staff writing down a call, or a roof customer
 * the roof tool kept before there were leads (migration 0005).
 */
// "text": a text from a number no lead had (services/text-webhooks.server.ts).
export const LEAD_SOURCES = ["website", "phone", "roof_tool", "text"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** What each source is called on the Leads list's badges and in the reports. */
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  website: "Website form",
  phone: "Phone call",
  roof_tool: "Roof tool",
  text: "Text message",
};

/**
 * The leads speed to lead is about: requests that arrived on their own and wait for an answer
 * (the website's form, a text from a new number). A phone call written down, or a roof measured
 * on the spot, was the contact itself.
 */
export const WAITS_FOR_CONTACT: readonly LeadSource[] = ["website", "text"];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

export const isClosed = (status: LeadStatus) => status === "won" || status === "lost";

/**
 * The status a saved measurement gives a lead: Measured, unless staff already moved it on
 * (quoted, won or lost stay as they are).
 */
export function statusAfterMeasurement(current: LeadStatus): LeadStatus {
  return LEAD_STATUSES.indexOf(current) < LEAD_STATUSES.indexOf("measured") ? "measured" : current;
}

/**
 * The status booking a visit gives a lead: Visit scheduled for a New or Contacted one; a
 * lead further on (measured, quoted, won: a work day) stays where it is.
 */
export function statusAfterBooking(current: LeadStatus): LeadStatus {
  return current === "new" || current === "contacted" ? "visit_scheduled" : current;
}

/**
 * The status sending a proposal gives a lead: Quoted, from wherever it stood, but a Won or
 * Lost lead stays as it is (a revised price for a won job does not reopen it).
 */
export function statusAfterProposal(current: LeadStatus): LeadStatus {
  return isClosed(current) ? current : "quoted";
}

export type FollowUp = "overdue" | "today" | "later";

/** Whether a lead's follow-up is late, due today or ahead; none for a closed lead or no date. */
export function followUpState(lead: { status: LeadStatus; followUpOn: string | null }, today: string): FollowUp | null {
  if (!lead.followUpOn || isClosed(lead.status)) return null;
  if (lead.followUpOn < today) return "overdue";
  return lead.followUpOn === today ? "today" : "later";
}

type Sortable = { id: number; status: LeadStatus; followUpOn: string | null; createdAt: Date };

/**
 * The order of the leads list: late follow-ups first (the longest waiting first), then
 * today's, then everything else newest first.
 */
export function sortLeads<L extends Sortable>(leads: readonly L[], today: string): L[] {
  const rank = (l: L) => ({ overdue: 0, today: 1, later: 2 })[followUpState(l, today) ?? "later"];
  return [...leads].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) return byRank;
    if (rank(a) === 0 && a.followUpOn !== b.followUpOn) return (a.followUpOn ?? "") < (b.followUpOn ?? "") ? -1 : 1;
    return b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
  });
}

export const LEAD_MESSAGES = {
  badStatus: "Please choose a status",
  lostReason: "Please say why the lead was lost",
  badDate: "Please choose a real date for the follow-up",
  tooLong: "Please keep notes under 5,000 characters",
  noteEmpty: "Please write the note",
  noteAdded: "Note added",
  /** A phone without signal keeps a note, not a change of status (someone may change it meanwhile). */
  offlineChange:
    "No signal: a change of status waits for signal. A note alone is kept on this phone and sent when it is back.",
  noteKept: "No signal: the note is kept on this phone and goes when the signal is back.",
  saved: "Lead updated",
  nothing: "Nothing changed",
  badAssignee: "Please choose someone on the team",
  assigned: (name: string | null) => (name ? `Assigned to ${name}` : "Assigned to nobody"),
} as const;

export type LeadUpdate = {
  status: LeadStatus;
  lostReason: string | null;
  followUpOn: string | null;
  note: string | null;
};

/** What the lead page says about the job after the sale (services/lead-job.server.ts). */
export const JOB_MESSAGES = {
  completed: "Job marked completed",
  reopened: "Job marked not completed",
  notWon: "Only a won job can be marked completed",
  reviewSent: "Review request sent to the homeowner",
  reviewQueued: "Review request on its way to the homeowner",
  reviewNoMail: "Review request not sent: mail is not set up. Copy its link below and send it yourself.",
  reviewFailed:
    "Review request not sent: the mail provider refused it. Copy its link below and send it yourself, or send it again.",
  reviewSlow:
    "Review request not confirmed: the mail provider did not answer in time. It may still arrive; if not, copy its link below and send it yourself.",
  reviewRefused: "A review can be asked for only on a completed job with an email, once",
  notCompleted: "Mark the job completed first",
  /** `reschedules`: whether the reader may cancel or move visits (the crew asks the office). */
  visitsAhead: (starts: Date[], reschedules = true) => {
    const one = starts.length === 1;
    const booked = one
      ? `A visit is still booked for ${formatMoment(starts[0])}.`
      : `${starts.length} visits are still booked, the first for ${formatMoment(starts[0])}.`;
    const them = one ? "it" : "them";
    return reschedules
      ? `${booked} Cancel ${them} in the Schedule (the homeowner is told) or move ${them}, then mark the job completed.`
      : `${booked} Ask the office to cancel or move ${them}, then mark the job completed.`;
  },
} as const;
