import { href } from "react-router";
import type { SessionUser } from "~/models/session.server";
import { mayPost } from "~/lib/access";
import { basisFormValues, formatInvoiceNumber, isOverdue, owedCents, takesPayments, VOID_INVOICE_INTENT } from "~/lib/invoice";
import { INVOICE_KIND_LABELS, INVOICE_STATE_LABELS, PAYMENT_METHOD_LABELS, type InvoiceKind, type InvoiceLine, type InvoiceState } from "~/lib/invoice-kinds";
import { businessToday } from "~/lib/lead-status";
import { centsToDollars } from "~/lib/money";
import { formatCents } from "~/lib/money-format";
import { mailStateLabel } from "~/lib/outbox";
import { formatDay } from "~/lib/proposal";
import { acceptedProposalOf, listLeadInvoices } from "~/models/invoice.server";
import { getLead } from "~/models/lead.server";
import { findMail } from "~/models/outbox.server";
import { listInvoicePayments } from "~/models/payment.server";
import { onlinePaymentEnabled } from "~/server/stripe.server";

export type MoneyInvoice = {
  id: number;
  number: string;
  kind: InvoiceKind;
  kindLabel: string;
  state: InvoiceState;
  stateLabel: string;
  total: string;
  paid: string;
  owed: string;
  /** What the payment form may take at most, as dollars ("1250.00"). */
  owedDollars: string;
  dueOn: string | null;
  overdue: boolean;
  pdf: string;
  lines: { description: string; amount: string; changeOrder: boolean }[];
  payments: { id: number; line: string }[];
  mail: string | null;
  voidReason: string | null;
  takesPayments: boolean;
  /** A draft's form values. */
  draft: { basis: string; percent: string; amount: string; dueOn: string; note: string; changeOrders: { description: string; amount: string }[] } | null;
};

/** What the lead page's money panel shows (issue 33): the job's invoices and payments. Never the crew's. */
export type LeadMoneyView = {
  leadId: number;
  /** The accepted proposal's total, or null: no invoice can be made before one. */
  jobTotal: string | null;
  invoices: MoneyInvoice[];
  billed: string;
  received: string;
  owed: string;
  mayVoid: boolean;
  hasFinal: boolean;
  hasEmail: boolean;
  onlinePayment: boolean;
  today: string;
};

export async function leadMoneyView(_request: Request, leadId: number, user: SessionUser): Promise<LeadMoneyView | null> {
  if (user.role === "crew") return null;
  const lead = getLead(leadId);
  if (!lead) return null;
  const proposal = acceptedProposalOf(leadId);
  const rows = listLeadInvoices(leadId);
  const payments = listInvoicePayments(rows.map((r) => r.id));
  const today = businessToday();
  const invoices = rows.map((inv): MoneyInvoice => {
    const lines = inv.lines as (InvoiceLine & { basisPoints?: number })[];
    const owed = owedCents(inv);
    const mail = inv.state === "draft" ? undefined : findMail("invoice", { invoiceId: inv.id });
    return {
      id: inv.id,
      number: formatInvoiceNumber(inv.number),
      kind: inv.kind,
      kindLabel: INVOICE_KIND_LABELS[inv.kind],
      state: inv.state,
      stateLabel: INVOICE_STATE_LABELS[inv.state],
      total: formatCents(inv.totalCents),
      paid: formatCents(inv.paidCents),
      owed: formatCents(owed),
      owedDollars: centsToDollars(owed),
      dueOn: inv.dueOn ? formatDay(inv.dueOn) : null,
      overdue: isOverdue(inv, today),
      pdf: href("/admin/leads/:id/invoices/:iid.pdf", { id: String(leadId), iid: String(inv.id) }),
      lines: lines.map((l) => ({ description: l.description, amount: formatCents(l.amountCents), changeOrder: !!l.changeOrder })),
      payments: payments
        .filter((p) => p.invoiceId === inv.id)
        .map((p) => ({
          id: p.id,
          line: `${formatCents(p.amountCents)} on ${formatDay(p.receivedOn)}, ${PAYMENT_METHOD_LABELS[p.method].toLowerCase()}${p.checkNumber ? ` no. ${p.checkNumber}` : ""}`,
        })),
      mail: mail ? `Emailed to ${mail.recipient}: ${mailStateLabel(mail)}` : null,
      voidReason: inv.voidReason,
      takesPayments: takesPayments(inv),
      draft:
        inv.state === "draft"
          ? {
              ...basisFormValues(inv.kind === "final" ? undefined : lines[0]),
              dueOn: inv.dueOn ?? "",
              note: inv.note ?? "",
              changeOrders: lines.filter((l) => l.changeOrder).map((l) => ({ description: l.description, amount: centsToDollars(l.amountCents) })),
            }
          : null,
    };
  });
  const counted = rows.filter((r) => r.state !== "draft" && r.state !== "void");
  return {
    leadId,
    jobTotal: proposal ? formatCents(proposal.totalCents) : null,
    invoices,
    billed: formatCents(counted.reduce((s, r) => s + r.totalCents, 0)),
    received: formatCents(counted.reduce((s, r) => s + r.paidCents, 0)),
    owed: formatCents(counted.reduce((s, r) => s + owedCents(r), 0)),
    mayVoid: mayPost(user.role, "routes/admin/lead-invoices", VOID_INVOICE_INTENT),
    hasFinal: rows.some((r) => r.kind === "final" && r.state !== "void"),
    hasEmail: lead.email.includes("@"),
    onlinePayment: onlinePaymentEnabled(),
    today,
  };
}
