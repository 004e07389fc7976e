import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FileDown, FileSignature, Send } from "lucide-react";
import { Field, FieldError, inputClass as field, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { formatKansasDateTime } from "~/lib/business-time";
import { NewLinkBox } from "~/components/admin/lead-new-link";
import { useLeadFormPost, type LeadFormPost } from "~/components/admin/use-lead-form-post";
import { EMAIL_PROPOSAL_INTENT, SEND_PROPOSAL_INTENT, SendProposalSchema, type LeadFormResult } from "~/lib/lead-forms";
import { VALID_DAYS, TERMS_MAX, type ProposalSettings } from "~/lib/proposal";
import type { LeadProposalView, ProposalOffer } from "~/services/proposal-actions.server";

const STATE_TONE = {
  unsent: "bg-gray-200 text-gray-800",
  open: "bg-amber-100 text-amber-900",
  accepted: "bg-green-100 text-green-900",
  expired: "bg-gray-200 text-gray-800",
  withdrawn: "bg-gray-200 text-gray-800",
} as const;

/**
 * The lead's proposals: each one made (when, total, until when, accepted, replaced or not,
 * its PDF), the link of the one just made (shown this once: only its hash is kept), and the
 * form that makes a new one from the lead's estimate with the owner's default terms (none
 * once one is accepted).
 */
export function LeadProposals({
  proposals,
  estimateTotal,
  blocked,
  defaults,
  factLines,
  offer,
  newLink,
  result,
}: {
  proposals: LeadProposalView[];
  estimateTotal: string | null;
  /** Why no proposal can be sent now (one was accepted, or materials are missing), or null. */
  blocked: string | null;
  /** The terms' lines made from the owner's settings (deposit, warranty): shown, not typed. */
  factLines: string[];
  defaults: ProposalSettings;
  /** The shingle lines and the owner's add-ons staff may offer (decision 0108). */
  offer: ProposalOffer;
  newLink: { proposalId: number; url: string } | null;
  /** The action's answer to a refused form: only "Create proposal"'s is read here ("Email to" is never refused, only not found). */
  result?: LeadFormResult;
}) {
  const send = useLeadFormPost(SEND_PROPOSAL_INTENT, result);
  return (
    <section aria-labelledby="lead-proposals" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-proposals" className="flex items-center gap-2 text-lg font-bold">
        <FileSignature aria-hidden className="size-5 text-brand" /> Proposals
      </h2>
      {newLink && (
        <NewLinkBox
          message="Proposal created. Send the homeowner this link: it is shown only now."
          url={newLink.url}
          label="Link for the homeowner"
        />
      )}
      {proposals.length > 0 && (
        <ul className="space-y-2">
          {proposals.map((p) => (
            <li key={p.id} className="rounded-md bg-sand px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {p.total} · link created {p.sentAt}
                </p>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[p.standing]}`}>
                  {p.standingLabel}
                </span>
              </div>
              {p.madeBy && <p className="text-ink-soft">{p.madeBy}</p>}
              {p.choice && <p className="text-ink-soft">{p.choice}</p>}
              <p className="text-ink-soft">
                {p.state === "accepted"
                  ? `Accepted by ${p.acceptedBy} on ${p.acceptedAt} (from ${p.acceptedIp})`
                  : p.state === "withdrawn"
                    ? "Its link now says it was replaced by a newer one."
                    : `Valid until ${p.validUntil}`}
              </p>
              {p.homeownerMail && (
                <p
                  className={
                    p.homeownerMail.state === "failed" || p.homeownerMail.lastError ? "text-red-800" : "text-ink-soft"
                  }
                >
                  {p.homeownerMail.line}
                  {p.homeownerMail.lastError &&
                    ` (${p.homeownerMail.lastError}${p.homeownerMail.nextAttemptAt && p.homeownerMail.state === "pending" ? `; next try ${formatKansasDateTime(p.homeownerMail.nextAttemptAt)}` : ""})`}
                </p>
              )}
              <div className="mt-1 flex flex-wrap items-center gap-3">
                <a href={p.pdf} className="inline-flex items-center gap-1 font-semibold text-brand underline" download>
                  <FileDown aria-hidden className="size-4" /> PDF
                </a>
                {p.emailTo && <EmailProposalButton proposalId={p.id} again={!!p.homeownerMail} name={p.emailTo.name} />}
                {p.textTo && (
                  <EmailProposalButton proposalId={p.id} again={!!p.homeownerMail} name={p.textTo.name} by="Text" />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {blocked && !send.refused && (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {blocked}
        </p>
      )}
      {estimateTotal && proposals.some((p) => p.state === "accepted") ? null : estimateTotal ? (
        <details open={proposals.length === 0 || send.refused} className="rounded-md border border-black/10 p-3">
          <summary className="cursor-pointer font-semibold">Send a proposal ({estimateTotal})</summary>
          <SendProposalForm
            defaults={defaults}
            factLines={factLines}
            offer={offer}
            post={send}
            replacesOpen={proposals.some((p) => p.state === "open")}
          />
        </details>
      ) : (
        <p className="text-sm text-ink-soft">
          {proposals.length
            ? "No estimate to send again."
            : "No estimate yet: a proposal is made from the lead's estimate."}
        </p>
      )}
    </section>
  );
}

/** "Create proposal": the terms and the days it stays open, checked by the same schema here and in the action. */
function SendProposalForm({
  defaults,
  factLines,
  offer,
  post: { fetcher, busy, lastResult },
  replacesOpen,
}: {
  defaults: ProposalSettings;
  factLines: string[];
  offer: ProposalOffer;
  post: LeadFormPost;
  replacesOpen: boolean;
}) {
  const [form, fields] = useForm({
    id: "send-proposal",
    lastResult,
    defaultValue: {
      terms: defaults.terms,
      validDays: String(defaults.validDays),
      tiers: offer.tiers.filter((t) => t.own).map((t) => t.tier),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SendProposalSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" preventScrollReset {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value={SEND_PROPOSAL_INTENT} />
      {factLines.length > 0 && (
        <div className="text-sm">
          <p className="font-medium">
            The terms start with these lines, from Pricing and the site&rsquo;s trust facts:
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-ink-soft">
            {factLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Options the homeowner chooses from</legend>
        {offer.tiers.map((t) => (
          <label key={t.tier} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={fields.tiers.name}
              value={t.tier}
              defaultChecked={fields.tiers.initialValue?.includes(t.tier)}
            />
            {t.name} shingles ({t.total}){t.own && " · the estimate's"}
          </label>
        ))}
        <FieldError id={fields.tiers.errorId} errors={fields.tiers.errors} />
      </fieldset>
      {offer.addOns.length > 0 && (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Add-ons offered (prices from the Pricing page, plus tax)</legend>
          {offer.addOns.map((a) => (
            <label key={a.index} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fields.addOns.name} value={a.index} />
              {a.label} ({a.price})
            </label>
          ))}
        </fieldset>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.hideUnitPrices, { type: "checkbox" })} /> Hide quantities and unit prices (the
        homeowner sees each option&rsquo;s total)
      </label>
      <Field label="Terms the homeowner agrees to" error={fields.terms}>
        <textarea {...getTextareaProps(fields.terms)} rows={6} maxLength={TERMS_MAX} required className={field} />
      </Field>
      <Field label="Valid for (days)" error={fields.validDays} className="block max-w-xs">
        <input
          {...getInputProps(fields.validDays, { type: "number" })}
          min={VALID_DAYS.min}
          max={VALID_DAYS.max}
          required
          className={field}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.saveDefaults, { type: "checkbox" })} /> Use these terms and days for every new
        proposal
      </label>
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <SubmitButton busy={busy} busyText="Creating...">
        Create proposal
      </SubmitButton>
      {replacesOpen && (
        <p className="text-xs text-ink-soft">The open proposal&rsquo;s link will say it was replaced by this one.</p>
      )}
    </fetcher.Form>
  );
}

/** "Email to …" (or "Text to …", to a lead without an email): one proposal's link; never refused, only not found. */
function EmailProposalButton({
  proposalId,
  again,
  name,
  by = "Email",
}: {
  proposalId: number;
  again: boolean;
  name: string;
  by?: "Email" | "Text";
}) {
  const { fetcher, busy } = useLeadFormPost(EMAIL_PROPOSAL_INTENT, null);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={EMAIL_PROPOSAL_INTENT} />
      <input type="hidden" name="proposalId" value={proposalId} />
      <SubmitButton busy={busy} busyText="Sending..." className={secondaryButton}>
        <Send aria-hidden className="size-4" /> {again ? `${by} again` : by} to {name}
      </SubmitButton>
    </fetcher.Form>
  );
}
