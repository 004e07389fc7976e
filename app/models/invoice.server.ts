import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, max, ne, sql, type SQL } from "drizzle-orm";
import { invoices, leads, proposals, type Invoice } from "~/db/schema";
import { systemActor, type Actor } from "~/lib/actor";
import {
  baseLine,
  dueWhenSent,
  DEFAULT_DEPOSIT_BASIS_POINTS,
  finalInvoiceLines,
  INVOICE_MESSAGES,
  nextInvoiceNumber,
  owedCents,
  sumCents,
  type InvoiceBasis,
  type SaveInvoiceInput,
} from "~/lib/invoice";
import type { ClaimBill, InvoiceKind, InvoiceLine, InvoicePayer } from "~/lib/invoice-kinds";
import { claimBillLines, claimBillOffers, claimMoney, homeownerOverShare } from "~/lib/claim-money";
import { formatCents } from "~/lib/money-format";
import type { Channel } from "~/lib/outbox";
import { businessToday } from "~/lib/business-time";
import type { ProposalContent } from "~/lib/proposal";
import { unbilledCents } from "~/lib/job-value";
import { dueReminder, REMINDERS_HISTORY_AUTHOR, type ReminderStep } from "~/lib/invoice-reminders";
import { getDb, inTransaction } from "~/server/db.server";
import { jobValueOf } from "./job-value.server";
import { writeLeadHistory } from "./lead-history.server";
import { claimMoneyRows, markSupplementsBilled } from "./claim-money.server";
import { getClaim } from "./insurance-claim.server";
import { isOpenInvoice, isSentInvoice } from "./open-invoice.server";
import { enqueueMail, queueToHomeowner } from "./outbox.server";
import { getSetting } from "./settings.server";
import { isRefusal, refusal, type Refusal } from "~/lib/refusal";

/**
 * Invoices. A draft has no number; sending gives it the next one in the same
 * transaction (max + 1 under SQLite's one writer, so numbers never skip or repeat). A sent
 * invoice is voided, never deleted; a draft may be deleted.
 */

type Line = InvoiceLine & { basisPoints?: number };
const linesOf = (invoice: Pick<Invoice, "lines">) => invoice.lines as Line[];

/** The proposal the lead accepted (and that still stands): what its invoices bill. */
export function acceptedProposalOf(leadId: number) {
  return getDb()
    .select({ id: proposals.id, totalCents: proposals.totalCents, acceptedAt: proposals.acceptedAt })
    .from(proposals)
    .where(and(eq(proposals.leadId, leadId), isNotNull(proposals.acceptedAt), isNull(proposals.withdrawnAt)))
    .get();
}

export function listLeadInvoices(leadId: number): Invoice[] {
  return getDb()
    .select()
    .from(invoices)
    .where(eq(invoices.leadId, leadId))
    .orderBy(asc(invoices.createdAt), asc(invoices.id))
    .all();
}

export function getLeadInvoice(leadId: number, invoiceId: number): Invoice | undefined {
  return getDb()
    .select()
    .from(invoices)
    .where(and(eq(invoices.leadId, leadId), eq(invoices.id, invoiceId)))
    .get();
}

export function getInvoice(invoiceId: number): Invoice | undefined {
  return getDb().select().from(invoices).where(eq(invoices.id, invoiceId)).get();
}

function insertDraft(
  values: { leadId: number; proposalId: number; kind: InvoiceKind; lines: Line[]; payer?: InvoicePayer },
  by: Actor | null,
  now: Date,
): Invoice {
  const total = sumCents(values.lines);
  return getDb()
    .insert(invoices)
    .values({
      ...values,
      state: "draft",
      subtotalCents: total,
      totalCents: total,
      createdBy: by?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
}

/**
 * The deposit draft for a proposal just accepted, at the percent its terms stated when it was
 * sent (one sent before the terms held it: the owner's deposit percent now). Called inside
 * the acceptance's transaction, so an acceptance makes exactly one (a second call for the
 * same proposal returns the first).
 */
export function createDepositDraft(
  proposal: { id: number; leadId: number; totalCents: number; content?: unknown },
  now: Date,
): Invoice {
  return inTransaction(() => {
    const existing = getDb()
      .select()
      .from(invoices)
      .where(and(eq(invoices.proposalId, proposal.id), eq(invoices.kind, "deposit")))
      .get();
    if (existing) return existing;
    const bp =
      (proposal.content as ProposalContent | undefined)?.deposit?.basisPoints ??
      getSetting("pricing").depositBasisPoints ??
      DEFAULT_DEPOSIT_BASIS_POINTS;
    return insertDraft(
      {
        leadId: proposal.leadId,
        proposalId: proposal.id,
        kind: "deposit",
        lines: [baseLine("deposit", proposal.totalCents, { percentBasisPoints: bp })],
      },
      null,
      now,
    );
  });
}

/** The other invoices of the job that the final bill subtracts (void ones drop out there). */
const othersOf = (leadId: number, invoiceId?: number) =>
  getDb()
    .select()
    .from(invoices)
    .where(and(eq(invoices.leadId, leadId), invoiceId === undefined ? undefined : ne(invoices.id, invoiceId)))
    .orderBy(asc(invoices.id))
    .all()
    .map((inv) => ({ ...inv, lines: linesOf(inv) }));

function finalLines(
  leadId: number,
  jobTotal: number,
  changeOrders: readonly InvoiceLine[],
  invoiceId?: number,
): Line[] | Refusal {
  const lines = finalInvoiceLines(jobTotal, othersOf(leadId, invoiceId), changeOrders);
  const total = sumCents(lines);
  if (total < 0) return refusal(INVOICE_MESSAGES.negativeTotal);
  return lines;
}

/**
 * On an insurance claim, a homeowner invoice bills the homeowner's share only (his deductible
 * and what he chose beyond the scope), never the carrier's (decision 0110): this invoice of
 * `totalCents`, with what was billed him before, against that share. Null when it fits, or
 * when the job is not a claim.
 */
function carrierShareRefusal(
  leadId: number,
  invoice: { id?: number; payer: InvoicePayer },
  totalCents: number,
): Refusal | null {
  if (invoice.payer !== "homeowner") return null;
  const rows = claimMoneyRows(leadId);
  if (!rows) return null;
  const money = claimMoney({ ...rows, invoices: rows.invoices.filter((i) => i.id !== invoice.id) });
  const over = homeownerOverShare(money, totalCents);
  if (over === null) return null;
  return refusal(
    `On this insurance claim the homeowner owes ${formatCents(money.homeowner.shareCents)} in all (his deductible${money.upgradeCents ? " and what he chose beyond the scope" : ""}); this invoice would bill him ${formatCents(over)} of the carrier's share. Lower it, or bill it to the carrier.`,
  );
}

/**
 * One of an insurance claim's bills as a draft (lib/claim-money.ts), to the payer chosen: the
 * carrier's first payment, the deductible, the depreciation once the job is completed, or the
 * approved supplements as change orders, each supplement marked billed on it in the same
 * transaction, so none is billed twice.
 */
export function createClaimBillDraft(
  leadId: number,
  bill: ClaimBill,
  payer: InvoicePayer,
  by: Actor,
  now = new Date(),
): Invoice | Refusal {
  return inTransaction(() => {
    const proposal = acceptedProposalOf(leadId);
    if (!proposal) return refusal(INVOICE_MESSAGES.noProposal);
    const rows = claimMoneyRows(leadId);
    if (!rows) return refusal(INVOICE_MESSAGES.notAClaim);
    const money = claimMoney(rows);
    const offer = claimBillOffers(money, rows.invoices, rows.completedAt !== null).find((o) => o.bill === bill);
    if (!offer) return refusal(INVOICE_MESSAGES.claimBillMade);
    const lines = claimBillLines(offer, money, rows.claim);
    const refused = carrierShareRefusal(leadId, { payer }, sumCents(lines));
    if (refused) return refused;
    const invoice = insertDraft({ leadId, proposalId: proposal.id, kind: "progress", lines, payer }, by, now);
    if (bill === "supplements")
      markSupplementsBilled(
        money.unbilledSupplements.map((s) => s.id),
        invoice.id,
      );
    return invoice;
  });
}

/** "New progress invoice" / "New final invoice": a draft from the accepted proposal. */
export function createInvoiceDraft(
  leadId: number,
  kind: "progress" | "final",
  by: Actor,
  now = new Date(),
): Invoice | Refusal {
  return inTransaction(() => {
    const proposal = acceptedProposalOf(leadId);
    if (!proposal) return refusal(INVOICE_MESSAGES.noProposal);
    if (!unbilledCents(jobValueOf(leadId), othersOf(leadId))) return refusal(INVOICE_MESSAGES.nothingOwed);
    if (kind === "progress") {
      return insertDraft(
        {
          leadId,
          proposalId: proposal.id,
          kind,
          lines: [baseLine("progress", proposal.totalCents, { percentBasisPoints: 2500 })],
        },
        by,
        now,
      );
    }
    if (othersOf(leadId).some((inv) => inv.kind === "final" && inv.state !== "void"))
      return refusal("This job has a final invoice already: void it first to make another.");
    const lines = finalLines(leadId, proposal.totalCents, []);
    if (isRefusal(lines)) return lines;
    if (sumCents(lines) === 0) return refusal(INVOICE_MESSAGES.nothingOwed);
    return insertDraft({ leadId, proposalId: proposal.id, kind, lines }, by, now);
  });
}

/** "Save draft": the amount (a percent or dollars), change orders, due day and note. Drafts only. */
export function saveInvoiceDraft(
  leadId: number,
  input: SaveInvoiceInput,
  now = new Date(),
): Invoice | Refusal | undefined {
  return inTransaction(() => {
    const invoice = getLeadInvoice(leadId, input.invoiceId);
    if (!invoice) return undefined;
    if (invoice.state !== "draft") return refusal(INVOICE_MESSAGES.notDraft);
    const proposal = acceptedProposalOf(leadId);
    if (!proposal) return refusal(INVOICE_MESSAGES.noProposal);
    // Only an insurance claim's invoice names another payer than the homeowner.
    const payer = input.payer && getClaim(leadId) ? input.payer : invoice.payer;
    let lines: Line[];
    if (linesOf(invoice).some((l) => l.claimBill)) {
      // A claim's bill says what it is: its lines stay as made.
      lines = linesOf(invoice);
    } else if (invoice.kind === "final") {
      const made = finalLines(leadId, proposal.totalCents, input.changeOrders, invoice.id);
      if (isRefusal(made)) return made;
      lines = made;
    } else {
      const current = linesOf(invoice)[0];
      const basis: InvoiceBasis =
        input.basis ??
        (current?.basisPoints !== undefined
          ? { percentBasisPoints: current.basisPoints }
          : { amountCents: current?.amountCents ?? 0 });
      if ("amountCents" in basis && basis.amountCents > proposal.totalCents)
        return refusal(INVOICE_MESSAGES.amountTooMuch);
      lines = [baseLine(invoice.kind, proposal.totalCents, basis), ...input.changeOrders];
    }
    const total = sumCents(lines);
    if (total < 0) return refusal(INVOICE_MESSAGES.negativeTotal);
    const refused = carrierShareRefusal(leadId, { id: invoice.id, payer }, total);
    if (refused) return refused;
    return getDb()
      .update(invoices)
      .set({
        lines,
        payer,
        subtotalCents: total,
        totalCents: total,
        dueOn: input.dueOn,
        note: input.note,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoice.id))
      .returning()
      .get();
  });
}

/** The highest number given so far. */
const highestNumber = () =>
  getDb()
    .select({ n: max(invoices.number) })
    .from(invoices)
    .get()?.n ?? null;

/**
 * "Send": the draft gets the next number, its due day (two weeks unless set), Sent, and
 * its mail waits in the outbox (a lead with no email gets none: staff hand over the PDF).
 * All in one IMMEDIATE transaction, so two sends at once (two processes even) take two
 * numbers in turn. A final bill is worked out again first: an earlier invoice may have
 * been voided since its draft was made.
 */
export function sendInvoice(
  leadId: number,
  invoiceId: number,
  by: Actor,
  now = new Date(),
): { invoice: Invoice; mailId: number | null; channel: Channel | null; toCarrier: boolean } | Refusal | undefined {
  return inTransaction(() => {
    const invoice = getLeadInvoice(leadId, invoiceId);
    if (!invoice) return undefined;
    if (invoice.state !== "draft") return refusal(INVOICE_MESSAGES.notDraft);
    let lines = linesOf(invoice);
    const others = othersOf(leadId, invoice.id);
    if (invoice.kind === "final" && others.some((inv) => inv.state === "draft"))
      return refusal(INVOICE_MESSAGES.draftWaiting);
    if (
      invoice.kind !== "final" &&
      others.some((inv) => inv.kind === "final" && inv.state !== "draft" && inv.state !== "void")
    )
      return refusal(INVOICE_MESSAGES.finalSent);
    if (invoice.kind === "final") {
      const proposal = acceptedProposalOf(leadId);
      if (!proposal) return refusal(INVOICE_MESSAGES.noProposal);
      const made = finalLines(
        leadId,
        proposal.totalCents,
        lines.filter((l) => l.changeOrder),
        invoice.id,
      );
      if (isRefusal(made)) return made;
      lines = made;
    }
    const total = sumCents(lines);
    if (total <= 0) return refusal(INVOICE_MESSAGES.nothingOwed);
    const refused = carrierShareRefusal(leadId, invoice, total);
    if (refused) return refused;
    const number = nextInvoiceNumber(highestNumber());
    const today = businessToday(now);
    const sent = getDb()
      .update(invoices)
      .set({
        number,
        state: "sent",
        lines,
        subtotalCents: total,
        totalCents: total,
        sentAt: now,
        dueOn: invoice.dueOn ?? dueWhenSent(invoice.kind, today),
        updatedAt: now,
      })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.state, "draft")))
      .returning()
      .get();
    writeLeadHistory({ leadId, kind: "invoice-sent", invoiceId: invoice.id, amountCents: total }, by, now);
    const about = { kind: "invoice" as const, leadId, invoiceId: invoice.id };
    if (invoice.payer !== "homeowner") {
      // The carrier's bill goes to its adjuster, never to the homeowner; without his email, staff send it.
      const adjuster = getClaim(leadId)?.adjusterEmail?.trim();
      const mail = adjuster ? enqueueMail({ ...about, recipient: adjuster }, now) : null;
      return { invoice: sent, mailId: mail?.id ?? null, channel: mail ? "mail" : null, toCarrier: true };
    }
    const lead = getDb().select({ email: leads.email }).from(leads).where(eq(leads.id, leadId)).get();
    const mail = lead ? queueToHomeowner(about, lead.email, now) : null;
    return { invoice: sent, mailId: mail?.id ?? null, channel: mail?.channel ?? null, toCarrier: false };
  });
}

/**
 * "Void" (the owner's): a sent invoice stays, numbered, as Void with the reason. One with
 * payments is not voided; a draft is deleted instead (deleteInvoiceDraft).
 */
export function voidInvoice(
  leadId: number,
  invoiceId: number,
  reason: string | null,
  by: Actor,
  now = new Date(),
): "voided" | Refusal | undefined {
  return inTransaction(() => {
    const invoice = getLeadInvoice(leadId, invoiceId);
    if (!invoice) return undefined;
    if (invoice.state === "draft") return refusal(INVOICE_MESSAGES.voidDraft);
    if (invoice.state === "void") return refusal("This invoice is void already.");
    if (invoice.paidCents > 0) return refusal("An invoice with payments recorded cannot be voided.");
    if (!reason) return refusal(INVOICE_MESSAGES.voidReason);
    getDb()
      .update(invoices)
      .set({ state: "void", voidedAt: now, voidReason: reason, updatedAt: now })
      .where(eq(invoices.id, invoice.id))
      .run();
    writeLeadHistory({ leadId, kind: "invoice-voided", invoiceId: invoice.id, detail: reason }, by, now);
    return "voided";
  });
}

/**
 * "Delete draft" (owner and office): a draft never had a number, so it goes outright and the
 * history says who deleted it. A sent invoice is refused here: it is only voided.
 */
export function deleteInvoiceDraft(
  leadId: number,
  invoiceId: number,
  by: Actor,
  now = new Date(),
): "deleted" | Refusal | undefined {
  return inTransaction(() => {
    const invoice = getLeadInvoice(leadId, invoiceId);
    if (!invoice) return undefined;
    if (invoice.state !== "draft") return refusal(INVOICE_MESSAGES.deleteSent);
    const deleted = getDb()
      .delete(invoices)
      .where(and(eq(invoices.id, invoice.id), eq(invoices.state, "draft")))
      .returning({ id: invoices.id })
      .get();
    if (!deleted) return refusal(INVOICE_MESSAGES.deleteSent);
    // The draft is gone: the entry keeps its kind and amount itself.
    writeLeadHistory(
      { leadId, kind: "invoice-draft-deleted", detail: invoice.kind, amountCents: invoice.totalCents },
      by,
      now,
    );
    return "deleted";
  });
}

/**
 * The open invoices (Sent or Partly paid) due before `today` and on or after `since`, whose
 * jobs take overdue reminders (not paused, not archived): what the daily check looks at.
 */
export function overdueInvoiceIds(today: string, since: string): number[] {
  return getDb()
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(leads, eq(leads.id, invoices.leadId))
    .where(
      and(
        isOpenInvoice,
        // Reminders go to the homeowner: the carrier's bills are followed up by staff.
        eq(invoices.payer, "homeowner"),
        lt(invoices.dueOn, today),
        gte(invoices.dueOn, since),
        isNull(leads.remindersPausedAt),
        isNull(leads.archivedAt),
      ),
    )
    .orderBy(asc(invoices.dueOn), asc(invoices.id))
    .all()
    .map((r) => r.id);
}

const REMINDERS_ACTOR = systemActor(REMINDERS_HISTORY_AUTHOR);

/**
 * Sends this invoice the step of the schedule (`days`) due at `now`, if one is (decision 0104):
 * its mail queued (with its text, or the text alone to a homeowner without an email), the
 * invoice's count and day moved on and the lead's history entry written, in one transaction
 * read afresh, so a crash or a second run never sends a step twice. Nothing at all when no
 * step is due, the job's reminders are paused or its lead archived, or the homeowner cannot
 * be reached (no email, no texts). The step sent, or null.
 */
export function remindOfInvoice(invoiceId: number, days: readonly number[], now: Date): ReminderStep | null {
  return inTransaction(() => {
    const invoice = getInvoice(invoiceId);
    const lead =
      invoice &&
      getDb()
        .select({ email: leads.email, pausedAt: leads.remindersPausedAt, archivedAt: leads.archivedAt })
        .from(leads)
        .where(eq(leads.id, invoice.leadId))
        .get();
    if (!invoice || !lead || lead.pausedAt || lead.archivedAt) return null;
    const step = dueReminder(invoice, days, now);
    if (!step) return null;
    const about = { kind: "invoice-reminder" as const, leadId: invoice.leadId, invoiceId: invoice.id };
    // Each step is a mail of its own, never the last one put back in line.
    if (!queueToHomeowner(about, lead.email, now, { again: false })) return null;
    getDb()
      .update(invoices)
      .set({ remindersSent: invoice.remindersSent + 1, lastRemindedAt: now })
      .where(eq(invoices.id, invoice.id))
      .run();
    writeLeadHistory(
      {
        leadId: invoice.leadId,
        kind: "invoice-reminder-sent",
        invoiceId: invoice.id,
        amountCents: owedCents(invoice),
        count: step.days,
      },
      REMINDERS_ACTOR,
      now,
    );
    return step;
  });
}

/** A job that still owes money: what its sent invoices owe, and how much of that is past due. */
export type OwingJob = {
  leadId: number;
  name: string;
  owedCents: number;
  overdueCents: number;
  oldestDue: string | null;
};

/** How many owing jobs the pipeline lists on one page. */
export const OWING_PAGE_SIZE = 20;

/**
 * The jobs that owe, for the pipeline: summed by SQLite over the open invoices (Sent
 * or Partly paid, a partial index), the most overdue first, one page of them (`page` from
 * 1; past the last, the last); `where` narrows the leads (whose). The totals and the count
 * cover every owing job, not only the page's. Offset paging: the order is by sums, which
 * SQLite works out for every job whatever the page, so a keyset would save nothing.
 */
export function owingJobs(
  today: string,
  where?: SQL,
  page = 1,
  pageSize = OWING_PAGE_SIZE,
): { jobs: OwingJob[]; owedCents: number; overdueCents: number; jobCount: number; page: number; pages: number } {
  const owed = sql<number>`sum(${invoices.totalCents} - ${invoices.paidCents})`;
  const overdue = sql<number>`coalesce(sum(case when ${invoices.dueOn} < ${today} then ${invoices.totalCents} - ${invoices.paidCents} else 0 end), 0)`;
  const open = and(isOpenInvoice, where);
  const totals = getDb()
    .select({ owedCents: owed, overdueCents: overdue, jobCount: sql<number>`count(distinct ${invoices.leadId})` })
    .from(invoices)
    .innerJoin(leads, eq(leads.id, invoices.leadId))
    .where(open)
    .get();
  const jobCount = totals?.jobCount ?? 0;
  const pages = Math.max(1, Math.ceil(jobCount / pageSize));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const jobs = getDb()
    .select({
      leadId: invoices.leadId,
      name: leads.name,
      owedCents: owed,
      overdueCents: overdue,
      oldestDue: sql<string | null>`min(${invoices.dueOn})`,
    })
    .from(invoices)
    .innerJoin(leads, eq(leads.id, invoices.leadId))
    .where(open)
    .groupBy(invoices.leadId)
    .orderBy(desc(overdue), desc(owed), asc(invoices.leadId))
    .limit(pageSize)
    .offset((shown - 1) * pageSize)
    .all();
  return {
    jobs,
    owedCents: totals?.owedCents ?? 0,
    overdueCents: totals?.overdueCents ?? 0,
    jobCount,
    page: shown,
    pages,
  };
}

/** What each lead was billed, has paid and still owes (sent invoices, not drafts or void ones), in cents. */
export function moneyByLead(
  leadIds: number[],
): Map<number, { invoicedCents: number; paidCents: number; owedCents: number }> {
  if (!leadIds.length) return new Map();
  const rows = getDb()
    .select({
      leadId: invoices.leadId,
      invoicedCents: sql<number>`sum(${invoices.totalCents})`,
      paidCents: sql<number>`sum(${invoices.paidCents})`,
      owedCents: sql<number>`sum(case when ${isOpenInvoice} then ${invoices.totalCents} - ${invoices.paidCents} else 0 end)`,
    })
    .from(invoices)
    .where(and(inArray(invoices.leadId, leadIds), isSentInvoice))
    .groupBy(invoices.leadId)
    .all();
  return new Map(rows.map(({ leadId, ...money }) => [leadId, money]));
}
