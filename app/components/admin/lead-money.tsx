import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banknote, BellOff, BellRing, FileDown, Plus, Receipt, Send, Trash2, TriangleAlert, Undo2 } from "lucide-react";
import { href, Link } from "react-router";
import { ConfirmDelete, Field, FieldError, inputClass, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { useLeadFormPost, type LeadFormPost } from "~/components/admin/use-lead-form-post";
import type { ReactNode } from "react";
import type { z } from "zod";
import { replyFor } from "~/lib/form-result";
import { ClaimSummary } from "~/components/claim-summary";
import {
  CREATE_CLAIM_BILL_INTENT,
  CREATE_INVOICE_INTENT,
  DELETE_DRAFT_INTENT,
  HAND_METHODS,
  INVOICE_MESSAGES,
  MAX_CHANGE_ORDERS,
  PAUSE_REMINDERS_INTENT,
  RECORD_PAYMENT_INTENT,
  RecordPaymentSchema,
  REFUND_PAYMENT_INTENT,
  RefundPaymentSchema,
  SAVE_INVOICE_INTENT,
  SaveInvoiceSchema,
  SEND_INVOICE_INTENT,
  VOID_INVOICE_INTENT,
  type MoneyFormResult,
} from "~/lib/invoice";
import { PAYMENT_METHOD_LABELS } from "~/lib/invoice-kinds";
import type { LeadMoneyView, MoneyFigure, MoneyInvoice, MoneyPayment } from "~/services/lead-money-view.server";

const STATE_TONE: Record<MoneyInvoice["state"], string> = {
  draft: "bg-gray-200 text-gray-800",
  sent: "bg-amber-100 text-amber-900",
  partly_paid: "bg-sky-100 text-sky-900",
  paid: "bg-green-100 text-green-900",
  void: "bg-gray-200 text-gray-600 line-through",
};

const invoicesPath = (leadId: number) => href("/admin/leads/:id/invoices", { id: String(leadId) });
const paymentsPath = (leadId: number) => href("/admin/leads/:id/payments", { id: String(leadId) });

function FormError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" id={id} className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {errors[0]}
    </p>
  );
}

/**
 * The job's money on the lead page: each invoice with its number, kind, state,
 * total, paid, owed and due day, its PDF, and what may be done with it now (edit, send or
 * delete a draft; record a payment; void). Each form posts natively without scripts and
 * through its own fetcher with them. Never shown to the crew (the loader leaves it out).
 */
export function LeadMoney({ view, result }: { view: LeadMoneyView | null; result?: MoneyFormResult }) {
  if (!view) return null;
  return (
    <>
      {view.claim && (
        <ClaimSummary summary={view.claim.summary} title="Insurance claim: what the homeowner reads">
          {view.claim.certificate && (
            <a
              href={view.claim.certificate}
              className="inline-flex items-center gap-1 py-2 font-semibold text-brand underline"
            >
              <FileDown aria-hidden className="size-4" /> Completion certificate (PDF, for the carrier)
            </a>
          )}
        </ClaimSummary>
      )}
      <MoneySection view={view} result={result} />
    </>
  );
}

function MoneySection({ view, result }: { view: LeadMoneyView; result?: MoneyFormResult }) {
  return (
    <section aria-labelledby="lead-money" className="mt-6 space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="lead-money" className="flex items-center gap-2 text-lg font-bold">
          <Banknote aria-hidden className="size-5 text-brand" /> Invoices and payments
        </h2>
      </div>
      {view.figures.length > 0 && <Figures figures={view.figures} label="The job's money" />}
      {view.refunds.length > 0 && <Refunds refunds={view.refunds} />}
      {!view.jobTotal && view.invoices.length === 0 && (
        <p className="text-sm text-ink-soft">
          Invoices start when the homeowner accepts a proposal: its deposit draft is made then.
        </p>
      )}
      {view.jobTotal && (
        <p className="text-xs text-ink-soft">
          Online card payment on the homeowner&rsquo;s job page is{" "}
          {view.onlinePayment ? "on" : "off (Stripe is not set up)"}.
        </p>
      )}
      {view.reminders && <Reminders reminders={view.reminders} leadId={view.leadId} result={result} />}
      {view.invoices.length > 0 && (
        <ul className="space-y-3">
          {view.invoices.map((invoice) => (
            <InvoiceCard key={invoice.id} invoice={invoice} view={view} result={result} />
          ))}
        </ul>
      )}
      {view.claim && view.claim.offers.length > 0 && (
        <ClaimBills claim={view.claim} leadId={view.leadId} result={result} />
      )}
      {view.billable && <CreateInvoice view={view} result={result} />}
      {view.confirmDelete && (
        <ConfirmDelete
          title="Delete draft invoice"
          question="Are you sure you want to delete this draft invoice?"
          detail={view.confirmDelete.detail}
          id={view.confirmDelete.invoiceId}
          intent={DELETE_DRAFT_INTENT}
          action={invoicesPath(view.leadId)}
          closeTo={view.confirmDelete.closeTo}
        />
      )}
    </section>
  );
}

/** Total, paid, owed and due (an invoice's, or the job's): one block, the figure to read first in bold. */
function Figures({ figures, label }: { figures: MoneyFigure[]; label?: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
      {figures.map((f) => (
        <div key={f.label}>
          <dt className="text-xs text-ink-soft">{f.label}</dt>
          <dd className={f.strong ? "font-semibold" : undefined}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What Stripe took beyond what was owed (decision 0068): the owner refunds it in the Stripe dashboard. */
function Refunds({ refunds }: { refunds: LeadMoneyView["refunds"] }) {
  return (
    <div
      role="note"
      aria-label="Online payments to refund"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-4 shrink-0" /> Paid online beyond what was owed: refund it in your
        Stripe dashboard
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {refunds.map((r) => (
          <li key={r.id} className="break-words">
            {r.on}: {r.text}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs">
        The site does not issue or record refunds; Stripe&rsquo;s dashboard shows the payment by its session id.
      </p>
    </div>
  );
}

function InvoiceCard({
  invoice,
  view,
  result,
}: {
  invoice: MoneyInvoice;
  view: LeadMoneyView;
  result?: MoneyFormResult;
}) {
  return (
    <li
      className="rounded-md border border-black/10 bg-sand/50 p-3 text-sm"
      aria-label={`${invoice.kindLabel} invoice ${invoice.number}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">
            {invoice.number} · {invoice.kindLabel}
          </p>
          {view.claim && <p className="text-ink-soft">Bill to: {invoice.billTo}</p>}
        </div>
        <p className="flex flex-wrap gap-1">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[invoice.state]}`}>
            {invoice.stateLabel}
          </span>
          {invoice.overdue && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Overdue</span>
          )}
        </p>
      </div>
      <div className="mt-2">
        <Figures figures={invoice.figures} />
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-ink-soft">Lines</summary>
        <ul className="mt-1 space-y-0.5">
          {invoice.lines.map((line, i) => (
            <li key={i} className={`flex justify-between gap-3 ${line.subtotal ? "font-semibold" : ""}`}>
              <span className="min-w-0 break-words">{line.label}</span>
              <span className="shrink-0 tabular-nums">{line.amount}</span>
            </li>
          ))}
        </ul>
      </details>
      {invoice.payments.length > 0 && (
        <ul className="mt-2 space-y-1 text-ink-soft" aria-label={`Payments on ${invoice.number}`}>
          {invoice.payments.map((p) => (
            <li key={p.id}>
              <p className="flex items-center gap-1">
                <Receipt aria-hidden className="size-4 shrink-0" /> Received {p.line}
              </p>
              {p.refunds.length > 0 && (
                <ul className="ml-5 space-y-0.5" aria-label="Refunds from this payment">
                  {p.refunds.map((r) => (
                    <li key={r.id} className="flex items-start gap-1 break-words">
                      <Undo2 aria-hidden className="mt-0.5 size-4 shrink-0" /> Refunded {r.line}
                    </li>
                  ))}
                </ul>
              )}
              {p.refund && <RefundPayment payment={p} leadId={view.leadId} today={view.today} result={result} />}
            </li>
          ))}
        </ul>
      )}
      {invoice.mail && <p className="mt-1 text-ink-soft">{invoice.mail}</p>}
      {invoice.reminder && <p className="mt-1 text-ink-soft">{invoice.reminder}</p>}
      {invoice.voidReason && <p className="mt-1 text-ink-soft">Voided: {invoice.voidReason}</p>}
      <div className="mt-2 flex flex-wrap items-start gap-3">
        <a href={invoice.pdf} className="inline-flex items-center gap-1 py-2 font-semibold text-brand underline">
          <FileDown aria-hidden className="size-4" /> PDF
        </a>
        {invoice.draft && <SendInvoice invoice={invoice} leadId={view.leadId} result={result} />}
        {invoice.deleteTo && (
          <Link
            to={invoice.deleteTo}
            preventScrollReset
            className="inline-flex items-center gap-1 py-2 font-semibold text-red-800 underline"
          >
            <Trash2 aria-hidden className="size-4" /> Delete draft
          </Link>
        )}
      </div>
      <FormError
        id={`delete-draft-${invoice.id}-error`}
        errors={replyFor([result], DELETE_DRAFT_INTENT, invoice.id)?.error?.[""] ?? undefined}
      />
      {invoice.draft && (
        <EditDraft invoice={invoice} leadId={view.leadId} payers={view.claim?.payers ?? null} result={result} />
      )}
      {invoice.takesPayments && (
        <RecordPayment invoice={invoice} leadId={view.leadId} today={view.today} result={result} />
      )}
      {invoice.voidable && <VoidInvoice invoice={invoice} leadId={view.leadId} result={result} />}
    </li>
  );
}

/** Where the job's overdue reminders stand, and the button that pauses or resumes them (decision 0104). */
function Reminders({
  reminders,
  leadId,
  result,
}: {
  reminders: NonNullable<LeadMoneyView["reminders"]>;
  leadId: number;
  result?: MoneyFormResult;
}) {
  const { fetcher, lastResult: reply, busy } = useLeadFormPost(PAUSE_REMINDERS_INTENT, result);
  const pause = reminders.toggle === "pause";
  return (
    <fetcher.Form
      method="post"
      action={invoicesPath(leadId)}
      preventScrollReset
      aria-label="Overdue reminders"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-black/10 p-3 text-sm"
    >
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
        {pause ? (
          <BellRing aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
        ) : (
          <BellOff aria-hidden className="mt-0.5 size-4 shrink-0 text-ink-soft" />
        )}
        <span>{reminders.note}</span>
      </p>
      <input type="hidden" name="intent" value={PAUSE_REMINDERS_INTENT} />
      <input type="hidden" name="reminders" value={reminders.toggle} />
      <SubmitButton busy={busy} busyText={pause ? "Pausing..." : "Resuming..."} className={secondaryButton}>
        {pause ? "Pause reminders" : "Resume reminders"}
      </SubmitButton>
      <FormError id="pause-reminders-error" errors={reply?.error?.[""] ?? undefined} />
    </fetcher.Form>
  );
}

/** An insurance claim's bills not made yet, each its own form: the payer preset, and changeable. */
function ClaimBills({
  claim,
  leadId,
  result,
}: {
  claim: NonNullable<LeadMoneyView["claim"]>;
  leadId: number;
  result?: MoneyFormResult;
}) {
  const { fetcher, busy, lastResult: reply } = useLeadFormPost(CREATE_CLAIM_BILL_INTENT, result);
  const making = busy ? fetcher.formData?.get("bill") : null;
  return (
    <div className="space-y-2 rounded-md border border-black/10 p-3 text-sm">
      <h3 className="font-semibold">Bill the claim</h3>
      <ul className="space-y-2">
        {claim.offers.map((offer) => (
          <li key={offer.bill}>
            <fetcher.Form
              method="post"
              action={invoicesPath(leadId)}
              preventScrollReset
              aria-label={offer.label}
              className="flex flex-wrap items-end gap-2"
            >
              <input type="hidden" name="intent" value={CREATE_CLAIM_BILL_INTENT} />
              <input type="hidden" name="bill" value={offer.bill} />
              <p className="min-w-0 flex-1 basis-56">
                <span className="font-medium">{offer.label}</span> <span className="tabular-nums">{offer.amount}</span>
              </p>
              <label className="flex flex-col text-xs text-ink-soft">
                Who owes it
                <select name="payer" defaultValue={offer.payer} className={`${inputClass} text-sm text-ink`}>
                  {claim.payers.map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </label>
              <SubmitButton busy={making === offer.bill} busyText="Creating..." className={secondaryButton}>
                <Plus aria-hidden className="size-4" /> Create draft
              </SubmitButton>
            </fetcher.Form>
          </li>
        ))}
      </ul>
      <FormError id="create-claim-bill-error" errors={reply?.error?.[""] ?? undefined} />
    </div>
  );
}

function CreateInvoice({ view, result }: { view: LeadMoneyView; result?: MoneyFormResult }) {
  const { fetcher, busy, lastResult: reply } = useLeadFormPost(CREATE_INVOICE_INTENT, result);
  const making = busy ? fetcher.formData?.get("kind") : null;
  return (
    <fetcher.Form
      method="post"
      action={invoicesPath(view.leadId)}
      preventScrollReset
      className="space-y-2"
      aria-label="New invoice"
    >
      <input type="hidden" name="intent" value={CREATE_INVOICE_INTENT} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          name="kind"
          value="progress"
          busy={making === "progress"}
          busyText="Creating..."
          className={secondaryButton}
        >
          <Plus aria-hidden className="size-4" /> New progress invoice
        </SubmitButton>
        {!view.hasFinal && (
          <SubmitButton
            name="kind"
            value="final"
            busy={making === "final"}
            busyText="Creating..."
            className={secondaryButton}
          >
            <Plus aria-hidden className="size-4" /> New final invoice
          </SubmitButton>
        )}
      </div>
      <FormError id="create-invoice-error" errors={reply?.error?.[""] ?? undefined} />
    </fetcher.Form>
  );
}

const validation = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

function EditDraft({
  invoice,
  leadId,
  payers,
  result,
}: {
  invoice: MoneyInvoice;
  leadId: number;
  /** On an insurance claim, who may owe it; a plain job's invoice is the homeowner's (no choice). */
  payers: NonNullable<LeadMoneyView["claim"]>["payers"] | null;
  result?: MoneyFormResult;
}) {
  const draft = invoice.draft!;
  // Rows for change orders: those saved and a few empty ones, within the form's limit;
  // "Add a row" gives one more (conform's insert: in the browser, or a round trip without scripts).
  const rows = [
    ...draft.changeOrders,
    ...Array.from({ length: Math.max(0, Math.min(3, MAX_CHANGE_ORDERS - draft.changeOrders.length)) }, () => ({
      description: "",
      amount: "",
    })),
  ];
  const { fetcher, lastResult, busy, refused: open } = useLeadFormPost(SAVE_INVOICE_INTENT, result, invoice.id);
  const [form, fields] = useForm({
    id: `save-invoice-${invoice.id}`,
    lastResult,
    defaultValue: {
      basis: draft.basis,
      percent: draft.percent,
      amount: draft.amount,
      dueOn: draft.dueOn,
      note: draft.note,
      payer: invoice.payer,
      changeOrders: rows,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaveInvoiceSchema }),
    ...validation,
  });
  const changeOrders = fields.changeOrders.getFieldList();
  return (
    <details open={open} className="mt-2 rounded-md border border-black/10 bg-white p-3">
      <summary className="cursor-pointer font-semibold">Edit draft</summary>
      <fetcher.Form
        method="post"
        action={invoicesPath(leadId)}
        preventScrollReset
        {...getFormProps(form)}
        className="mt-3 space-y-3"
      >
        <input type="hidden" name="intent" value={SAVE_INVOICE_INTENT} />
        <input type="hidden" name="invoiceId" value={invoice.id} />
        {payers && (
          <Field label="Who owes it" error={fields.payer}>
            <select {...getSelectProps(fields.payer)} className={inputClass}>
              {payers.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        {draft.claimBill ? (
          <p className="text-ink-soft">This bill of the claim keeps its amount: delete the draft to make it again.</p>
        ) : invoice.kind !== "final" ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Amount</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={fields.basis.name}
                    value="percent"
                    defaultChecked={draft.basis === "percent"}
                  />{" "}
                  A percent of the job
                </label>
                <Field label="Percent" error={fields.percent}>
                  <input
                    {...getInputProps(fields.percent, { type: "text" })}
                    inputMode="decimal"
                    className={inputClass}
                  />
                </Field>
              </div>
              <div>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={fields.basis.name}
                    value="amount"
                    defaultChecked={draft.basis === "amount"}
                  />{" "}
                  An amount in dollars
                </label>
                <Field label="Amount ($)" error={fields.amount}>
                  <input
                    {...getInputProps(fields.amount, { type: "text" })}
                    inputMode="decimal"
                    className={inputClass}
                  />
                </Field>
              </div>
            </div>
          </fieldset>
        ) : (
          <p className="text-ink-soft">
            The final invoice bills the job&rsquo;s total and its change orders, less what the invoices sent before it
            billed.
          </p>
        )}
        {!draft.claimBill && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Change orders</legend>
            <p className="text-xs text-ink-soft">
              Work added (or a credit, with a minus: -120.00). Leave a row empty to skip it.
            </p>
            {changeOrders.map((row, i) => {
              const cells = row.getFieldset();
              return (
                <div key={row.key} className="grid gap-2 sm:grid-cols-[1fr_10rem]">
                  <Field label={`Change ${i + 1}: what`} error={cells.description}>
                    <input
                      {...getInputProps(cells.description, { type: "text" })}
                      maxLength={200}
                      className={inputClass}
                    />
                  </Field>
                  <Field label="Amount ($)" error={cells.amount}>
                    <input
                      {...getInputProps(cells.amount, { type: "text" })}
                      inputMode="decimal"
                      className={inputClass}
                    />
                  </Field>
                </div>
              );
            })}
            <FieldError id={fields.changeOrders.errorId} errors={fields.changeOrders.errors} />
            {changeOrders.length < MAX_CHANGE_ORDERS ? (
              <button
                {...form.insert.getButtonProps({
                  name: fields.changeOrders.name,
                  defaultValue: { description: "", amount: "" },
                })}
                className={secondaryButton}
              >
                <Plus aria-hidden className="size-4" /> Add a row
              </button>
            ) : (
              <p className="text-xs text-ink-soft">{INVOICE_MESSAGES.tooManyChangeOrders}</p>
            )}
          </fieldset>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Due on" hint="Empty: two weeks after it is sent." error={fields.dueOn}>
            <input {...getInputProps(fields.dueOn, { type: "date" })} className={inputClass} />
          </Field>
        </div>
        <Field label="Note on the invoice" error={fields.note}>
          <textarea {...getTextareaProps(fields.note)} rows={2} maxLength={1000} className={inputClass} />
        </Field>
        <FormError id={form.errorId} errors={form.errors} />
        <SubmitButton busy={busy}>Save draft</SubmitButton>
      </fetcher.Form>
    </details>
  );
}

function SendInvoice({ invoice, leadId, result }: { invoice: MoneyInvoice; leadId: number; result?: MoneyFormResult }) {
  const { fetcher, lastResult: reply, busy } = useLeadFormPost(SEND_INVOICE_INTENT, result, invoice.id);
  return (
    <fetcher.Form method="post" action={invoicesPath(leadId)} preventScrollReset className="space-y-2">
      <input type="hidden" name="intent" value={SEND_INVOICE_INTENT} />
      <input type="hidden" name="invoiceId" value={invoice.id} />
      <SubmitButton busy={busy} busyText="Sending...">
        <Send aria-hidden className="size-4" /> {invoice.sendLabel}
      </SubmitButton>
      <FormError id={`send-invoice-${invoice.id}-error`} errors={reply?.error?.[""] ?? undefined} />
    </fetcher.Form>
  );
}

function RecordPayment({
  invoice,
  leadId,
  today,
  result,
}: {
  invoice: MoneyInvoice;
  leadId: number;
  today: string;
  result?: MoneyFormResult;
}) {
  const { post, fold, fields } = usePaymentForm(RECORD_PAYMENT_INTENT, invoice.id, RecordPaymentSchema, result, {
    method: "check",
    amount: invoice.owedDollars,
    receivedOn: today,
  });
  return (
    <PaymentFold
      {...fold}
      action={paymentsPath(leadId)}
      hidden={{ intent: RECORD_PAYMENT_INTENT, invoiceId: invoice.id }}
      summary={<span className="font-semibold">Record a payment</span>}
      className="mt-2 rounded-md border border-black/10 bg-white p-3"
      formClassName="mt-3 space-y-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="How" error={fields.method}>
          <select {...getSelectProps(fields.method)} className={inputClass}>
            {HAND_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Check number (for a check)" error={fields.checkNumber}>
          <input {...getInputProps(fields.checkNumber, { type: "text" })} maxLength={40} className={inputClass} />
        </Field>
        <Field label={`Amount ($, at most ${invoice.owed})`} error={fields.amount}>
          <input
            {...getInputProps(fields.amount, { type: "text" })}
            inputMode="decimal"
            required
            className={inputClass}
          />
        </Field>
        <Field label="Received on" error={fields.receivedOn}>
          <input {...getInputProps(fields.receivedOn, { type: "date" })} max={today} required className={inputClass} />
        </Field>
      </div>
      <Field label="Note (not on the receipt)" error={fields.note}>
        <input {...getInputProps(fields.note, { type: "text" })} maxLength={1000} className={inputClass} />
      </Field>
      <SubmitButton busy={post.busy} busyText="Recording...">
        Record payment
      </SubmitButton>
    </PaymentFold>
  );
}

/** The owner's "Record a refund" under a payment: money already given back, recorded with why (decision 0105). */
function RefundPayment({
  payment,
  leadId,
  today,
  result,
}: {
  payment: MoneyPayment;
  leadId: number;
  today: string;
  result?: MoneyFormResult;
}) {
  const refund = payment.refund!;
  const { post, fold, fields } = usePaymentForm(REFUND_PAYMENT_INTENT, payment.id, RefundPaymentSchema, result, {
    amount: refund.leftDollars,
    refundedOn: today,
  });
  return (
    <PaymentFold
      {...fold}
      action={paymentsPath(leadId)}
      hidden={{ intent: REFUND_PAYMENT_INTENT, paymentId: payment.id }}
      summary={<span className="text-sm">Record a refund</span>}
      className="mt-1 ml-5"
      formClassName="mt-2 space-y-3 rounded-md border border-black/10 bg-white p-3 text-ink"
    >
      {refund.online && (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {refund.online}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={`Amount given back ($, at most ${refund.left})`} error={fields.amount}>
          <input
            {...getInputProps(fields.amount, { type: "text" })}
            inputMode="decimal"
            required
            className={inputClass}
          />
        </Field>
        <Field label="Given back on" error={fields.refundedOn}>
          <input
            {...getInputProps(fields.refundedOn, { type: "date" })}
            min={refund.receivedOn}
            max={today}
            required
            className={inputClass}
          />
        </Field>
      </div>
      <Field label="Why (kept with the refund)" error={fields.reason}>
        <input {...getInputProps(fields.reason, { type: "text" })} required maxLength={300} className={inputClass} />
      </Field>
      <SubmitButton busy={post.busy} busyText="Recording..." className={secondaryButton}>
        <Undo2 aria-hidden className="size-4" /> Record refund
      </SubmitButton>
    </PaymentFold>
  );
}

/** A payment form's post and fields: its own fetcher, its last reply, checked in the browser as the server checks it. */
function usePaymentForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  intent: string,
  about: number,
  schema: Schema,
  result: MoneyFormResult | undefined,
  defaultValue: Partial<Record<keyof z.input<Schema>, string>>,
) {
  const post = useLeadFormPost(intent, result, about);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: `${intent}-${about}`,
    lastResult: post.lastResult,
    defaultValue: defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    ...validation,
  });
  const fold = { post, formProps: getFormProps(form), errorId: form.errorId, errors: form.errors };
  return { post, fold, fields };
}

/** A payment form folded under its line: open again when it came back refused; its hidden fields first, its refusal last. */
function PaymentFold({
  post,
  formProps,
  errorId,
  errors,
  action,
  hidden,
  summary,
  className,
  formClassName,
  children,
}: {
  post: LeadFormPost;
  formProps: ReturnType<typeof getFormProps>;
  errorId: string;
  errors: string[] | undefined;
  action: string;
  hidden: Record<string, string | number>;
  summary: ReactNode;
  className: string;
  formClassName: string;
  children: ReactNode;
}) {
  return (
    <details open={post.refused} className={className}>
      <summary className="cursor-pointer">{summary}</summary>
      <post.fetcher.Form method="post" action={action} preventScrollReset {...formProps} className={formClassName}>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <FormError id={errorId} errors={errors} />
      </post.fetcher.Form>
    </details>
  );
}

function VoidInvoice({ invoice, leadId, result }: { invoice: MoneyInvoice; leadId: number; result?: MoneyFormResult }) {
  const { fetcher, lastResult: reply, busy, refused: open } = useLeadFormPost(VOID_INVOICE_INTENT, result, invoice.id);
  return (
    <details open={open} className="mt-2">
      <summary className="cursor-pointer text-sm text-red-800">Void invoice</summary>
      <fetcher.Form method="post" action={invoicesPath(leadId)} preventScrollReset className="mt-2 space-y-2">
        <input type="hidden" name="intent" value={VOID_INVOICE_INTENT} />
        <input type="hidden" name="invoiceId" value={invoice.id} />
        <Field label="Why it is voided (kept with the invoice)">
          <input name="reason" type="text" required maxLength={300} className={inputClass} />
        </Field>
        <FormError id={`void-invoice-${invoice.id}-error`} errors={reply?.error?.[""] ?? undefined} />
        <SubmitButton busy={busy} busyText="Voiding..." className={`${secondaryButton} text-red-800`}>
          <Trash2 aria-hidden className="size-4" /> Void {invoice.number}
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}
