import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Timer } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Field, inputClass, Options, SubmitButton } from "~/components/admin-ui";
import { FormError } from "~/components/form";
import {
  lengthLabel,
  VISIT_LENGTHS,
  VISIT_LENGTHS_INTENT,
  VisitLengthsFormSchema,
  type VisitLengths,
} from "~/lib/visit-form";
import { VISIT_KIND_LABELS, VISIT_KINDS } from "~/lib/visit-kinds";

const FORM_ID = "visit-lengths";

/**
 * The owner's usual length of each kind of visit: what a booking on a lead's page starts
 * with for the kind chosen. Visits already booked keep their own length.
 */
export function VisitLengthsForm({
  lengths,
  lastResult,
}: {
  lengths: VisitLengths;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    defaultValue: Object.fromEntries(VISIT_KINDS.map((kind) => [kind, String(lengths[kind])])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: VisitLengthsFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="visit-lengths-title" className="space-y-3 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="visit-lengths-title" className="flex items-center gap-2 text-lg font-bold">
        <Timer aria-hidden className="size-5 text-brand" /> How long each visit takes
      </h2>
      <p className="text-sm text-ink-soft">
        A new booking starts with this length for its kind; visits already booked keep theirs.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value={VISIT_LENGTHS_INTENT} />
        <FormError formId={form.id} reply={lastResult} />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {VISIT_KINDS.map((kind) => (
            <Field key={kind} label={VISIT_KIND_LABELS[kind]} error={fields[kind]}>
              <select {...getSelectProps(fields[kind])} className={inputClass}>
                <Options values={VISIT_LENGTHS} labels={lengthLabel} />
              </select>
            </Field>
          ))}
        </div>
        <SubmitButton busy={busy}>Save lengths</SubmitButton>
      </Form>
    </section>
  );
}
