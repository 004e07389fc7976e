import { seesMoney } from "./access";
import { MONEY_KINDS, type HistoryKind } from "./history-kinds";
import { CLAIM_FILE_KIND_LABELS, isClaimFileKind } from "./claim-kinds";
import { CLAIM_HISTORY_WORDS, seesClaimFile } from "./insurance-claim";
import { formatInvoiceNumber, INVOICE_MESSAGES } from "./invoice";
import { INVOICE_KINDS, paymentMethodWords, type InvoiceKind, type PaymentMethod } from "./invoice-kinds";
import { JOB_PAGE_LINK_MESSAGES } from "./job-page";
import { JOB_PHOTO_MESSAGES } from "./job-photos";
import { LEAD_MESSAGES, type LeadStatus } from "./lead-status";
import { ADDED_BY_HAND } from "./manual-lead";
import { PROPOSAL_MAIL_MESSAGES } from "./proposal-mail";
import { formatCents } from "./money-format";
import { formatDay, formatKansasTime, formatShortDay, kansasDay } from "./business-time";
import type { Role } from "./roles";
import { lengthLabel } from "./visit-form";
import { VISIT_KIND_LABELS, type VisitKind } from "./visit-kinds";

/**
 * A lead's history is stored as what happened (decision 0074): a kind, the amount, the invoice,
 * payment, visit or person it was about. This is the one place its words are made, when it is
 * shown, for the role that reads it: the crew reads that an invoice went out or a payment came
 * in, never an amount, an invoice number, a payment method or a void reason.
 */

/** A history row as read for showing: its columns and what the rows it names say now. */
export type HistoryRow = {
  id: number;
  createdAt: Date;
  /** Who wrote it: the account's name now, or the system author it was written with. */
  author: string;
  kind: HistoryKind;
  body: string | null;
  statusFrom: LeadStatus | null;
  statusTo: LeadStatus | null;
  amountCents: number | null;
  count: number | null;
  detail: string | null;
  reference: string | null;
  visitStartsAt: Date | null;
  subjectName: string | null;
  invoiceNumber: number | null;
  invoiceKind: InvoiceKind | null;
  paymentMethod: PaymentMethod | null;
  checkNumber: string | null;
  visitKind: VisitKind | null;
};

/** An entry as a page shows it: who, when, the change of status, and its words for this reader. */
export type HistoryEntryView = {
  id: number;
  createdAt: Date;
  author: string;
  statusFrom: LeadStatus | null;
  statusTo: LeadStatus | null;
  text: string | null;
};

export const HISTORY_WORDS = {
  addedInRoofTool: "Added in the roof tool",
  roofMeasured: "Roof measured",
  jobCompleted: "Job completed",
  jobReopened: "Job marked not completed",
  proposalWithdrawn: "The estimate changed: the open proposal was withdrawn",
  refundDueForCrew: "An online payment needs the owner's attention",
  textsStopped: "Replied STOP: no more texts",
  textsStarted: "Replied START: texts are on again",
} as const;

const isInvoiceKind = (value: string | null): value is InvoiceKind => INVOICE_KINDS.some((k) => k === value);

const count = (n: number | null, one: string, many: string) => (n === 1 ? one : `${n ?? 0} ${many}`);

const visitWhen = (at: Date) => `${formatShortDay(kansasDay(at))} at ${formatKansasTime(at)}`;

/** "Deposit", "progress"… as a sentence reads it (or just "invoice" when the kind is gone). */
function invoiceKindOf(row: HistoryRow): InvoiceKind | null {
  return row.invoiceKind ?? (isInvoiceKind(row.detail) ? row.detail : null);
}

function moneyWords(row: HistoryRow): string | null {
  const amount = formatCents(row.amountCents ?? 0);
  const invoice = formatInvoiceNumber(row.invoiceNumber);
  switch (row.kind) {
    case "proposal-created": {
      const replaced = row.count
        ? `; it replaces ${row.count === 1 ? "the earlier proposal" : `${row.count} earlier proposals`}`
        : "";
      const until = row.detail ? `, valid until ${formatDay(row.detail)}` : "";
      return `Proposal link created: ${amount}${until}${replaced}`;
    }
    case "invoice-sent":
      return `Invoice ${invoice} (${invoiceKindOf(row) ?? "invoice"}, ${amount}) sent`;
    case "invoice-voided":
      return `Invoice ${invoice} voided: ${row.detail ?? ""}`;
    case "invoice-draft-deleted":
      return `Draft ${invoiceKindOf(row) ? `${invoiceKindOf(row)} ` : ""}invoice (${amount}) deleted`;
    case "payment-received": {
      const how = row.paymentMethod
        ? ` ${paymentMethodWords({ method: row.paymentMethod, checkNumber: row.checkNumber })}`
        : "";
      return `${amount} received${how} on invoice ${invoice}`;
    }
    case "invoice-reminder-sent":
      return `Reminder sent for invoice ${invoice}, ${count(row.count, "1 day", "days")} past due: ${amount} owed`;
    case "payment-refunded": {
      const from = row.paymentMethod
        ? ` from the payment received ${paymentMethodWords({ method: row.paymentMethod, checkNumber: row.checkNumber })}`
        : "";
      return `${amount} refunded${from} on invoice ${invoice}: ${row.detail ?? ""}`;
    }
    case "online-payment-unrecorded":
      return `An online payment of ${amount} for invoice ${invoice} was not recorded (${row.detail ?? ""}): refund it from the Stripe dashboard (${row.reference ?? ""}).`;
    case "online-payment-over":
      return `The online payment for invoice ${invoice} was ${amount} more than was owed: refund ${amount} from the Stripe dashboard (${row.reference ?? ""}).`;
    case "supplement-submitted":
      return CLAIM_HISTORY_WORDS.supplementSubmitted(row.detail ?? "", amount);
    case "supplement-approved":
      return CLAIM_HISTORY_WORDS.supplementApproved(row.detail ?? "", amount);
    default:
      return null;
  }
}

/** The same events for the crew: that they happened, and to which kind of invoice. */
function crewWords(row: HistoryRow): string | null {
  const kind = invoiceKindOf(row);
  const invoice = kind ? `${kind} invoice` : "invoice";
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  switch (row.kind) {
    case "proposal-created":
      return "Proposal link created";
    case "invoice-sent":
      return `${capital(invoice)} sent`;
    case "invoice-voided":
      return `${capital(invoice)} voided`;
    case "invoice-draft-deleted":
      return `Draft ${invoice} deleted`;
    case "payment-received":
      return `Payment received on the ${invoice}`;
    case "invoice-reminder-sent":
      return `Payment reminder sent for the ${invoice}`;
    case "payment-refunded":
      return `Payment refunded on the ${invoice}`;
    case "online-payment-unrecorded":
    case "online-payment-over":
      return HISTORY_WORDS.refundDueForCrew;
    case "supplement-submitted":
      return CLAIM_HISTORY_WORDS.crewSupplementSubmitted(row.detail ?? "");
    case "supplement-approved":
      return CLAIM_HISTORY_WORDS.crewSupplementApproved(row.detail ?? "");
    default:
      return null;
  }
}

/** What an entry says to a reader in `role`; null when it says nothing beyond its change of status. */
export function historyText(row: HistoryRow, role: Role): string | null {
  if (row.kind === "note") return row.body;
  const money = MONEY_KINDS.has(row.kind);
  if (money && !seesMoney(role)) return crewWords(row);
  // A text's words are its body: said as a text, not as a note.
  const texted = textWords(row);
  if (texted !== null) return texted;
  // An older entry was written as words; those stay as they were for whoever may read them.
  if (row.body !== null) return row.body;
  if (money) return moneyWords(row);
  switch (row.kind) {
    case "added-by-hand":
      return ADDED_BY_HAND;
    case "added-in-roof-tool":
      return HISTORY_WORDS.addedInRoofTool;
    case "roof-measured":
      return HISTORY_WORDS.roofMeasured;
    case "assigned":
      return LEAD_MESSAGES.assigned(row.subjectName);
    case "job-completed":
      return HISTORY_WORDS.jobCompleted;
    case "job-reopened":
      return HISTORY_WORDS.jobReopened;
    case "job-links-revoked":
      return JOB_PAGE_LINK_MESSAGES.revokedNote(row.count ?? 0);
    case "homeowner-photos":
      return `Added ${count(row.count, "a photo", "photos")} from the job page`;
    case "job-photos":
      return JOB_PHOTO_MESSAGES.added(row.count ?? 0);
    case "proposal-emailed":
      return PROPOSAL_MAIL_MESSAGES.sent(row.detail ?? "the homeowner");
    case "proposal-withdrawn":
      return HISTORY_WORDS.proposalWithdrawn;
    case "proposal-accepted":
      return `Accepted by ${row.detail ?? ""}`;
    case "invoice-reminders-paused":
      return INVOICE_MESSAGES.remindersPaused;
    case "invoice-reminders-resumed":
      return INVOICE_MESSAGES.remindersResumed;
    case "visit-booked":
    case "visit-moved":
    case "visit-length-changed":
    case "visit-canceled":
      return visitWords(row);
    case "claim-marked":
      return CLAIM_HISTORY_WORDS.marked(row.detail ?? "", row.reference ?? "");
    case "claim-changed":
      return CLAIM_HISTORY_WORDS.changed;
    case "claim-removed":
      return CLAIM_HISTORY_WORDS.removed(row.detail ?? "");
    case "claim-file-added":
    case "claim-file-deleted":
      return claimFileWords(row, role);
    case "supplement-denied":
      return CLAIM_HISTORY_WORDS.supplementDenied(row.detail ?? "");
    default:
      return null;
  }
}

/**
 * A claim file kept or deleted: its kind and its name; a reader who may not open that kind of
 * file (the crew, a letter) reads that a document came or went, not its name.
 */
function claimFileWords(row: HistoryRow, role: Role): string {
  const kind = isClaimFileKind(row.detail) ? row.detail : "other";
  const name = seesClaimFile(seesMoney(role), kind) ? row.reference : null;
  const label = CLAIM_FILE_KIND_LABELS[kind];
  return row.kind === "claim-file-added"
    ? CLAIM_HISTORY_WORDS.fileAdded(label, name)
    : CLAIM_HISTORY_WORDS.fileDeleted(label, name);
}

/** A text sent or received, "on my way", a STOP or START; null for any other entry. */
function textWords(row: HistoryRow): string | null {
  switch (row.kind) {
    case "text-sent":
      return `Texted: ${row.body ?? ""}`;
    case "text-received":
      return `Text from them: ${row.body ?? ""}`;
    case "on-my-way":
      return `Texted "on my way" (${row.detail ?? ""})`;
    case "texts-stopped":
      return HISTORY_WORDS.textsStopped;
    case "texts-started":
      return HISTORY_WORDS.textsStarted;
    default:
      return null;
  }
}

function visitWords(row: HistoryRow): string {
  const label = row.visitKind ? VISIT_KIND_LABELS[row.visitKind] : "Visit";
  const when = row.visitStartsAt ? visitWhen(row.visitStartsAt) : "";
  if (row.kind === "visit-moved") return `${label} moved to ${when}`;
  if (row.kind === "visit-canceled") return `${label} on ${when} canceled`;
  // `count` holds the visit's new length in minutes.
  if (row.kind === "visit-length-changed") return `${label} on ${when} now takes ${lengthLabel(row.count ?? 0)}`;
  return `${label} booked for ${when}`;
}

/** The entries as `role` may read them: nothing else of the row leaves the server. */
export function historyFor(rows: readonly HistoryRow[], role: Role): HistoryEntryView[] {
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    author: row.author,
    statusFrom: row.statusFrom,
    statusTo: row.statusTo,
    text: historyText(row, role),
  }));
}
