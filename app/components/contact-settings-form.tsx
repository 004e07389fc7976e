import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ContactSettingsFormSchema, type ContactSettings } from "~/lib/contact-settings";
import { Field, inputClass, SubmitButton } from "./form";

export function ContactSettingsForm({
  settings,
  lastResult,
}: {
  settings: ContactSettings;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-contact-settings";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { ...settings, autoresponderEnabled: settings.autoresponderEnabled ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSettingsFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/admin/contact" {...getFormProps(form)} className="max-w-2xl space-y-5 rounded-xl bg-white p-6 shadow-sm">
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
        <input {...getInputProps(fields.autoresponderEnabled, { type: "checkbox" })} /> Send an automatic reply to visitors
      </label>
      <Field label="Autoresponder subject" error={fields.autoresponderSubject}>
        <input {...getInputProps(fields.autoresponderSubject, { type: "text" })} maxLength={200} className={inputClass} />
      </Field>
      <Field label="Autoresponder message" error={fields.autoresponderMessage}>
        <textarea {...getTextareaProps(fields.autoresponderMessage)} rows={5} maxLength={5000} className={inputClass} />
      </Field>
      <SubmitButton name="intent" value="save-contact-settings" busy={busy}>
        Save Settings
      </SubmitButton>
    </Form>
  );
}
