import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Plus } from "lucide-react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import { DAY_CODES, formatHoursRow, type BusinessFacts, type DayCode } from "~/lib/business";
import { BusinessFactsFormSchema } from "~/lib/business-schema";
import { Field, FieldError, inputClass, NotSavedYet, secondaryButton, SubmitButton } from "./form";

export const BUSINESS_FACTS_FORM_ID = "business-facts";

const DAY_LABELS: Record<(typeof DAY_CODES)[number], string> = {
  Mo: "Mon",
  Tu: "Tue",
  We: "Wed",
  Th: "Thu",
  Fr: "Fri",
  Sa: "Sat",
  Su: "Sun",
};

type Meta = ReturnType<typeof useForm<Record<string, unknown>>>[1][string];

/** One text input of the form, labelled, with its hint and error. */
function TextField({
  label,
  meta,
  type = "text",
  hint,
  ...rest
}: {
  label: string;
  meta: Meta;
  type?: "text" | "email" | "tel" | "url" | "time";
  hint?: string;
  maxLength?: number;
  autoComplete?: string;
}) {
  return (
    <Field label={label} hint={hint} error={meta}>
      <input {...getInputProps(meta, { type })} {...rest} className={inputClass} />
    </Field>
  );
}

/**
 * What the row will read on the site, from the days and times as they stand (with scripts,
 * as they are ticked; without, as saved). Nothing until a day is picked and the times make sense.
 */
function HoursPreview({ days, opens, closes }: { days: unknown; opens: unknown; closes: unknown }) {
  const picked = (Array.isArray(days) ? days : typeof days === "string" ? [days] : []).filter((d): d is DayCode =>
    (DAY_CODES as readonly string[]).includes(d),
  );
  const clock = (v: unknown) => (typeof v === "string" && /^\d\d:\d\d$/.test(v) ? v : null);
  const from = clock(opens);
  const to = clock(closes);
  if (!picked.length || !from || !to || to <= from) return null;
  return (
    <p className="text-sm text-ink-soft">
      Shown as <span className="font-medium text-ink">{formatHoursRow({ days: picked, opens: from, closes: to })}</span>
    </p>
  );
}

/**
 * The facts every public page shows (header, footer, contact card, structured data, the
 * PDF report): one copy, edited here.
 */
export function BusinessFactsForm({
  facts,
  lastResult,
  unsaved = false,
}: {
  facts: BusinessFacts;
  lastResult: SubmissionResult<string[]> | undefined;
  unsaved?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-business-facts";
  const [form, fields] = useForm({
    id: BUSINESS_FACTS_FORM_ID,
    lastResult,
    defaultValue: {
      ...facts,
      hours: facts.hours,
      facebook: facts.social.facebook ?? "",
      instagram: facts.social.instagram ?? "",
      youtube: facts.social.youtube ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BusinessFactsFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const hours = fields.hours.getFieldList();
  return (
    <Form
      method="post"
      action={href("/admin/contact")}
      {...getFormProps(form)}
      aria-labelledby="business-facts-title"
      className="space-y-5 rounded-xl bg-white p-6 shadow-sm"
    >
      <div>
        <h2 id="business-facts-title" className="text-lg font-bold">
          Business details
        </h2>
        <p className="text-sm text-ink-soft">Shown on every public page, in search results and on roof reports.</p>
      </div>
      {/* A field, not the button's value: "Add opening hours" and "Remove this row" submit too. */}
      <input type="hidden" name="intent" value="save-business-facts" />
      {form.errors?.length ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <TextField label="Company name" meta={fields.company} maxLength={120} autoComplete="organization" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Phone" meta={fields.phone} type="tel" maxLength={40} />
        <TextField label="Email" meta={fields.email} type="email" />
      </div>
      <TextField label="Street address" meta={fields.street} maxLength={160} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_5rem_7rem]">
        <div className="col-span-2 sm:col-span-1">
          <TextField label="City" meta={fields.city} maxLength={80} />
        </div>
        <TextField label="State" meta={fields.region} maxLength={2} />
        <TextField label="ZIP" meta={fields.postalCode} maxLength={10} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Owner" meta={fields.owner} maxLength={120} />
        <TextField label="Lead contractor" meta={fields.leadContractor} maxLength={120} />
      </div>
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium">Opening hours</legend>
        {hours.map((row, index) => {
          const r = row.getFieldset();
          return (
            <div key={row.key} className="space-y-2 rounded-lg border border-black/10 p-3">
              <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
                <TextField label="Opens" meta={r.opens} type="time" />
                <TextField label="Closes" meta={r.closes} type="time" />
              </div>
              <fieldset>
                <legend className="text-xs font-medium text-ink-soft">Days</legend>
                <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
                  {getCollectionProps(r.days, { type: "checkbox", options: [...DAY_CODES] }).map(
                    ({ key, ...props }) => (
                      <label key={key} className="flex items-center gap-1 text-sm">
                        <input {...props} /> {DAY_LABELS[props.value as (typeof DAY_CODES)[number]]}
                      </label>
                    ),
                  )}
                </div>
                <FieldError id={r.days.errorId} errors={r.days.errors} />
              </fieldset>
              <HoursPreview days={r.days.value} opens={r.opens.value} closes={r.closes.value} />
              <button
                {...form.remove.getButtonProps({ name: fields.hours.name, index })}
                className="text-sm font-semibold text-red-800 underline"
              >
                Remove this row
              </button>
            </div>
          );
        })}
        <FieldError id={fields.hours.errorId} errors={fields.hours.errors} />
        {hours.length < 7 && (
          <button
            {...form.insert.getButtonProps({
              name: fields.hours.name,
              defaultValue: { days: [], opens: "08:00", closes: "17:00" },
            })}
            className={secondaryButton}
          >
            <Plus aria-hidden className="size-4" /> Add opening hours
          </button>
        )}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Social media pages (leave empty to hide the icon)</legend>
        <TextField
          label="Facebook"
          meta={fields.facebook}
          type="url"
          hint="For example https://www.facebook.com/yourpage"
        />
        <TextField label="Instagram" meta={fields.instagram} type="url" />
        <TextField label="YouTube" meta={fields.youtube} type="url" />
      </fieldset>
      <NotSavedYet show={unsaved} />
      <SubmitButton busy={busy}>Save Business Details</SubmitButton>
    </Form>
  );
}
