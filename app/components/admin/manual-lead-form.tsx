import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Field, inputClass, Options, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { PREFERRED_CONTACT, QUOTE_SERVICES } from "~/lib/contact-form";
import { LEAD_STATUS_LABELS } from "~/lib/lead-status";
import { MANUAL_LEAD_DEFAULT_STATUS, MANUAL_LEAD_STATUSES, ManualLeadSchema } from "~/lib/manual-lead";
import { TEXT_CONSENT_BY_STAFF } from "~/lib/texts";

const group = "grid gap-4 border-t border-black/10 pt-5 first:border-t-0 first:pt-0 sm:grid-cols-2";
const legend = "float-left mb-1 w-full text-base font-bold sm:col-span-2";

/**
 * A phone call written down as a lead: who called, the job, where it stands. A plain form
 * that posts without scripts; with them, conform checks it first with the same schema. A
 * refused form comes back with what was typed and each problem by its field.
 */
export function ManualLeadForm({
  lastResult,
  cancelTo,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  cancelTo: string;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { status: MANUAL_LEAD_DEFAULT_STATUS },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ManualLeadSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Staff type somebody else's details: the browser's own name and number would be wrong.
  const text = { autoComplete: "off", className: inputClass };
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-3xl space-y-6 rounded-xl bg-white p-6 shadow-sm">
      {form.errors?.length ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <fieldset className={group}>
        <legend className={legend}>Who called</legend>
        <Field label="Name *" error={fields.name} className="block sm:col-span-2">
          <input {...getInputProps(fields.name, { type: "text" })} maxLength={100} {...text} />
        </Field>
        {/* The hint, until the same rule comes back as the error. */}
        <Field
          label="Phone"
          error={fields.phone}
          hint={fields.phone.errors ? undefined : "A phone number or an email: at least one."}
        >
          <input {...getInputProps(fields.phone, { type: "tel" })} maxLength={40} {...text} />
        </Field>
        <Field label="Email" error={fields.email}>
          <input {...getInputProps(fields.email, { type: "email" })} maxLength={254} {...text} />
        </Field>
        <Field label="Best way to reach them" error={fields.preferredContact}>
          <select {...getSelectProps(fields.preferredContact)} className={inputClass}>
            <option value="">Not said</option>
            {Object.entries(PREFERRED_CONTACT).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {/* Unticked unless they said yes: nothing is texted without it. */}
        <label className="flex items-start gap-2 text-sm font-medium sm:col-span-2">
          <input {...getInputProps(fields.textConsent, { type: "checkbox" })} className="mt-0.5 size-4 shrink-0" />
          {TEXT_CONSENT_BY_STAFF}
        </label>
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>The job</legend>
        <Field label="Type of work" error={fields.service} className="block sm:col-span-2">
          <select {...getSelectProps(fields.service)} className={inputClass}>
            <option value="">Not said</option>
            {QUOTE_SERVICES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
        <Field label="Street" error={fields.street} className="block sm:col-span-2">
          <input {...getInputProps(fields.street, { type: "text" })} maxLength={200} {...text} />
        </Field>
        <Field label="City" error={fields.city}>
          <input {...getInputProps(fields.city, { type: "text" })} maxLength={100} {...text} />
        </Field>
        <Field label="ZIP" error={fields.zip}>
          <input {...getInputProps(fields.zip, { type: "text" })} inputMode="numeric" maxLength={10} {...text} />
        </Field>
        <Field label="What they said *" error={fields.message} className="block sm:col-span-2">
          <textarea
            {...getTextareaProps(fields.message)}
            rows={4}
            maxLength={5000}
            className={inputClass}
            placeholder="Hail last week, a few shingles in the yard; wants someone to look before the weekend."
          />
        </Field>
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>Where it stands</legend>
        <Field label="Status" error={fields.status} hint="Contacted: you have spoken with them (this call counts).">
          <select {...getSelectProps(fields.status)} className={inputClass}>
            <Options values={MANUAL_LEAD_STATUSES} labels={LEAD_STATUS_LABELS} />
          </select>
        </Field>
        <Field label="Follow up on" error={fields.followUpOn}>
          <input {...getInputProps(fields.followUpOn, { type: "date" })} className={inputClass} />
        </Field>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={cancelTo} className={secondaryButton}>
          Cancel
        </Link>
        <SubmitButton busy={busy}>Add lead</SubmitButton>
      </div>
    </Form>
  );
}
