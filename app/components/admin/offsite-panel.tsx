import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CloudUpload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { dangerButton, Field, inputClass, IntentButton, SubmitButton, WarningNote } from "~/components/admin-ui";
import { OFFSITE_INTENTS, OffsiteFormSchema, PASSPHRASE_MIN, type OffsiteView } from "~/lib/offsite";
import type { z } from "~/lib/zod";

/**
 * The Backups page's "Off-site copies" panel: what is on and how the last sending went, and
 * the form that says where copies go. Every form posts natively and the action answers with
 * the page again (errors) or a redirect (done), so it works without scripts.
 */
export function OffsitePanel({
  view,
  lastResult,
}: {
  view: OffsiteView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const posting = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <>
      {view.on && view.place ? (
        <div className="mt-2 space-y-2" data-testid="offsite-state">
          <p className="flex items-start gap-2">
            <CloudUpload aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
            <span>
              <strong>On.</strong> Every backup is also sent, encrypted, to the bucket{" "}
              <strong>{view.place.bucket}</strong> at {view.place.host}
              {view.place.folder ? ` (folder ${view.place.folder})` : ""}.
            </span>
          </p>
          <p className="text-sm text-ink-soft">
            {view.lastSent ? `Last sent ${view.lastSent.when}: ${view.lastSent.what}.` : "Nothing sent yet."}
          </p>
          {view.lastFailure && (
            <WarningNote>
              The last sending failed ({view.lastFailure.when}): {view.lastFailure.message} The next backup tries again;
              “Check connection” tells you when the storage answers.
            </WarningNote>
          )}
          <div className="flex flex-wrap gap-3 pt-1">
            <IntentButton intent={OFFSITE_INTENTS.check} busyText="Checking…">
              Check connection
            </IntentButton>
            <IntentButton intent={OFFSITE_INTENTS.turnOff} busyText="Turning off…" className={dangerButton}>
              Turn off-site copies off
            </IntentButton>
          </div>
        </div>
      ) : (
        <p className="mt-1 text-ink-soft">
          If this server is lost (a failed disk, a deleted account), the backups on it go too. Keep a copy of every
          backup somewhere else: any S3-compatible storage works, such as Backblaze B2, Amazon S3, Cloudflare R2, Wasabi
          or a MinIO box at home. The README, section “Off-site copies, step by step”, shows how to get the keys.
        </p>
      )}
      {view.on ? (
        <details className="mt-4" open={!!lastResult}>
          <summary className="cursor-pointer font-semibold text-brand">Change where copies go</summary>
          <OffsiteForm view={view} lastResult={lastResult} busy={posting(OFFSITE_INTENTS.save)} />
        </details>
      ) : (
        <OffsiteForm view={view} lastResult={lastResult} busy={posting(OFFSITE_INTENTS.save)} />
      )}
    </>
  );
}

function OffsiteForm({
  view,
  lastResult,
  busy,
}: {
  view: OffsiteView;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const place = view.place;
  const [form, fields] = useForm<z.input<typeof OffsiteFormSchema>>({
    id: OFFSITE_INTENTS.save,
    lastResult,
    defaultValue: place
      ? {
          endpoint: place.endpoint,
          region: place.region,
          bucket: place.bucket,
          folder: place.folder,
          accessKeyId: place.accessKeyId,
        }
      : { region: "us-east-1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OffsiteFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const saved = place !== null;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4" aria-label="Where off-site copies go">
      <input type="hidden" name="intent" value={OFFSITE_INTENTS.save} />
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Storage address (endpoint)"
          hint="For example https://s3.us-west-004.backblazeb2.com"
          error={fields.endpoint}
          className="sm:col-span-2"
        >
          <input {...getInputProps(fields.endpoint, { type: "url" })} autoComplete="off" className={inputClass} />
        </Field>
        <Field label="Region" hint="As the storage names it; Cloudflare R2 uses auto" error={fields.region}>
          <input {...getInputProps(fields.region, { type: "text" })} autoComplete="off" className={inputClass} />
        </Field>
        <Field label="Bucket" error={fields.bucket}>
          <input {...getInputProps(fields.bucket, { type: "text" })} autoComplete="off" className={inputClass} />
        </Field>
        <Field label="Folder in the bucket (optional)" error={fields.folder}>
          <input {...getInputProps(fields.folder, { type: "text" })} autoComplete="off" className={inputClass} />
        </Field>
        <Field label="Access key ID" error={fields.accessKeyId}>
          <input {...getInputProps(fields.accessKeyId, { type: "text" })} autoComplete="off" className={inputClass} />
        </Field>
        <Field
          label="Secret access key"
          hint={saved ? "Saved. Leave it empty to keep it." : undefined}
          error={fields.secretAccessKey}
          className="sm:col-span-2"
        >
          <input
            {...getInputProps(fields.secretAccessKey, { type: "password" })}
            defaultValue=""
            autoComplete="off"
            className={inputClass}
          />
        </Field>
      </div>
      <fieldset className="space-y-3 rounded-lg border border-black/15 p-4">
        <legend className="px-1 font-semibold">Passphrase</legend>
        <p className="text-sm text-ink-soft">
          Every copy is encrypted on this server with a key that only this passphrase opens. It is not kept anywhere:
          write it down and keep it safe. Without it nobody can open the copies, not even to restore them.
          {saved ? " Needed again only to send copies to another bucket or folder." : ""}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Passphrase" hint={`At least ${PASSPHRASE_MIN} characters`} error={fields.passphrase}>
            <input
              {...getInputProps(fields.passphrase, { type: "password" })}
              defaultValue=""
              autoComplete="new-password"
              className={inputClass}
            />
          </Field>
          <Field label="Passphrase again" error={fields.passphraseAgain}>
            <input
              {...getInputProps(fields.passphraseAgain, { type: "password" })}
              defaultValue=""
              autoComplete="new-password"
              className={inputClass}
            />
          </Field>
        </div>
      </fieldset>
      <SubmitButton busy={busy} busyText="Connecting…">
        {saved ? "Save" : "Turn off-site copies on"}
      </SubmitButton>
    </Form>
  );
}
