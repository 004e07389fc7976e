import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ContactSettingsFormSchema, type ContactSettings } from "~/lib/contact-settings";
import { FieldError, inputClass, primaryButton } from "./admin-ui";

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
      <label className="block">
        <span className="text-sm font-medium">Notification email (where new messages go)</span>
        <input {...getInputProps(fields.notificationEmail, { type: "email" })} className={inputClass} />
        <FieldError id={fields.notificationEmail.errorId} errors={fields.notificationEmail.errors} />
      </label>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input {...getInputProps(fields.autoresponderEnabled, { type: "checkbox" })} /> Send an automatic reply to visitors
      </label>
      <label className="block">
        <span className="text-sm font-medium">Autoresponder subject</span>
        <input {...getInputProps(fields.autoresponderSubject, { type: "text" })} maxLength={200} className={inputClass} />
        <FieldError id={fields.autoresponderSubject.errorId} errors={fields.autoresponderSubject.errors} />
      </label>
      <label className="block">
        <span className="text-sm font-medium">Autoresponder message</span>
        <textarea {...getTextareaProps(fields.autoresponderMessage)} rows={5} maxLength={5000} className={inputClass} />
        <FieldError id={fields.autoresponderMessage.errorId} errors={fields.autoresponderMessage.errors} />
      </label>
      <button type="submit" name="intent" value="save-contact-settings" className={primaryButton} disabled={busy}>
        {busy ? "Saving..." : "Save Settings"}
      </button>
    </Form>
  );
}
