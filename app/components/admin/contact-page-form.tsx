import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { Form, href, useNavigation } from "react-router";
import { DAY_CODES, formatHoursRow, type BusinessFacts, type DayCode, type GoogleReviewAsk } from "~/lib/business";
import { CONTACT_PAGE_FORM_ID, ContactPageFormSchema, SAVE_CONTACT_PAGE_INTENT } from "~/lib/contact-page";
import { DIGEST_HOURS, hourLabel, type ContactSettings } from "~/lib/contact-settings";
import {
  Field,
  FieldError,
  FormError,
  inputClass,
  NotSavedYet,
  secondaryButton,
  SubmitButton,
} from "~/components/form";

const DAY_LABELS: Record<DayCode, string> = {
  Mo: "Mon",
  Tu: "Tue",
  We: "Wed",
  Th: "Thu",
  Fr: "Fri",
  Sa: "Sat",
  Su: "Sun",
};

const card = "space-y-5 rounded-xl bg-white p-6 shadow-sm";

function useContactPageForm(
  settings: ContactSettings,
  facts: BusinessFacts,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm({
    id: CONTACT_PAGE_FORM_ID,
    lastResult,
    defaultValue: {
      ...settings,
      autoresponderEnabled: settings.autoresponderEnabled ? "on" : undefined,
      digestEnabled: settings.digestEnabled ? "on" : undefined,
      textEveryone: settings.textEveryone ? "on" : undefined,
      digestHour: String(settings.digestHour),
      ...facts,
      facebook: facts.social.facebook ?? "",
      instagram: facts.social.instagram ?? "",
      youtube: facts.social.youtube ?? "",
      googleReviewLink: facts.googleReviews?.link ?? "",
      googleReviewAsk: facts.googleReviews?.ask ?? "after",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactPageFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
type PageForm = ReturnType<typeof useContactPageForm>[0];
type Fields = ReturnType<typeof useContactPageForm>[1];
type Meta = Fields[keyof Fields];

/**
 * The contact settings and the business details: two cards, one form (decision 0085). Either
 * card's button saves both, so nothing typed in one card is lost by saving the other, with
 * scripts or without.
 */
export function ContactPageForm({
  settings,
  facts,
  lastResult,
  unsaved,
  textsSetUp,
}: {
  settings: ContactSettings;
  facts: BusinessFacts;
  lastResult: SubmissionResult<string[]> | undefined;
  unsaved: boolean;
  /** Twilio's account, token and number are set: texts really go out. */
  textsSetUp: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === SAVE_CONTACT_PAGE_INTENT;
  const [form, fields] = useContactPageForm(settings, facts, lastResult);
  return (
    <Form method="post" action={href("/admin/contact")} {...getFormProps(form)} className="space-y-4">
      {/* A field, not the button's value: "Add opening hours" and "Remove this row" submit too. */}
      <input type="hidden" name="intent" value={SAVE_CONTACT_PAGE_INTENT} />
      <FormError formId={form.id} reply={lastResult} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ContactSettingsCard
          fields={fields}
          textsSetUp={textsSetUp}
          footer={<SaveRow unsaved={unsaved} busy={busy} label="Save Settings" />}
        />
        <BusinessFactsCard
          form={form}
          fields={fields}
          footer={<SaveRow unsaved={unsaved} busy={busy} label="Save Business Details" />}
        />
      </div>
    </Form>
  );
}

/** Each card ends with a button where the owner's eyes are; both save the whole page. */
function SaveRow({ unsaved, busy, label }: { unsaved: boolean; busy: boolean; label: string }) {
  return (
    <div className="space-y-2 border-t border-black/10 pt-4">
      <NotSavedYet show={unsaved} />
      <SubmitButton busy={busy}>{label}</SubmitButton>
      <p className="text-xs text-ink-soft">Saves both cards.</p>
    </div>
  );
}

function ContactSettingsCard({
  fields,
  textsSetUp,
  footer,
}: {
  fields: Fields;
  textsSetUp: boolean;
  footer: React.ReactNode;
}) {
  return (
    <section aria-labelledby="contact-settings-title" className={`max-w-2xl ${card}`}>
      <h2 id="contact-settings-title" className="text-lg font-bold">
        Contact settings
      </h2>
      <Field label="Notification email (where new messages go)" error={fields.notificationEmail}>
        <input {...getInputProps(fields.notificationEmail, { type: "email" })} className={inputClass} />
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input {...getInputProps(fields.autoresponderEnabled, { type: "checkbox" })} /> Send an automatic reply to
        visitors
      </label>
      <Field label="Autoresponder subject" error={fields.autoresponderSubject}>
        <input
          {...getInputProps(fields.autoresponderSubject, { type: "text" })}
          maxLength={200}
          className={inputClass}
        />
      </Field>
      <Field
        label="Autoresponder message"
        hint="Sent as you write it. One line is added under it: a private link to the visitor's job page, where they can see where their request stands and send more photos."
        error={fields.autoresponderMessage}
      >
        <textarea {...getTextareaProps(fields.autoresponderMessage)} rows={5} maxLength={5000} className={inputClass} />
      </Field>
      <fieldset className="space-y-3 border-t border-black/10 pt-4">
        <legend className="sr-only">Daily summary</legend>
        <div>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              {...getInputProps(fields.digestEnabled, {
                type: "checkbox",
                ariaDescribedBy: fields.digestEnabled.descriptionId,
              })}
            />
            Send me a daily summary of waiting leads
          </label>
          <p id={fields.digestEnabled.descriptionId} className="mt-1 text-xs text-ink-soft">
            One email to the notification address listing new leads and follow-ups due today or late. No email on days
            when nothing is waiting.
          </p>
        </div>
        <Field label="Send it at (Kansas time)" error={fields.digestHour} className="block max-w-xs">
          <select {...getSelectProps(fields.digestHour)} className={inputClass}>
            {DIGEST_HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      <fieldset className="space-y-2 border-t border-black/10 pt-4">
        <legend className="sr-only">Texts</legend>
        <label className="flex items-start gap-2 text-sm font-medium">
          <input
            {...getInputProps(fields.textEveryone, {
              type: "checkbox",
              ariaDescribedBy: fields.textEveryone.descriptionId,
            })}
            className="mt-0.5 shrink-0"
          />
          Text every homeowner who agreed to texts, not only those who chose Text or gave no email
        </label>
        <p id={fields.textEveryone.descriptionId} className="text-xs text-ink-soft">
          Visits booked, moved or canceled, the day-before reminder, proposals, invoices and receipts go by text too.
          Nobody is texted without agreeing, nor between 9 PM and 8 AM.
        </p>
        <p className="text-sm" data-testid="texts-set-up">
          {textsSetUp
            ? "Texts are set up: they go out through Twilio."
            : "Texts are not set up: nothing is texted until TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set on the server."}
        </p>
      </fieldset>
      {footer}
    </section>
  );
}

/** One text input of the form, labelled, with its hint and error. */
/** The Google Business Profile's review link, and whether review requests send homeowners there after or instead of our form. */
function GoogleReviewsFields({ fields }: { fields: Fields }) {
  const ask = fields.googleReviewAsk;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Google reviews (leave the link empty to use only our own form)</legend>
      <TextField
        label="Google review link"
        meta={fields.googleReviewLink}
        type="url"
        hint="In your Google Business Profile, choose “Ask for reviews” and copy the link (https://g.page/r/…/review)."
      />
      <fieldset className="space-y-2" aria-describedby={ask.errorId}>
        <legend className="text-sm font-medium">When a review request goes out</legend>
        {GOOGLE_REVIEW_ASK_CHOICES.map(([value, label]) => (
          <label key={value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={ask.name}
              value={value}
              defaultChecked={ask.initialValue === value}
              className="mt-1 size-4 accent-brand"
            />
            <span>{label}</span>
          </label>
        ))}
        <FieldError id={ask.errorId} errors={ask.errors} />
      </fieldset>
    </fieldset>
  );
}

const GOOGLE_REVIEW_ASK_CHOICES: [GoogleReviewAsk, string][] = [
  ["after", "Our own review form first; its thank-you page then offers Google too"],
  ["instead", "Straight to Google: the mail and text link to your Google review page"],
];

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
function BusinessFactsCard({ form, fields, footer }: { form: PageForm; fields: Fields; footer: React.ReactNode }) {
  const hours = fields.hours.getFieldList();
  return (
    <section aria-labelledby="business-facts-title" className={card}>
      <div>
        <h2 id="business-facts-title" className="text-lg font-bold">
          Business details
        </h2>
        <p className="text-sm text-ink-soft">Shown on every public page, in search results and on roof reports.</p>
      </div>
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
                        <input {...props} /> {DAY_LABELS[props.value as DayCode]}
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
      <GoogleReviewsFields fields={fields} />
      {footer}
    </section>
  );
}
