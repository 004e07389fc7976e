import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field, inputClass, SubmitButton } from "~/components/admin-ui";
import { SHINGLE_TIERS } from "~/lib/estimate";
import { REMINDER_GRACE_DAYS, REMINDER_LIMITS, type ReminderSettings } from "~/lib/invoice-reminders";
import { coverageHint, PITCH_BAND_LABELS, PITCH_BANDS, type Pricing } from "~/lib/pricing";
import { PricingPageFormSchema, pricingPageFormValues } from "~/lib/pricing-page";
import { MAX_ADD_ONS } from "~/lib/proposal-choice";
import { ADD_ON_LABEL_MAX, type AddOnSettings } from "~/lib/proposal-offer";

const group = "grid gap-4 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6 lg:grid-cols-3";
const legend = "float-left mb-1 w-full text-lg font-bold sm:col-span-2 lg:col-span-3";
const note = "text-sm text-ink-soft sm:col-span-2 lg:col-span-3";
const TIER_LABELS = { good: "Good", better: "Better", best: "Best" } as const;

// Every field here is conform's metadata for one text box.
type Meta = FieldMetadata<string | undefined>;

/** A number box: a count or feet ("Per roll (squares)"). */
function NumberField({ label, meta, hint }: { label: string; meta: Meta; hint?: string }) {
  return (
    <Field label={label} error={meta} hint={hint}>
      <input {...getInputProps(meta, { type: "text" })} inputMode="decimal" className={inputClass} />
    </Field>
  );
}

/** A price in dollars, stored as cents. */
function MoneyField({ label, meta, hint }: { label: string; meta: Meta; hint?: string }) {
  return (
    <Field label={`${label} ($)`} error={meta} hint={hint}>
      <input {...getInputProps(meta, { type: "text" })} inputMode="decimal" className={inputClass} />
    </Field>
  );
}

/**
 * The owner's prices and what each unit covers: the estimate multiplies the roof's takeoff
 * by these. Dollars are typed as on a receipt ("42.50"), the tax rate as a percent. Beside
 * the deposit, the overdue invoice reminders: one form for both (lib/pricing-page.ts).
 */
export function PricingForm({
  pricing,
  reminders,
  remindersChanged,
  addOns,
  lastResult,
}: {
  pricing: Pricing;
  reminders: ReminderSettings;
  addOns: AddOnSettings;
  remindersChanged: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: pricingPageFormValues(pricing, reminders, addOns),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PricingPageFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const tiers = fields.tiers.getFieldset();
  const labor = fields.laborPerSquareCents.getFieldset();
  const reminding = fields.reminders.getFieldset();
  const extras = fields.addOns.getFieldset();
  const rows = extras.rows.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Pricing" className="space-y-6">
      {form.errors?.length ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      {SHINGLE_TIERS.map((tier) => {
        const t = tiers[tier].getFieldset();
        return (
          <fieldset key={tier} className={group}>
            <legend className={legend}>{TIER_LABELS[tier]} shingle line</legend>
            <Field
              label="Name (as estimates and proposals show it)"
              error={t.name}
              hint="Homeowners read it on their proposal: the product, like Timberline HDZ."
            >
              <input {...getInputProps(t.name, { type: "text" })} maxLength={60} className={inputClass} />
            </Field>
            <NumberField
              label="Shingles: bundles per square"
              meta={t.bundlesPerSquare}
              hint={`${coverageHint("bundlesPerSquare")} Some designer lines take 4 or 5.`}
            />
            <MoneyField label="Shingles: price per bundle" meta={t.shingleBundleCents} />
            <NumberField
              label="Hip and ridge cap: feet per bundle"
              meta={t.ridgeCapFtPerBundle}
              hint={coverageHint("ridgeCapFtPerBundle")}
            />
            <MoneyField label="Hip and ridge cap: price per bundle" meta={t.ridgeCapBundleCents} />
          </fieldset>
        );
      })}
      <fieldset className={group}>
        <legend className={legend}>Other materials</legend>
        <p className={note}>
          What one unit covers decides how many the takeoff orders; each is rounded up to whole units.
        </p>
        <NumberField
          label="Underlayment: squares per roll"
          meta={fields.underlaymentSquaresPerRoll}
          hint={coverageHint("underlaymentSquaresPerRoll")}
        />
        <MoneyField label="Underlayment: price per roll" meta={fields.underlaymentRollCents} />
        <span className="hidden lg:block" />
        <NumberField
          label="Starter strip: feet per bundle"
          meta={fields.starterFtPerBundle}
          hint={coverageHint("starterFtPerBundle")}
        />
        <MoneyField label="Starter strip: price per bundle" meta={fields.starterBundleCents} />
        <label className="flex items-center gap-2 self-end py-2 text-sm font-medium">
          <input {...getInputProps(fields.starterOnRakes, { type: "checkbox" })} /> Starter on the rakes too (not only
          the eaves)
        </label>
        <NumberField
          label="Drip edge: feet per piece"
          meta={fields.dripEdgeFtPerPiece}
          hint={coverageHint("dripEdgeFtPerPiece")}
        />
        <MoneyField label="Drip edge: price per piece" meta={fields.dripEdgePieceCents} />
        <span className="hidden lg:block" />
        <Field label="Valleys are lined with" error={fields.valleyMaterial}>
          <select {...getSelectProps(fields.valleyMaterial)} className={inputClass}>
            <option value="ice-and-water">Ice-and-water membrane</option>
            <option value="metal">Valley metal</option>
          </select>
        </Field>
        <NumberField
          label="Ice-and-water: feet of valley per roll"
          meta={fields.iceAndWaterFtPerRoll}
          hint={coverageHint("iceAndWaterFtPerRoll")}
        />
        <MoneyField label="Ice-and-water: price per roll" meta={fields.iceAndWaterRollCents} />
        <span className="hidden lg:block" />
        <NumberField
          label="Valley metal: feet per piece"
          meta={fields.valleyMetalFtPerPiece}
          hint={coverageHint("valleyMetalFtPerPiece")}
        />
        <MoneyField label="Valley metal: price per piece" meta={fields.valleyMetalPieceCents} />
        <MoneyField label="Nails, sealant and sundries: per square" meta={fields.nailsPerSquareCents} />
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>Labor and disposal</legend>
        <p className={note}>Per square of roof. The labor price includes tearing off one layer.</p>
        {PITCH_BANDS.map((band) => (
          <MoneyField key={band} label={`Labor per square, pitch ${PITCH_BAND_LABELS[band]}`} meta={labor[band]} />
        ))}
        <MoneyField label="Each extra layer torn off, per square" meta={fields.extraLayerPerSquareCents} />
        <MoneyField label="Disposal per square, per layer torn off" meta={fields.disposalPerSquareCents} />
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>Tax and deposit</legend>
        <Field
          label="Sales tax rate (%)"
          error={fields.taxRateBasisPoints}
          hint="The combined state and local rate, like 8.5. Applied to the whole estimate."
        >
          <input
            {...getInputProps(fields.taxRateBasisPoints, { type: "text" })}
            inputMode="decimal"
            className={inputClass}
          />
        </Field>
        <Field
          label="Deposit when a proposal is accepted (%)"
          error={fields.depositBasisPoints}
          hint="A draft deposit invoice for this share of the accepted total is made at once; you can change it before sending."
        >
          <input
            {...getInputProps(fields.depositBasisPoints, { type: "text" })}
            inputMode="decimal"
            className={inputClass}
          />
        </Field>
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>Overdue invoice reminders</legend>
        <p className={note}>
          A polite reminder to the homeowner, by email and by text where they take texts, with the invoice, what is
          still owed and the link to their job page. They stop when the invoice is paid or voided; staff can pause them
          for a job on its invoices card.
          {remindersChanged && ` ${remindersChanged}.`}
        </p>
        <label className="flex items-center gap-2 py-1 text-sm font-medium sm:col-span-2 lg:col-span-3">
          <input {...getInputProps(reminding.enabled, { type: "checkbox" })} /> Send reminders for overdue invoices
        </label>
        <Field
          label="Days after the due day"
          error={reminding.days}
          hint={`Up to ${REMINDER_LIMITS.steps}, like 3, 10, 30: one reminder on each of those days past due. One more than ${REMINDER_GRACE_DAYS} days late is skipped, so an invoice long overdue gets only those still ahead.`}
        >
          <input {...getInputProps(reminding.days, { type: "text" })} inputMode="numeric" className={inputClass} />
        </Field>
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>Proposal add-ons</legend>
        <p className={note}>
          Extras staff may offer on a proposal, each at its price before tax (taxed like the estimate). The homeowner
          ticks the ones he wants. Clear a name to remove it; up to {MAX_ADD_ONS}.
        </p>
        <input type="hidden" name={extras.shown.name} value="1" />
        {rows.map((row, i) => {
          const r = row.getFieldset();
          return (
            <div key={row.key} className="grid grid-cols-[1fr_8rem] gap-3 sm:col-span-2 lg:col-span-3">
              <Field label={`Add-on ${i + 1}`} error={r.label}>
                <input
                  {...getInputProps(r.label, { type: "text" })}
                  maxLength={ADD_ON_LABEL_MAX}
                  className={inputClass}
                />
              </Field>
              <Field label="Price ($)" error={r.price}>
                <input {...getInputProps(r.price, { type: "text" })} inputMode="decimal" className={inputClass} />
              </Field>
            </div>
          );
        })}
      </fieldset>
      <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t border-black/10 bg-sand px-4 py-3 sm:mx-0">
        <SubmitButton busy={busy}>Save prices</SubmitButton>
      </div>
    </Form>
  );
}
