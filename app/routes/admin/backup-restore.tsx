import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { BackupList, RestoreLink } from "~/components/admin/backup-list";
import { Field, inputClass, primaryButton, secondaryButton, WarningNote, Panel } from "~/components/admin-ui";
import { ACCOUNT_MESSAGES } from "~/lib/account-forms";
import {
  RESTORE_FILE_FIELD,
  RESTORE_INTENT,
  RESTORE_MESSAGES,
  RESTORE_SOURCES,
  RestoreConfirmSchema,
  restorePagePath,
  type RestoreSource,
} from "~/lib/backup-restore";
import { isRefusal } from "~/lib/refusal";
import type { z } from "~/lib/zod";
import { clientIp } from "~/server/client-ip.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { confirmPassword, requestDevice, startSession } from "~/services/auth.server";
import { setFlash } from "~/services/flash.server";
import { discardFound, prepareRestore, readRestoreForm, restoreChoices, restoreNow } from "~/services/restore.server";
import { confirmTwoStepCode, hasTwoStep } from "~/services/two-step.server";
import type { Route } from "./+types/backup-restore";

const ROUTE = "routes/admin/backup-restore";
const PAGE = href("/admin/backups/restore");
// Never typed back into the page.
const SECRET_FIELDS = ["currentPassword", "code", "passphrase"];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAccess(request, ROUTE);
  const url = new URL(request.url);
  const { here, offsite } = await restoreChoices();
  const from = url.searchParams.get("from");
  const name = url.searchParams.get("backup") ?? "";
  // A chosen backup, described for the last look before it goes in.
  const chosen =
    from === RESTORE_SOURCES.here
      ? here.find((b) => b.name === name)
      : from === RESTORE_SOURCES.offsite
        ? offsite?.copies.find((c) => c.name === name)
        : undefined;
  return {
    here,
    offsite,
    twoStep: hasTwoStep(admin.userId),
    chosen: chosen
      ? {
          from: from as RestoreSource,
          name,
          when: chosen.when,
          detail: from === RESTORE_SOURCES.here ? chosen.detail : `${chosen.detail}, off-site in ${offsite?.where}`,
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAccess(request, ROUTE);
  const { form, uploaded, uploadError } = await readRestoreForm(request);
  const discardUpload = () => uploaded && discardFound({ folder: uploaded, unpacked: uploaded });
  try {
    requireIntent(admin, ROUTE, form.get("intent"));
  } catch (refused) {
    discardUpload();
    throw refused;
  }
  const submission = parseWithZod(form, { schema: RestoreConfirmSchema });
  const refuse = (
    more: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
    status: 400 | 429 | 500 = 400,
  ) => {
    discardUpload();
    return data({ result: submission.reply({ ...more, hideFields: SECRET_FIELDS }) }, { status });
  };
  if (uploadError) return refuse({ fieldErrors: { [RESTORE_FILE_FIELD]: [uploadError] } });
  if (submission.status !== "success") return refuse();
  const ip = clientIp(context);
  const password = await confirmPassword(admin, submission.value.currentPassword, ip);
  if (password === "too-many") return refuse({ formErrors: [ACCOUNT_MESSAGES.tooMany] }, 429);
  if (password === "wrong") return refuse({ fieldErrors: { currentPassword: [RESTORE_MESSAGES.passwordWrong] } });
  if (hasTwoStep(admin.userId)) {
    if (!submission.value.code) return refuse({ fieldErrors: { code: [RESTORE_MESSAGES.codeMissing] } });
    const code = await confirmTwoStepCode(admin, submission.value.code, ip);
    if (code === "too-many") return refuse({ formErrors: [ACCOUNT_MESSAGES.tooMany] }, 429);
    if (code === "wrong") return refuse({ fieldErrors: { code: [RESTORE_MESSAGES.codeWrong] } });
  }
  const ready = await prepareRestore({ ...submission.value, uploaded });
  if (isRefusal(ready))
    return refuse(ready.field ? { fieldErrors: { [ready.field]: [ready.refused] } } : { formErrors: [ready.refused] });
  const outcome = await restoreNow(ready, admin.email);
  if (isRefusal(outcome)) return refuse({ formErrors: [outcome.refused] }, 500);
  const headers = new Headers();
  if (outcome.ownerId === null) {
    headers.append("Set-Cookie", await setFlash({ type: "info", message: RESTORE_MESSAGES.signInAgain }));
    return redirect(href("/admin/login"), { headers });
  }
  headers.append("Set-Cookie", await startSession(outcome.ownerId, requestDevice(request, clientIp(context))));
  headers.append("Set-Cookie", await setFlash({ type: "success", message: outcome.message }));
  return redirect(href("/admin/backups"), { headers });
}

export default function BackupRestore({ loaderData, actionData }: Route.ComponentProps) {
  const { here, offsite, twoStep, chosen } = loaderData;
  const lastResult = actionData?.result;
  return (
    <>
      <header>
        <Link to={href("/admin/backups")} className="inline-flex items-center gap-1 text-sm font-semibold text-brand">
          <ArrowLeft aria-hidden className="size-4" /> Backups
        </Link>
        <h1 className="mt-2 text-2xl font-bold">Restore a backup</h1>
        <p className="mt-1 max-w-prose text-ink-soft">
          Putting a backup back replaces everything the site holds now (leads, customers, proposals, invoices, settings
          and pictures) with what the backup held. What is here now is kept on the server as “before restore”, so
          nothing is lost. While the backup goes in, visitors see a short “back in a minute” page.
        </p>
      </header>

      {chosen ? (
        <Panel id="confirm" title={`Put back the backup of ${chosen.when}`}>
          <p className="mt-1" data-testid="chosen-backup">
            {chosen.detail}
          </p>
          <RestoreForm
            source={chosen.from}
            backup={chosen.name}
            twoStep={twoStep}
            lastResult={lastResult}
            label="Restore this backup"
          />
          <Link to={PAGE} className={`${secondaryButton} mt-3`}>
            Choose another
          </Link>
        </Panel>
      ) : (
        <>
          <Panel id="here" title="Kept on this server">
            {here.length === 0 ? (
              <p className="mt-1 text-ink-soft">None yet.</p>
            ) : (
              <BackupList
                testId="restore-here"
                items={here}
                actions={(b) => <RestoreLink to={restorePagePath(RESTORE_SOURCES.here, b.name)} when={b.when} />}
              />
            )}
          </Panel>
          {offsite && (
            <Panel id="offsite" title={`Off-site copies (${offsite.where})`}>
              {offsite.problem ? (
                <WarningNote className="mt-2">The off-site storage did not answer: {offsite.problem}</WarningNote>
              ) : offsite.copies.length === 0 ? (
                <p className="mt-1 text-ink-soft">None yet.</p>
              ) : (
                <BackupList
                  testId="restore-offsite"
                  items={offsite.copies}
                  actions={(c) => <RestoreLink to={restorePagePath(RESTORE_SOURCES.offsite, c.name)} when={c.when} />}
                />
              )}
            </Panel>
          )}
          <Panel id="upload" title="A backup file you downloaded">
            <p className="mt-1 text-ink-soft">
              A file named like backup-2026-11-28T08-00-00Z.tar.gz, from “Download” on the Backups page of this site or
              of the server it ran on before.
            </p>
            <RestoreForm
              source={RESTORE_SOURCES.upload}
              twoStep={twoStep}
              lastResult={lastResult}
              label="Upload and restore"
            />
          </Panel>
        </>
      )}
    </>
  );
}

/** The last step: the owner's password (and two-step code) again, and the passphrase for an off-site copy. */
function RestoreForm({
  source,
  backup = "",
  twoStep,
  lastResult,
  label,
}: {
  source: RestoreSource;
  backup?: string;
  twoStep: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  label: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("from") === source;
  const upload = source === RESTORE_SOURCES.upload;
  const [form, fields] = useForm<z.input<typeof RestoreConfirmSchema> & { [RESTORE_FILE_FIELD]?: string }>({
    id: `restore-${source}`,
    // Only the form that was sent shows what its answer said.
    lastResult: lastResult?.initialValue?.from === source ? lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RestoreConfirmSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      encType={upload ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      className="mt-4 max-w-md space-y-4"
    >
      <input type="hidden" name="intent" value={RESTORE_INTENT} />
      <input type="hidden" name="from" value={source} />
      <input type="hidden" name="backup" value={backup} />
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      {upload && (
        <Field label="Backup file (.tar.gz)" error={fields[RESTORE_FILE_FIELD]}>
          <input
            {...getInputProps(fields[RESTORE_FILE_FIELD], { type: "file" })}
            accept=".gz,.tgz,application/gzip"
            className={inputClass}
          />
        </Field>
      )}
      {source === RESTORE_SOURCES.offsite && (
        <Field label="The off-site copies' passphrase" error={fields.passphrase}>
          <input
            {...getInputProps(fields.passphrase, { type: "password" })}
            autoComplete="off"
            className={inputClass}
          />
        </Field>
      )}
      <Field label="Your password" error={fields.currentPassword}>
        <input
          {...getInputProps(fields.currentPassword, { type: "password" })}
          autoComplete="current-password"
          className={inputClass}
        />
      </Field>
      {twoStep && (
        <Field label="6-digit code from your authenticator app" error={fields.code}>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            inputMode="numeric"
            autoComplete="one-time-code"
            className={inputClass}
          />
        </Field>
      )}
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? "Restoring… the site is back in a minute" : label}
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Restore a backup | Admin" },
  { name: "robots", content: "noindex" },
];
