import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Calculator } from "lucide-react";
import { Field, FieldError, inputClass, SubmitButton } from "~/components/admin-ui";
import { useLeadFormPost, type LeadFormPost } from "~/components/admin/use-lead-form-post";
import { replyFormError } from "~/components/form";
import { useUnsavedWarning } from "~/components/use-unsaved-warning";
import {
  estimateAudienceNote,
  lineTotalCents,
  MAX_QUANTITY,
  SHINGLE_TIERS,
  taxCents,
  TEAR_OFF_LAYERS,
} from "~/lib/estimate";
import {
  EstimateLinesFormSchema,
  LEAVE_OUT_INTENT,
  LeaveOutFormSchema,
  MAKE_ESTIMATE_INTENT,
  MakeEstimateFormSchema,
  SAVE_ESTIMATE_INTENT,
  type LeadFormResult,
} from "~/lib/lead-forms";
import { centsToDollars, formatBasisPoints, formatCents, parseDollars } from "~/lib/money";
import { quantityWithUnit } from "~/lib/proposal";
import type { LeadEstimateView } from "~/services/estimate-view.server";

const LAYER_LABELS: Record<number, string> = { 0: "None (new deck)", 1: "1 layer", 2: "2 layers", 3: "3 layers" };
const alert = "rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800";

/**
 * The lead's estimate: made from the measured roof (a shingle line, the waste, the layers
 * to tear off), then its lines adjusted by staff. Plain forms that post without scripts;
 * the server works every total out again on each save.
 */
export function LeadEstimate({ view, result }: { view: LeadEstimateView; result?: LeadFormResult }) {
  const make = useLeadFormPost(MAKE_ESTIMATE_INTENT, result);
  const lines = useLeadFormPost(SAVE_ESTIMATE_INTENT, result);
  const leaveOut = useLeadFormPost(LEAVE_OUT_INTENT, result);
  const { estimate } = view;
  return (
    <section aria-labelledby="lead-estimate" className="space-y-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="lead-estimate" className="flex items-center gap-2 text-lg font-bold">
        <Calculator aria-hidden className="size-5 text-brand" /> Estimate
      </h2>
      {!estimate && !view.measured && (
        <p className="text-sm text-ink-soft">Measure the roof first: the estimate is made from its measurement.</p>
      )}
      {!estimate && view.measured && (
        <>
          {view.roofBasis && <p className="text-sm text-ink-soft">{view.roofBasis}</p>}
          <LinesNote linesFrom={view.linesFrom} measured={view.measured} />
          <MakeEstimateForm view={view} post={make} />
        </>
      )}
      {estimate && (
        <>
          <p className="text-sm text-ink-soft">
            {view.tiers.find((t) => t.tier === estimate.tier)?.name} shingles, {estimate.wastePercent}% waste, tear-off:{" "}
            {LAYER_LABELS[estimate.tearOffLayers].toLowerCase()}. {estimateAudienceNote(view)}
          </p>
          {view.locked && (
            <p role="note" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
              <strong>
                {estimate.lockedAt ? `Accepted ${estimate.lockedAt}: locked.` : "A proposal is accepted: locked."}
              </strong>{" "}
              {LOCKED_NOTE}
            </p>
          )}
          {view.openProposal && (
            <p role="note" className="rounded-md bg-sand px-3 py-2 text-sm">
              <strong>A proposal is open.</strong> {OPEN_PROPOSAL_NOTE}
            </p>
          )}
          {estimate.roofBasis && <p className="text-sm text-ink-soft">{estimate.roofBasis}</p>}
          {/* What is missing, or why it was left out, says all the lines note would; a locked
              estimate is not made again, so its advice to do so would contradict the lock. */}
          {!estimate.missing && !estimate.leftOut && !view.locked && (
            <LinesNote linesFrom={view.linesFrom} measured={view.measured} />
          )}
          {estimate.missing && !view.locked && <LeaveOutForm message={estimate.missing} post={leaveOut} />}
          {estimate.leftOut && (
            <p className="rounded-md bg-sand px-3 py-2 text-sm">
              <strong>Left out: {estimate.leftOut.what}.</strong> Why: {estimate.leftOut.reason}
            </p>
          )}
          {view.locked ? (
            <LockedEstimate
              estimate={estimate}
              refusal={
                replyFormError(lines.lastResult) ??
                replyFormError(make.lastResult) ??
                replyFormError(leaveOut.lastResult)
              }
            />
          ) : (
            <EstimateLinesForm key={estimate.updatedAt} estimate={estimate} post={lines} />
          )}
          {view.measured && !view.locked && (
            <details open={make.refused} className="rounded-md border border-black/10 px-4 py-3">
              <summary className="cursor-pointer font-semibold">Make it again from the measurement</summary>
              <p className="mt-2 text-sm text-ink-soft">
                Replaces every line, and the changes made to them, with the takeoff at today&rsquo;s prices.
              </p>
              <MakeEstimateForm view={view} post={make} again />
            </details>
          )}
        </>
      )}
    </section>
  );
}

/** What the page says under a locked estimate: the way to change the job now. */
const LOCKED_NOTE =
  "The homeowner signed for these figures. A change to the job is a change order on its invoice (Invoices and payments, below); different work is a new lead with its own proposal.";

/** The accepted estimate, read-only: its lines and totals as the homeowner signed for them. */
function LockedEstimate({ estimate, refusal }: { estimate: SavedEstimate; refusal: string | undefined }) {
  return (
    <div className="space-y-3">
      {refusal && (
        <p role="alert" className={alert}>
          {refusal}
        </p>
      )}
      <table className="w-full text-sm">
        <caption className="sr-only">Accepted estimate lines</caption>
        <thead className="text-left text-ink-soft">
          <tr>
            <th className="py-1 font-medium">Item</th>
            <th className="py-1 text-right font-medium">Quantity</th>
            <th className="py-1 pl-3 text-right font-medium">Total</th>
          </tr>
        </thead>
        <tbody>
          {estimate.lines.map((l, i) => (
            <tr key={i} className="border-t border-black/10">
              <td className="py-1 pr-2">{l.label}</td>
              <td className="py-1 text-right whitespace-nowrap">{quantityWithUnit(l.quantity, l.unit)}</td>
              {/* Room between the two right-aligned figures: on a phone they ran together. */}
              <td className="py-1 pl-3 text-right whitespace-nowrap">{formatCents(l.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto max-w-xs space-y-1 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatCents(estimate.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Sales tax ({formatBasisPoints(estimate.taxRateBasisPoints)})</dt>
          <dd>{formatCents(estimate.taxCents)}</dd>
        </div>
        <div className="flex justify-between font-bold">
          <dt>Total</dt>
          <dd>{formatCents(estimate.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Materials the owner prices that the measurement could not count: a proposal waits for them, or for a reason. */
function LeaveOutForm({ message, post: { fetcher, busy, lastResult } }: { message: string; post: LeadFormPost }) {
  const [form, fields] = useForm({
    id: "leave-out-materials",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LeaveOutFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      aria-label="Leave the missing materials out"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3"
    >
      <input type="hidden" name="intent" value={LEAVE_OUT_INTENT} />
      <p className="text-sm font-medium text-amber-900">{message}</p>
      {form.errors?.length ? (
        <p role="alert" className={alert}>
          {form.errors[0]}
        </p>
      ) : null}
      <Field label="Why leave them out" error={fields.reason}>
        <textarea
          {...getTextareaProps(fields.reason)}
          rows={2}
          maxLength={300}
          placeholder="Existing drip edge and starter stay; ridge vent replaces the cap"
          className={inputClass}
        />
      </Field>
      <SubmitButton busy={busy} busyText="Saving...">
        Leave them out
      </SubmitButton>
    </fetcher.Form>
  );
}

function LinesNote({ linesFrom, measured }: { linesFrom: LeadEstimateView["linesFrom"]; measured: boolean }) {
  if (!measured || linesFrom === "traced") return null;
  const text =
    linesFrom === "footprint"
      ? "Eaves, rakes and ridge are worked out from the typed length × width as a plain gable. For a hip or cut-up roof, trace its lines in the roof tool and make the estimate again."
      : "The measurement has a roof area but no traced eaves, rakes, ridges or valleys: starter, drip edge, ridge cap and valley lining are left out. Trace them in the roof tool, or add them as lines.";
  return <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{text}</p>;
}

function MakeEstimateForm({
  view,
  post: { fetcher, busy, lastResult },
  again = false,
}: {
  view: LeadEstimateView;
  post: LeadFormPost;
  again?: boolean;
}) {
  const [form, fields] = useForm({
    id: again ? "make-estimate-again" : "make-estimate",
    lastResult,
    defaultValue: {
      tier: view.estimate?.tier ?? "better",
      wastePercent: String(view.estimate?.wastePercent ?? view.suggestedWastePercent),
      tearOffLayers: String(view.estimate?.tearOffLayers ?? 1),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MakeEstimateFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const names = Object.fromEntries(view.tiers.map((t) => [t.tier, t.name]));
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      aria-label={again ? "Make the estimate again" : "Make an estimate"}
      className="mt-3 grid gap-4 sm:grid-cols-3"
    >
      <input type="hidden" name="intent" value={MAKE_ESTIMATE_INTENT} />
      <fieldset className="sm:col-span-3">
        <legend className="text-sm font-medium">Shingle line</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {getCollectionProps(fields.tier, { type: "radio", options: [...SHINGLE_TIERS] }).map(({ key, ...props }) => (
            <label
              key={key}
              className="flex items-center gap-2 rounded-md border border-black/15 px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/5"
            >
              <input {...props} />
              <span>
                <span className="font-semibold">{names[props.value]}</span>{" "}
                <span className="text-ink-soft">({props.value})</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={fields.tier.errorId} errors={fields.tier.errors} />
      </fieldset>
      <Field
        label="Waste (%)"
        error={fields.wastePercent}
        hint={`Suggested for this roof: ${view.suggestedWastePercent}%`}
      >
        <input
          {...getInputProps(fields.wastePercent, { type: "number" })}
          min={0}
          max={50}
          step={1}
          inputMode="numeric"
          className={inputClass}
        />
      </Field>
      <Field label="Layers to tear off" error={fields.tearOffLayers}>
        <select {...getSelectProps(fields.tearOffLayers)} className={inputClass}>
          {TEAR_OFF_LAYERS.map((n) => (
            <option key={n} value={n}>
              {LAYER_LABELS[n]}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex items-start sm:pt-7">
        <SubmitButton busy={busy} busyText="Making the estimate...">
          {again ? "Make it again" : "Make an estimate"}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}

/** Before a change: what saving or making the estimate again does to the proposal sent from it (decision 0032). */
const OPEN_PROPOSAL_NOTE =
  "The homeowner sees it with the figures it had when it was sent. Saving or making the estimate again withdraws it: send a new one after.";

type SavedEstimate = NonNullable<LeadEstimateView["estimate"]>;

/** A line's total from what is typed, or null while it is not a quantity and a price. */
function typedTotal(quantity: string | undefined, price: string | undefined): number | null {
  const q = quantity?.trim() ?? "";
  const cents = parseDollars(price ?? "");
  if (!/^\d+(\.\d{1,2})?$/.test(q) || Number(q) > MAX_QUANTITY || cents === null) return null;
  return lineTotalCents(Number(q), cents);
}

const LEAVE_QUESTION = "Leave without saving? The estimate lines you changed are not saved yet.";

const money = (cents: number | null) => (cents === null ? "—" : formatCents(cents));

function EstimateLinesForm({
  estimate,
  post: { fetcher, busy, lastResult },
}: {
  estimate: SavedEstimate;
  post: LeadFormPost;
}) {
  const [form, fields] = useForm({
    id: "estimate-lines",
    lastResult,
    defaultValue: {
      lines: estimate.lines.map((l) => ({
        key: l.key,
        label: l.label,
        quantity: String(l.quantity),
        unit: l.unit,
        unitPrice: centsToDollars(l.unitPriceCents),
      })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EstimateLinesFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const rows = fields.lines.getFieldList();
  const add = fields.add.getFieldset();
  // Typed lines are work: leaving the lead page before saving them asks first. Compared
  // with the saved lines (not conform's first values), so a save that keeps the form
  // mounted leaves nothing unsaved.
  const changed =
    rows.length !== estimate.lines.length ||
    Boolean(add.label.value || add.quantity.value || add.unitPrice.value) ||
    rows.some((row, i) => {
      const l = row.getFieldset();
      const saved = estimate.lines[i];
      return (
        l.remove.value === "on" ||
        l.label.value !== saved.label ||
        l.quantity.value !== String(saved.quantity) ||
        l.unitPrice.value !== centsToDollars(saved.unitPriceCents)
      );
    });
  useUnsavedWarning(changed, LEAVE_QUESTION);
  // What the lines come to as typed: the same sums the server does when they are saved.
  const totals = rows.map((row) => {
    const l = row.getFieldset();
    return l.remove.value === "on" ? 0 : typedTotal(l.quantity.value, l.unitPrice.value);
  });
  const addTotal =
    add.label.value || add.quantity.value || add.unitPrice.value
      ? typedTotal(add.quantity.value, add.unitPrice.value)
      : 0;
  const subtotal = [...totals, addTotal].every((t) => t !== null)
    ? [...totals, addTotal].reduce<number>((s, t) => s + (t ?? 0), 0)
    : null;
  const tax = subtotal === null ? null : taxCents(subtotal, estimate.taxRateBasisPoints);
  const saved = subtotal === estimate.subtotalCents;
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      aria-label="Estimate lines"
      className="space-y-3"
    >
      <input type="hidden" name="intent" value={SAVE_ESTIMATE_INTENT} />
      {form.errors?.length ? (
        <p role="alert" className={alert}>
          {form.errors[0]}
        </p>
      ) : null}
      <ol className="space-y-3">
        {rows.map((row, i) => {
          const l = row.getFieldset();
          const storedLine = estimate.lines[i];
          const name = storedLine?.label ?? `Line ${i + 1}`;
          // On a wide screen the rows line up under the first one's captions.
          const caption = (text: string) => <span className={i > 0 ? "sm:sr-only" : undefined}>{text}</span>;
          return (
            <li key={row.key}>
              <fieldset className="grid grid-cols-2 gap-2 rounded-md border border-black/10 p-3 sm:grid-cols-[minmax(0,1fr)_6rem_6rem_8rem_7rem]">
                <legend className="sr-only">{name}</legend>
                <input type="hidden" name={l.key.name} value={l.key.initialValue ?? "custom"} />
                <Field
                  label={
                    <>
                      {caption("Description")}{" "}
                      {storedLine?.adjusted && (
                        <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">adjusted</span>
                      )}
                    </>
                  }
                  error={l.label}
                  className="col-span-2 block sm:col-span-1"
                >
                  <input {...getInputProps(l.label, { type: "text" })} maxLength={120} className={inputClass} />
                </Field>
                <Field label={caption("Quantity")} error={l.quantity}>
                  <input {...getInputProps(l.quantity, { type: "text" })} inputMode="decimal" className={inputClass} />
                </Field>
                <Field label={caption("Unit")} error={l.unit}>
                  <input {...getInputProps(l.unit, { type: "text" })} maxLength={20} className={inputClass} />
                </Field>
                <Field label={caption("Unit price ($)")} error={l.unitPrice}>
                  <input {...getInputProps(l.unitPrice, { type: "text" })} inputMode="decimal" className={inputClass} />
                </Field>
                <div className="text-right">
                  <span className="block text-sm font-medium">{caption("Line total")}</span>
                  <output className="mt-1 block py-2 font-semibold tabular-nums" aria-label={`Line total of ${name}`}>
                    {money(totals[i])}
                  </output>
                  <label className="flex items-center justify-end gap-1.5 text-sm text-red-800">
                    <input {...getInputProps(l.remove, { type: "checkbox" })} /> Remove
                  </label>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <fieldset className="grid grid-cols-2 gap-2 rounded-md border border-dashed border-black/20 p-3 sm:grid-cols-[minmax(0,1fr)_6rem_6rem_8rem_7rem]">
        <legend className="px-1 text-sm font-semibold">Add a line</legend>
        <Field label="Description" error={add.label} className="col-span-2 block sm:col-span-1">
          <input
            {...getInputProps(add.label, { type: "text" })}
            maxLength={120}
            placeholder="Skylight flashing kit"
            className={inputClass}
          />
        </Field>
        <Field label="Quantity" error={add.quantity}>
          <input {...getInputProps(add.quantity, { type: "text" })} inputMode="decimal" className={inputClass} />
        </Field>
        <Field label="Unit" error={add.unit}>
          <input
            {...getInputProps(add.unit, { type: "text" })}
            maxLength={20}
            placeholder="each"
            className={inputClass}
          />
        </Field>
        <Field label="Unit price ($)" error={add.unitPrice}>
          <input {...getInputProps(add.unitPrice, { type: "text" })} inputMode="decimal" className={inputClass} />
        </Field>
      </fieldset>
      <dl aria-label="Estimate totals" className="ml-auto w-full max-w-xs space-y-1 text-right tabular-nums">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd>{money(subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Sales tax ({formatBasisPoints(estimate.taxRateBasisPoints)})</dt>
          <dd>{money(tax)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-black/10 pt-1 text-lg font-bold">
          <dt>Total</dt>
          <dd>{money(subtotal === null || tax === null ? null : subtotal + tax)}</dd>
        </div>
        {!saved && <p className="text-xs text-ink-soft">Not saved yet: saving works the totals out again.</p>}
      </dl>
      <div className="flex justify-end">
        <SubmitButton busy={busy} busyText="Saving the estimate...">
          Save estimate
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
