import { href } from "react-router";
import type { SessionUser } from "~/models/session.server";
import { mayPost } from "~/lib/access";
import {
  basisFormValues,
  DELETE_DRAFT_INTENT,
  formatInvoiceNumber,
  invoiceRows,
  isOverdue,
  type InvoiceRow,
  owedCents,
  refundableCents,
  REFUND_PAYMENT_INTENT,
  takesPayments,
  VOID_INVOICE_INTENT,
} from "~/lib/invoice";
import {
  billTo,
  claimBillOffers,
  claimMoney,
  claimSummary,
  deductibleDueOn,
  type ClaimSummary,
} from "~/lib/claim-money";
import { claimMoneyRows } from "~/models/claim-money.server";
import {
  INVOICE_KIND_LABELS,
  invoiceKindLabel,
  INVOICE_PAYER_LABELS,
  INVOICE_PAYERS,
  INVOICE_STATE_LABELS,
  type ClaimBill,
  type InvoicePayer,
  paymentMethodWords,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceState,
} from "~/lib/invoice-kinds";
import { businessToday, formatDay } from "~/lib/business-time";
import { invoiceReminderLine, reminderNote, reminderStanding } from "~/lib/invoice-reminders";
import { centsToDollars } from "~/lib/money";
import { formatCents } from "~/lib/money-format";
import { emailedLine } from "~/lib/outbox";
import { acceptedProposalOf, listLeadInvoices } from "~/models/invoice.server";
import { jobValueOf } from "~/models/job-value.server";
import { billedCents, unbilledCents } from "~/lib/job-value";
import { getLead } from "~/models/lead.server";
import { findMail, textedInsteadOfMail } from "~/models/outbox.server";
import { stripeRefundNotes } from "~/models/lead-history.server";
import { listInvoicePayments } from "~/models/payment.server";
import { getSetting } from "~/models/settings.server";
import { listPaymentRefunds } from "~/models/refund.server";
import { onlinePaymentEnabled } from "~/server/stripe.server";

/** One figure of a money block ("Total", "$3,000.00"); `strong` is the one to read first. */
export type MoneyFigure = { label: string; value: string; strong?: boolean };

export type MoneyInvoice = {
  id: number;
  number: string;
  kind: InvoiceKind;
  kindLabel: string;
  /** Who owes it, and in words: "State Farm (claim 12-345)" for the carrier. */
  payer: InvoicePayer;
  billTo: string;
  /** The draft's send button: to whom it goes (the carrier's bill to its adjuster, never the homeowner). */
  sendLabel: string;
  state: InvoiceState;
  stateLabel: string;
  /** Total, paid, owed and due, as true for its state (a draft owes nothing yet: "Not sent yet"). */
  figures: MoneyFigure[];
  owed: string;
  /** What the payment form may take at most, as dollars ("1250.00"). */
  owedDollars: string;
  dueOn: string | null;
  overdue: boolean;
  pdf: string;
  /** In the order they add up (lib/invoice.ts, as the PDF): the work, the job's total, what was billed before. */
  lines: InvoiceRow[];
  /** Each payment with the refunds made from it, and the owner's refund form when something is left of it. */
  payments: MoneyPayment[];
  mail: string | null;
  /** Its overdue reminders: those sent, and the next while they go (lib/invoice-reminders.ts). */
  reminder: string | null;
  voidReason: string | null;
  takesPayments: boolean;
  /** The confirm step of "Delete draft" (a draft, for those who may delete one), or null. */
  deleteTo: string | null;
  /** "Void": a sent invoice with nothing paid, for the owner. */
  voidable: boolean;
  /** A draft's form values. */
  draft: {
    basis: string;
    percent: string;
    amount: string;
    dueOn: string;
    note: string;
    /** A claim's bill keeps its lines: only its payer, due day and note change. */
    claimBill: boolean;
    changeOrders: { description: string; amount: string }[];
  } | null;
};

export type MoneyPayment = {
  id: number;
  line: string;
  refunds: { id: number; line: string }[];
  refund: {
    /** What is left of the payment to give back: "$300.00", and "300.00" for the form. */
    left: string;
    leftDollars: string;
    receivedOn: string;
    /** An online payment's money goes back through Stripe's dashboard: the words that say so. */
    online: string | null;
  } | null;
};

/** An insurance claim's money on the lead page (decision 0110): its summary and the bills not made yet. */
export type LeadClaimMoney = {
  summary: ClaimSummary;
  offers: { bill: ClaimBill; label: string; amount: string; payer: InvoicePayer }[];
  /** The payers an invoice of the claim may name, with their words. */
  payers: { value: InvoicePayer; label: string }[];
  /** The completion certificate for the carrier, once the job is completed. */
  certificate: string | null;
};

/** What the lead page's money panel shows: the job's invoices and payments. Never the crew's. */
export type LeadMoneyView = {
  leadId: number;
  /** The job is an insurance claim: its money, or null. */
  claim: LeadClaimMoney | null;
  /** The accepted proposal's total, or null: no invoice can be made before one. */
  jobTotal: string | null;
  invoices: MoneyInvoice[];
  /** The job's figures: its total, billed, received, owed (drafts and void invoices count nothing). */
  figures: MoneyFigure[];
  /** The draft whose deletion is being confirmed (`?delete-draft=<id>` on the page), and where Cancel goes. */
  confirmDelete: { invoiceId: number; detail: string; closeTo: string } | null;
  /** Online payments Stripe took beyond what was owed: the owner refunds them in the Stripe dashboard. */
  refunds: { id: number; on: string; text: string }[];
  /** Something of the job's value is not billed yet: a new invoice may be made. */
  billable: boolean;
  hasFinal: boolean;
  /** An invoice sent goes to the homeowner: by mail, or by text to one without an email who takes texts. */
  reachesHomeowner: boolean;
  onlinePayment: boolean;
  /**
   * The job's overdue reminders, once it has an invoice sent and open (or they are paused):
   * where they stand in a sentence, and whether the button pauses or resumes them.
   */
  reminders: { note: string; toggle: "pause" | "resume" } | null;
  today: string;
};

/** An invoice's figures as true for its state: a draft is not owed yet, a void one not at all. */
function invoiceFigures(inv: {
  state: InvoiceState;
  totalCents: number;
  paidCents: number;
  dueOn: string | null;
}): MoneyFigure[] {
  const total = { label: "Total", value: formatCents(inv.totalCents), strong: inv.state === "draft" };
  const due = { label: "Due", value: inv.dueOn ? formatDay(inv.dueOn) : inv.state === "draft" ? "Set when sent" : "—" };
  if (inv.state === "draft") return [total, { label: "Owed", value: "Not sent yet" }, due];
  if (inv.state === "void") return [total, { label: "Owed", value: "Nothing (void)" }];
  return [
    total,
    { label: "Paid", value: formatCents(inv.paidCents) },
    { label: "Owed", value: formatCents(owedCents(inv)), strong: true },
    due,
  ];
}

const leadPage = (leadId: number) => href("/admin/leads/:id", { id: String(leadId) });

export async function leadMoneyView(
  request: Request,
  leadId: number,
  user: SessionUser,
): Promise<LeadMoneyView | null> {
  if (user.role === "crew") return null;
  const lead = getLead(leadId);
  if (!lead) return null;
  const proposal = acceptedProposalOf(leadId);
  const rows = listLeadInvoices(leadId);
  const payments = listInvoicePayments(rows.map((r) => r.id));
  const refunds = listPaymentRefunds(payments.map((p) => p.id));
  const mayRefund = mayPost(user.role, "routes/admin/lead-payments", REFUND_PAYMENT_INTENT);
  const today = businessToday();
  const mayDelete = mayPost(user.role, "routes/admin/lead-invoices", DELETE_DRAFT_INTENT);
  const mayVoid = mayPost(user.role, "routes/admin/lead-invoices", VOID_INVOICE_INTENT);
  const here = `${leadPage(leadId)}#lead-money`;
  const now = new Date();
  const schedule = getSetting("invoiceReminders");
  const reachesHomeowner = lead.email.includes("@") || textedInsteadOfMail({ id: leadId, email: lead.email });
  const standing = reminderStanding({
    enabled: schedule.enabled,
    paused: !!lead.remindersPausedAt,
    archived: !!lead.archivedAt,
    reachable: reachesHomeowner,
  });
  const claimRows = claimMoneyRows(leadId);
  const claim = claimRows?.claim ?? null;
  const invoices = rows.map((inv): MoneyInvoice => {
    const lines = inv.lines as (InvoiceLine & { basisPoints?: number })[];
    const owed = owedCents(inv);
    // A lead without an email got the invoice by text.
    const mail =
      inv.state === "draft"
        ? undefined
        : (findMail("invoice", { invoiceId: inv.id }) ?? findMail("invoice", { invoiceId: inv.id }, "text"));
    return {
      id: inv.id,
      number: formatInvoiceNumber(inv.number),
      kind: inv.kind,
      kindLabel: invoiceKindLabel({ kind: inv.kind, lines }),
      payer: inv.payer,
      billTo: billTo(inv.payer, lead.name, claim),
      sendLabel:
        inv.payer !== "homeowner" && claim
          ? claim.adjusterEmail
            ? "Send to the adjuster"
            : "Number it and mark sent"
          : reachesHomeowner
            ? "Send to the homeowner"
            : "Number it and mark sent",
      state: inv.state,
      stateLabel: INVOICE_STATE_LABELS[inv.state],
      figures: invoiceFigures(inv),
      owed: formatCents(owed),
      owedDollars: centsToDollars(owed),
      dueOn: inv.dueOn ? formatDay(inv.dueOn) : null,
      overdue: isOverdue(inv, today),
      pdf: href("/admin/leads/:id/invoices/:iid.pdf", { id: String(leadId), iid: String(inv.id) }),
      lines: invoiceRows(lines),
      payments: payments
        .filter((p) => p.invoiceId === inv.id)
        .map((p): MoneyPayment => {
          const own = refunds.filter((r) => r.paymentId === p.id);
          const left = refundableCents(p, own);
          return {
            id: p.id,
            line: `${formatCents(p.amountCents)} on ${formatDay(p.receivedOn)}, ${paymentMethodWords(p)}`,
            refunds: own.map((r) => ({
              id: r.id,
              line: `${formatCents(r.amountCents)} on ${formatDay(r.refundedOn)}: ${r.reason}`,
            })),
            refund:
              mayRefund && left > 0 && inv.state !== "void"
                ? {
                    left: formatCents(left),
                    leftDollars: centsToDollars(left),
                    receivedOn: p.receivedOn,
                    online:
                      p.method === "online"
                        ? `Paid online: refund it from the Stripe dashboard first (${p.stripeSessionId ?? "its session"}), then record it here. The site does not move the money.`
                        : null,
                  }
                : null,
          };
        }),
      mail: mail ? emailedLine(mail) : null,
      reminder: invoiceReminderLine(inv, schedule.days, standing, now),
      voidReason: inv.voidReason,
      takesPayments: takesPayments(inv),
      deleteTo: mayDelete && inv.state === "draft" ? `${leadPage(leadId)}?delete-draft=${inv.id}#lead-money` : null,
      voidable: mayVoid && inv.state === "sent" && inv.paidCents === 0,
      draft:
        inv.state === "draft"
          ? {
              ...basisFormValues(inv.kind === "final" ? undefined : lines[0]),
              dueOn: inv.dueOn ?? "",
              note: inv.note ?? "",
              claimBill: lines.some((l) => l.claimBill),
              changeOrders: lines
                .filter((l) => l.changeOrder)
                .map((l) => ({ description: l.description, amount: centsToDollars(l.amountCents) })),
            }
          : null,
    };
  });
  const counted = rows.filter((r) => r.state !== "draft" && r.state !== "void");
  // The job's one value (the accepted proposal plus change orders), as every list shows it.
  const jobValue = proposal ? (jobValueOf(leadId) ?? proposal.totalCents) : null;
  const deleting = mayDelete
    ? rows.find((r) => r.state === "draft" && String(r.id) === new URL(request.url).searchParams.get("delete-draft"))
    : undefined;
  return {
    leadId,
    claim: claimRows ? claimMoneyView(claimRows, leadId, !!proposal) : null,
    jobTotal: jobValue === null ? null : formatCents(jobValue),
    invoices,
    figures: proposal
      ? [
          { label: "Job total", value: formatCents(jobValue ?? proposal.totalCents) },
          { label: "Billed", value: formatCents(billedCents(rows)) },
          { label: "Received", value: formatCents(counted.reduce((s, r) => s + r.paidCents, 0)) },
          { label: "Owed", value: formatCents(counted.reduce((s, r) => s + owedCents(r), 0)), strong: true },
        ]
      : [],
    confirmDelete: deleting
      ? {
          invoiceId: deleting.id,
          detail: `${INVOICE_KIND_LABELS[deleting.kind]} invoice draft for ${formatCents(deleting.totalCents)}. It has no number yet, so none is skipped.`,
          closeTo: here,
        }
      : null,
    refunds: stripeRefundNotes(leadId).map((n) => ({
      id: n.id,
      on: formatDay(businessToday(n.createdAt)),
      text: n.body,
    })),
    billable: jobValue !== null && unbilledCents(jobValue, rows) > 0,
    hasFinal: rows.some((r) => r.kind === "final" && r.state !== "void"),
    reachesHomeowner,
    onlinePayment: onlinePaymentEnabled(),
    reminders:
      lead.remindersPausedAt || rows.some((r) => r.state === "sent" || r.state === "partly_paid")
        ? {
            note: reminderNote(standing, schedule.days, lead.remindersPausedAt),
            toggle: lead.remindersPausedAt ? "resume" : "pause",
          }
        : null,
    today,
  };
}

/** A claim's summary, the bills the create form offers (none before a proposal is accepted), and its certificate. */
function claimMoneyView(
  rows: NonNullable<ReturnType<typeof claimMoneyRows>>,
  leadId: number,
  billable = true,
): LeadClaimMoney {
  const money = claimMoney(rows);
  const completed = rows.completedAt !== null;
  return {
    summary: claimSummary(rows.claim, money, { deductibleDueOn: deductibleDueOn(rows.invoices), completed }),
    offers: billable
      ? claimBillOffers(money, rows.invoices, completed).map((o) => ({
          bill: o.bill,
          label: o.label,
          amount: formatCents(o.amountCents),
          payer: o.payer,
        }))
      : [],
    payers: INVOICE_PAYERS.map((value) => ({ value, label: INVOICE_PAYER_LABELS[value] })),
    certificate: completed ? href("/admin/leads/:id/completion-certificate.pdf", { id: String(leadId) }) : null,
  };
}
