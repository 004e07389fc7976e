import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import { ContactSettingsFormSchema, DIGEST_HOURS, hourLabel, type ContactSettings } from "~/lib/contact-settings";
import { Field, inputClass, NotSavedYet, SubmitButton } from "./form";

export const CONTACT_SETTINGS_FORM_ID = "contact-settings";

export function ContactSettingsForm({
  settings,
  lastResult,
  unsaved = false,
}: {
  settings: ContactSettings;
  lastResult: SubmissionResult<string[]> | undefined;
  unsaved?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-contact-settings";
  const [form, fields] = useForm({
    id: CONTACT_SETTINGS_FORM_ID,
    lastResult,
    defaultValue: {
      ...settings,
      autoresponderEnabled: settings.autoresponderEnabled ? "on" : undefined,
      digestEnabled: settings.digestEnabled ? "on" : undefined,
      digestHour: String(settings.digestHour),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSettingsFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      action={href("/admin/contact")}
      {...getFormProps(form)}
      className="max-w-2xl space-y-5 rounded-xl bg-white p-6 shadow-sm"
    >
      <h2 className="text-lg font-bold">Contact settings</h2>
      {form.errors?.length ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
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
      <NotSavedYet show={unsaved} />
      <SubmitButton name="intent" value="save-contact-settings" busy={busy}>
        Save Settings
      </SubmitButton>
    </Form>
  );
}
