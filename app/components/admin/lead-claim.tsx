import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FileText, Image, Mail, Phone, ShieldCheck } from "lucide-react";
import { dangerButton, Field, inputClass, Options, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { useLeadFormPost } from "~/components/admin/use-lead-form-post";
import { FormError } from "~/components/form";
import { CLAIM_FILE_KIND_LABELS, CLAIM_FILE_KINDS } from "~/lib/claim-kinds";
import type { FormResult } from "~/lib/form-result";
import {
  AddClaimFileSchema,
  AddSupplementSchema,
  CLAIM_FILE_FIELD,
  CLAIM_INTENTS,
  DecideSupplementSchema,
  SaveClaimSchema,
  SUPPLEMENT_DESCRIPTION_MAX,
} from "~/lib/insurance-claim";
import { IMAGE_TYPES } from "~/lib/upload-rules";
import type {
  ClaimFactsView,
  ClaimFileItem,
  ClaimSupplementItem,
  LeadClaimView,
} from "~/services/insurance-claim.server";

type Result = FormResult | null | undefined;

const STATE_TONE = {
  submitted: "bg-amber-100 text-amber-900",
  approved: "bg-leaf-soft text-leaf",
  denied: "bg-red-100 text-red-800",
} as const;

/**
 * A lead's insurance claim (id "claim", decision 0109): the carrier, the claim and the adjuster
 * (tap to call or mail), what the carrier's scope approved, the supplements asked of it and
 * the files kept privately on the claim. The crew reads the carrier, the claim, the adjuster
 * and opens the scope and photos; owner and office write everything. Each form posts to
 * admin/leads/:id/claim: natively without scripts, through its own fetcher with them.
 */
export function LeadClaim({ view, result }: { view: LeadClaimView | null; result?: Result }) {
  if (!view) return null;
  const { claim } = view;
  return (
    <section id="claim" aria-labelledby="lead-claim-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-claim-title" className="flex items-center gap-2 text-lg font-bold">
        <ShieldCheck aria-hidden className="size-5 text-brand" /> Insurance claim
      </h2>
      {claim ? (
        <>
          <ClaimFacts claim={claim} />
          {view.manages && claim.money && (
            <Fold title="Change claim details" result={result} intent={CLAIM_INTENTS.save}>
              <ClaimForm view={view} defaults={claim.money.form} result={result} submit="Save claim details" />
            </Fold>
          )}
          {view.supplements && <Supplements view={view} supplements={view.supplements} result={result} />}
          <ClaimFiles view={view} result={result} />
          {view.manages && <RemoveClaim view={view} result={result} />}
        </>
      ) : (
        <>
          <p className="text-sm text-ink-soft">
            Paid by the homeowner&apos;s insurance? Keep the carrier, the claim number, the adjuster and what the
            carrier&apos;s scope approved here; the crew sees who the adjuster is, never the money.
          </p>
          <Fold title="Mark this lead as an insurance claim" result={result} intent={CLAIM_INTENTS.save}>
            <ClaimForm view={view} defaults={{}} result={result} submit="Mark as an insurance claim" />
          </Fold>
        </>
      )}
    </section>
  );
}

/** A fold-out holding a form: open again when that form came back refused. */
function Fold({
  title,
  result,
  intent,
  about = null,
  className = "border-t border-black/10 pt-3",
  summaryClass = "cursor-pointer font-semibold",
  children,
}: {
  title: string;
  result: Result;
  intent: string;
  about?: number | null;
  className?: string;
  summaryClass?: string;
  children: React.ReactNode;
}) {
  const { refused } = useLeadFormPost(intent, result, about);
  return (
    <details open={refused} className={className}>
      <summary className={summaryClass}>{title}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="text-xs font-semibold text-ink-soft uppercase">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The claim's facts: on the lead page's card, and on an adjuster meeting's card in My day. */
export function ClaimFacts({ claim }: { claim: ClaimFactsView }) {
  const { money } = claim;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="claim-facts">
      <Fact label="Carrier">{claim.carrier}</Fact>
      <Fact label="Claim number">{claim.claimNumber}</Fact>
      {claim.lossOn && <Fact label="Date of loss">{claim.lossOn}</Fact>}
      {money && (
        <>
          <Fact label="Deductible (the homeowner's)">{money.deductible}</Fact>
          <Fact label="Approved replacement cost">{money.approved ?? "Scope not in yet"}</Fact>
          <Fact label="Recoverable depreciation">{money.depreciation}</Fact>
        </>
      )}
      <Fact label="Adjuster" wide>
        {claim.adjusterName ?? "Not known yet"}
        <span className="flex flex-wrap gap-x-5">
          {claim.adjusterPhone && claim.adjusterPhoneHref && (
            <a
              href={claim.adjusterPhoneHref}
              className="inline-flex min-h-10 items-center gap-1 font-semibold text-brand-dark [overflow-wrap:anywhere]"
            >
              <Phone aria-hidden className="size-4" /> {claim.adjusterPhone}
            </a>
          )}
          {claim.adjusterEmail && (
            <a
              href={`mailto:${claim.adjusterEmail}`}
              className="inline-flex min-h-10 items-center gap-1 font-semibold text-brand-dark [overflow-wrap:anywhere]"
            >
              <Mail aria-hidden className="size-4" /> {claim.adjusterEmail}
            </a>
          )}
        </span>
      </Fact>
    </dl>
  );
}

function ClaimForm({
  view,
  defaults,
  result,
  submit,
}: {
  view: LeadClaimView;
  defaults: Record<string, string>;
  result: Result;
  submit: string;
}) {
  const { fetcher, busy, lastResult } = useLeadFormPost(CLAIM_INTENTS.save, result);
  const [form, fields] = useForm({
    id: `claim-${view.leadId}`,
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaveClaimSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const text = (name: keyof typeof fields) => getInputProps(fields[name], { type: "text" });
  return (
    <fetcher.Form method="post" action={view.action} preventScrollReset {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={CLAIM_INTENTS.save} />
      <FormError formId={form.id} reply={lastResult} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Insurance company" error={fields.carrier}>
          <input {...text("carrier")} required maxLength={100} className={inputClass} />
        </Field>
        <Field label="Claim number" error={fields.claimNumber}>
          <input {...text("claimNumber")} required maxLength={60} className={inputClass} />
        </Field>
        <Field label="Date of loss (the storm)" error={fields.lossOn}>
          <input {...getInputProps(fields.lossOn, { type: "date" })} max={view.today} className={inputClass} />
        </Field>
        <Field label="Adjuster's name" error={fields.adjusterName}>
          <input {...text("adjusterName")} maxLength={100} className={inputClass} />
        </Field>
        <Field label="Adjuster's phone" error={fields.adjusterPhone}>
          <input {...getInputProps(fields.adjusterPhone, { type: "tel" })} maxLength={40} className={inputClass} />
        </Field>
        <Field label="Adjuster's email" error={fields.adjusterEmail}>
          <input {...getInputProps(fields.adjusterEmail, { type: "email" })} maxLength={254} className={inputClass} />
        </Field>
        <Field label="Deductible ($)" error={fields.deductible} hint="What the homeowner pays: never waived.">
          <input {...text("deductible")} inputMode="decimal" className={inputClass} />
        </Field>
      </div>
      <fieldset className="grid gap-3 rounded-md border border-black/10 p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">When the carrier&apos;s scope is in</legend>
        <Field label="Approved replacement cost ($)" error={fields.approved}>
          <input {...text("approved")} inputMode="decimal" className={inputClass} />
        </Field>
        <Field
          label="Recoverable depreciation ($)"
          error={fields.depreciation}
          hint="Held back by the carrier until the work is done."
        >
          <input {...text("depreciation")} inputMode="decimal" className={inputClass} />
        </Field>
      </fieldset>
      <SubmitButton busy={busy}>{submit}</SubmitButton>
    </fetcher.Form>
  );
}

function Supplements({
  view,
  supplements,
  result,
}: {
  view: LeadClaimView;
  supplements: ClaimSupplementItem[];
  result: Result;
}) {
  return (
    <div className="space-y-2 border-t border-black/10 pt-3">
      <h3 className="font-semibold">Supplements</h3>
      {supplements.length === 0 ? (
        <p className="text-sm text-ink-soft">None asked of the carrier yet.</p>
      ) : (
        <ul className="divide-y divide-black/10" aria-label="Supplements">
          {supplements.map((s) => (
            <li key={s.id} className="space-y-1 py-2 text-sm" data-supplement={s.id}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{s.description}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[s.state]}`}>
                  {s.stateLabel}
                </span>
              </div>
              <p className="text-ink-soft">
                Asked {s.requested} on {s.submittedOn}
                {s.state === "approved" && `; approved ${s.approved} on ${s.decidedOn}`}
                {s.state === "denied" && `; denied on ${s.decidedOn}`}
              </p>
              {s.billedOn ? (
                <p className="font-semibold">{s.billedOn}</p>
              ) : (
                view.manages && (
                  <Fold
                    title={s.state === "submitted" ? "Record the carrier's answer" : "Change the answer"}
                    result={result}
                    intent={CLAIM_INTENTS.decideSupplement}
                    about={s.id}
                    className=""
                    summaryClass="cursor-pointer text-sm font-semibold text-brand-dark"
                  >
                    <DecideForm view={view} supplement={s} result={result} />
                  </Fold>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      {view.manages && (
        <Fold title="Add a supplement" result={result} intent={CLAIM_INTENTS.addSupplement}>
          <AddSupplementForm key={supplements.length} view={view} result={result} />
        </Fold>
      )}
    </div>
  );
}

function AddSupplementForm({ view, result }: { view: LeadClaimView; result: Result }) {
  const { fetcher, busy, lastResult } = useLeadFormPost(CLAIM_INTENTS.addSupplement, result);
  const [form, fields] = useForm({
    id: `add-supplement-${view.leadId}`,
    lastResult,
    defaultValue: { submittedOn: view.today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddSupplementSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action={view.action} preventScrollReset {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={CLAIM_INTENTS.addSupplement} />
      <FormError formId={form.id} reply={lastResult} />
      <Field label="What is asked of the carrier" error={fields.description}>
        <input
          {...getInputProps(fields.description, { type: "text" })}
          required
          maxLength={SUPPLEMENT_DESCRIPTION_MAX}
          className={inputClass}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Amount asked ($)" error={fields.requested}>
          <input
            {...getInputProps(fields.requested, { type: "text" })}
            required
            inputMode="decimal"
            className={inputClass}
          />
        </Field>
        <Field label="Submitted on" error={fields.submittedOn}>
          <input
            {...getInputProps(fields.submittedOn, { type: "date" })}
            required
            max={view.today}
            className={inputClass}
          />
        </Field>
      </div>
      <SubmitButton busy={busy}>Add the supplement</SubmitButton>
    </fetcher.Form>
  );
}

function DecideForm({
  view,
  supplement,
  result,
}: {
  view: LeadClaimView;
  supplement: ClaimSupplementItem;
  result: Result;
}) {
  const { fetcher, busy, lastResult } = useLeadFormPost(CLAIM_INTENTS.decideSupplement, result, supplement.id);
  const [form, fields] = useForm({
    id: `decide-supplement-${supplement.id}`,
    lastResult,
    defaultValue: {
      decision: supplement.state === "denied" ? "denied" : "approved",
      approved: supplement.approvedDollars ?? supplement.requestedDollars,
      decidedOn: supplement.decidedOnValue ?? view.today,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DecideSupplementSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form
      method="post"
      action={view.action}
      preventScrollReset
      {...getFormProps(form)}
      className="mt-2 space-y-3"
      aria-label={`The carrier's answer on ${supplement.description}`}
    >
      <input type="hidden" name="intent" value={CLAIM_INTENTS.decideSupplement} />
      <input type="hidden" name="supplementId" value={supplement.id} />
      <FormError formId={form.id} reply={lastResult} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="The carrier" error={fields.decision}>
          <select {...getSelectProps(fields.decision)} className={inputClass}>
            <option value="approved">Approved it</option>
            <option value="denied">Denied it</option>
          </select>
        </Field>
        <Field label={`Amount approved ($, at most ${supplement.requested})`} error={fields.approved}>
          <input {...getInputProps(fields.approved, { type: "text" })} inputMode="decimal" className={inputClass} />
        </Field>
        <Field label="On" error={fields.decidedOn}>
          <input
            {...getInputProps(fields.decidedOn, { type: "date" })}
            required
            max={view.today}
            className={inputClass}
          />
        </Field>
      </div>
      <SubmitButton busy={busy}>Save the answer</SubmitButton>
    </fetcher.Form>
  );
}

function ClaimFiles({ view, result }: { view: LeadClaimView; result: Result }) {
  if (!view.manages && view.files.length === 0) return null;
  return (
    <div className="space-y-2 border-t border-black/10 pt-3">
      <h3 className="font-semibold">Files</h3>
      {view.files.length === 0 ? (
        <p className="text-sm text-ink-soft">
          No files yet: the carrier&apos;s scope of loss, photos for the adjuster.
        </p>
      ) : (
        <ul className="divide-y divide-black/10" aria-label="Claim files">
          {view.files.map((file) => (
            <FileRow key={file.id} file={file} view={view} result={result} />
          ))}
        </ul>
      )}
      {view.manages && (
        <Fold title="Add a file" result={result} intent={CLAIM_INTENTS.addFile}>
          <AddFileForm key={view.files.length} view={view} result={result} />
        </Fold>
      )}
    </div>
  );
}

function FileRow({ file, view, result }: { file: ClaimFileItem; view: LeadClaimView; result: Result }) {
  const Icon = file.picture ? Image : FileText;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-claim-file={file.id}>
      <a
        href={file.url}
        target={file.picture ? "_blank" : undefined}
        rel="noreferrer"
        className="flex min-h-10 min-w-0 items-center gap-2 font-semibold text-brand-dark hover:underline"
      >
        <Icon aria-hidden className="size-4 shrink-0" />
        <span className="[overflow-wrap:anywhere]">
          {file.kindLabel}: {file.name}
        </span>
      </a>
      <span className="text-xs text-ink-soft">
        {file.size}, {file.added}
      </span>
      {view.manages && <DeleteFile file={file} view={view} result={result} />}
    </li>
  );
}

function DeleteFile({ file, view, result }: { file: ClaimFileItem; view: LeadClaimView; result: Result }) {
  const { fetcher, busy, lastResult, refused } = useLeadFormPost(CLAIM_INTENTS.deleteFile, result, file.id);
  const formId = `delete-claim-file-${file.id}`;
  return (
    <details className="w-full" open={refused}>
      <summary className="cursor-pointer text-sm font-semibold text-red-800">Delete</summary>
      <fetcher.Form method="post" action={view.action} preventScrollReset id={formId} className="mt-2 space-y-2">
        <input type="hidden" name="fileId" value={file.id} />
        <FormError formId={formId} reply={lastResult} />
        <SubmitButton
          name="intent"
          value={CLAIM_INTENTS.deleteFile}
          busy={busy}
          busyText="Deleting..."
          className={dangerButton}
        >
          Yes, delete {file.name}
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}

function AddFileForm({ view, result }: { view: LeadClaimView; result: Result }) {
  const { fetcher, busy, lastResult } = useLeadFormPost(CLAIM_INTENTS.addFile, result);
  const [form, fields] = useForm({
    id: `add-claim-file-${view.leadId}`,
    lastResult,
    defaultValue: { kind: "scope" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddClaimFileSchema }),
    shouldValidate: "onSubmit",
  });
  const fileErrors = lastResult?.error?.[CLAIM_FILE_FIELD] ?? undefined;
  return (
    <fetcher.Form
      method="post"
      action={view.action}
      encType="multipart/form-data"
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-3"
    >
      <input type="hidden" name="intent" value={CLAIM_INTENTS.addFile} />
      <FormError formId={form.id} reply={lastResult} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="What it is" error={fields.kind}>
          <select {...getSelectProps(fields.kind)} className={inputClass}>
            <Options values={CLAIM_FILE_KINDS} labels={CLAIM_FILE_KIND_LABELS} />
          </select>
        </Field>
        <Field
          label="File"
          hint="A PDF, or a JPEG, PNG or WebP photo; up to 10 MB."
          error={{ errorId: `${form.id}-file-error`, errors: fileErrors ?? undefined }}
        >
          <input
            type="file"
            name={CLAIM_FILE_FIELD}
            required
            accept={["application/pdf", ...IMAGE_TYPES].join(",")}
            aria-invalid={fileErrors ? true : undefined}
            aria-describedby={fileErrors ? `${form.id}-file-error` : undefined}
            className={inputClass}
          />
        </Field>
      </div>
      <SubmitButton busy={busy} busyText="Uploading..." className={secondaryButton}>
        Add the file
      </SubmitButton>
    </fetcher.Form>
  );
}

function RemoveClaim({ view, result }: { view: LeadClaimView; result: Result }) {
  const { fetcher, busy, lastResult, refused } = useLeadFormPost(CLAIM_INTENTS.remove, result);
  const formId = `remove-claim-${view.leadId}`;
  return (
    <details className="group w-fit rounded-md border border-red-200 px-3 text-sm open:w-full" open={refused}>
      <summary className="flex min-h-10 cursor-pointer list-none items-center font-semibold text-red-700 [&::-webkit-details-marker]:hidden">
        Not an insurance claim
      </summary>
      <div className="space-y-2 pb-3">
        <FormError formId={formId} reply={lastResult} />
        {view.mayRemove ? (
          <fetcher.Form method="post" action={view.action} preventScrollReset id={formId} className="space-y-2">
            <p>The claim&apos;s details, supplements and files are removed from this lead.</p>
            <SubmitButton
              name="intent"
              value={CLAIM_INTENTS.remove}
              busy={busy}
              busyText="Removing..."
              className={dangerButton}
            >
              Yes, remove the claim
            </SubmitButton>
          </fetcher.Form>
        ) : (
          <p>An invoice of this job names the carrier: the claim stays while it does.</p>
        )}
      </div>
    </details>
  );
}
