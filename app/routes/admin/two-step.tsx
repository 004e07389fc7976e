import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { AccountCardForm, accountCard, usePosting } from "~/components/admin/account-card-form";
import { Field, inputClass, secondaryButton, SubmitButton } from "~/components/form";
import { ACCOUNT_MESSAGES } from "~/lib/account-forms";
import { formatKansasDate } from "~/lib/business-time";
import { groupSecret } from "~/lib/totp";
import { ConfirmPasswordSchema, EnableTwoStepSchema, TWO_STEP_INTENTS, TWO_STEP_MESSAGES } from "~/lib/two-step-forms";
import { disableTwoStep } from "~/models/two-step.server";
import { clientIp } from "~/server/client-ip.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { confirmPassword } from "~/services/auth.server";
import {
  clearSetup,
  confirmSetup,
  countRecoveryCodesLeft,
  getTwoStep,
  remakeRecoveryCodes,
  setupView,
} from "~/services/two-step.server";
import type { Route } from "./+types/two-step";

// Two-step sign-in for the signed-in person's own account (decision 0051): turn it on by
// scanning a new secret and typing a code it makes; then recovery codes are shown once.
// Turning it off and new recovery codes ask for the current password (login throttle).

const ROUTE = "routes/admin/two-step";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, ROUTE);
  const twoStep = getTwoStep(user.userId);
  const headers = { "Cache-Control": "no-store" };
  if (twoStep) {
    const since = formatKansasDate(twoStep.enabledAt);
    return data({ on: true as const, since, codesLeft: countRecoveryCodesLeft(user.userId), setup: null }, { headers });
  }
  const { view, setCookie } = await setupView(request, user);
  return data(
    { on: false as const, since: null, codesLeft: 0, setup: view },
    { headers: setCookie ? { ...headers, "Set-Cookie": setCookie } : headers },
  );
}

type Intent = (typeof TWO_STEP_INTENTS)[keyof typeof TWO_STEP_INTENTS];
type ActionResult = { intent: Intent; result?: SubmissionResult<string[]>; codes?: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAccess(request, ROUTE);
  const form = await readForm(request);
  const intent = form.get("intent");
  requireIntent(user, ROUTE, intent);
  const refuse = (name: Intent, result: SubmissionResult<string[]>, status: number) =>
    data<ActionResult>({ intent: name, result }, { status });
  const on = getTwoStep(user.userId) !== null;

  switch (intent) {
    case TWO_STEP_INTENTS.enable: {
      if (on)
        return redirectWithFlash(href("/admin/account/two-step"), {
          type: "info",
          message: TWO_STEP_MESSAGES.alreadyOn,
        });
      const submission = parseWithZod(form, { schema: EnableTwoStepSchema });
      if (submission.status !== "success") return refuse(intent, submission.reply(), 400);
      const outcome = await confirmSetup(request, user.userId, submission.value.code);
      if (outcome === "expired")
        return refuse(
          intent,
          submission.reply({ formErrors: [TWO_STEP_MESSAGES.setupExpired], hideFields: ["code"] }),
          400,
        );
      if (outcome === "wrong")
        return refuse(intent, submission.reply({ fieldErrors: { code: [TWO_STEP_MESSAGES.codeWrong] } }), 400);
      return data<ActionResult>(
        { intent, codes: outcome.codes },
        { headers: { "Set-Cookie": await clearSetup(), "Cache-Control": "no-store" } },
      );
    }
    case TWO_STEP_INTENTS.disable:
    case TWO_STEP_INTENTS.newCodes: {
      if (!on)
        return redirectWithFlash(href("/admin/account/two-step"), {
          type: "info",
          message: TWO_STEP_MESSAGES.alreadyOff,
        });
      const submission = parseWithZod(form, { schema: ConfirmPasswordSchema });
      const hide = { hideFields: ["currentPassword"] };
      if (submission.status !== "success") return refuse(intent, submission.reply(hide), 400);
      const checked = await confirmPassword(user, submission.value.currentPassword, clientIp(context));
      if (checked === "too-many")
        return refuse(intent, submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany], ...hide }), 429);
      if (checked === "wrong")
        return refuse(
          intent,
          submission.reply({ fieldErrors: { currentPassword: [TWO_STEP_MESSAGES.passwordWrong] }, ...hide }),
          400,
        );
      if (intent === TWO_STEP_INTENTS.disable) {
        disableTwoStep(user.userId);
        return redirectWithFlash(href("/admin/account"), { type: "success", message: TWO_STEP_MESSAGES.disabled });
      }
      return data<ActionResult>(
        { intent, codes: await remakeRecoveryCodes(user.userId) },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    default:
      return refuseUnknownIntent();
  }
}

function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" id={id} className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {errors[0]}
    </p>
  );
}

const formOptions = (
  id: Intent,
  schema: typeof EnableTwoStepSchema | typeof ConfirmPasswordSchema,
  lastResult: SubmissionResult<string[]> | undefined,
) => ({
  id,
  lastResult,
  onValidate: ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema }),
  shouldValidate: "onSubmit" as const,
  shouldRevalidate: "onInput" as const,
});

function Setup({
  setup,
  lastResult,
}: {
  setup: NonNullable<Route.ComponentProps["loaderData"]["setup"]>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm(formOptions(TWO_STEP_INTENTS.enable, EnableTwoStepSchema, lastResult));
  return (
    <section aria-labelledby="setup-title" className={accountCard}>
      <h2 id="setup-title" className="text-lg font-bold">
        Turn on two-step sign-in
      </h2>
      <ol className="list-decimal space-y-4 pl-5">
        <li>
          <p>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…)
            and scan this code.
          </p>
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="mt-3 w-48 max-w-full rounded-md border border-black/10 bg-white [&>svg]:h-auto [&>svg]:w-full"
            data-testid="two-step-qr"
            // Made on the server by the qrcode library from our own otpauth:// address: no markup from anyone else.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className="mt-3 text-sm text-ink-soft">
            Cannot scan? Choose &ldquo;enter a setup key&rdquo; in the app and type this key:
          </p>
          <p
            className="mt-1 font-mono text-lg font-semibold tracking-wide break-all"
            data-testid="two-step-secret"
            data-secret={setup.secret}
          >
            {groupSecret(setup.secret)}
          </p>
        </li>
        <li>
          <Form method="post" {...getFormProps(form)} className="space-y-3">
            <input type="hidden" name="intent" value={TWO_STEP_INTENTS.enable} />
            <FormAlert id={form.errorId} errors={form.errors} />
            <Field label="The 6-digit code the app shows" error={fields.code}>
              <input
                {...getInputProps(fields.code, { type: "text" })}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={40}
                className={`${inputClass} max-w-48 font-mono text-lg tracking-widest`}
              />
            </Field>
            <SubmitButton busy={usePosting(TWO_STEP_INTENTS.enable)} busyText="Checking...">
              Turn On
            </SubmitButton>
          </Form>
        </li>
      </ol>
    </section>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="codes-title" className={`${accountCard} border-2 border-amber-400`}>
      <h2 id="codes-title" className="text-lg font-bold">
        Your recovery codes
      </h2>
      <p>
        Write these down or print them, and keep them away from your phone. If you lose the phone, each code signs you
        in <strong>once</strong>. They are shown only now.
      </p>
      <ol
        className="grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-2"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-sand px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <Link to={href("/admin/account")} className={secondaryButton}>
        I have saved them
      </Link>
    </section>
  );
}

function PasswordForm({
  intent,
  title,
  intro,
  submit,
  busyText,
  lastResult,
}: {
  intent: Intent;
  title: string;
  intro: string;
  submit: string;
  busyText: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm(formOptions(intent, ConfirmPasswordSchema, lastResult));
  return (
    <AccountCardForm
      form={form}
      intent={intent}
      title={title}
      intro={intro}
      submit={submit}
      busyText={busyText}
      buttonClass={intent === TWO_STEP_INTENTS.disable ? secondaryButton : undefined}
    >
      <Field label="Current password" error={fields.currentPassword}>
        <input
          {...getInputProps(fields.currentPassword, { type: "password" })}
          autoComplete="current-password"
          className={inputClass}
        />
      </Field>
    </AccountCardForm>
  );
}

export default function TwoStepPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const codes = actionData?.codes;
  return (
    <>
      <header>
        <p className="text-sm">
          <Link to={href("/admin/account")} className="text-brand underline">
            Your account
          </Link>
        </p>
        <h1 className="text-2xl font-bold">Two-step sign-in</h1>
        <p className="mt-1 max-w-3xl text-ink-soft">
          After your password, a 6-digit code from an app on your phone: someone who learns your password still cannot
          sign in.
        </p>
        <p className="mt-2 font-semibold" data-testid="two-step-status">
          {loaderData.on ? `On since ${loaderData.since}` : "Off"}
        </p>
      </header>
      {codes && <RecoveryCodes codes={codes} />}
      {loaderData.setup && <Setup setup={loaderData.setup} lastResult={result(TWO_STEP_INTENTS.enable)} />}
      {loaderData.on && (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <PasswordForm
            intent={TWO_STEP_INTENTS.newCodes}
            title="Recovery codes"
            intro={`${loaderData.codesLeft} of 10 unused. New ones replace them all.`}
            submit="Make New Recovery Codes"
            busyText="Making..."
            lastResult={result(TWO_STEP_INTENTS.newCodes)}
          />
          <PasswordForm
            intent={TWO_STEP_INTENTS.disable}
            title="Turn off two-step sign-in"
            intro="Your password alone will sign you in again."
            submit="Turn Off"
            busyText="Turning off..."
            lastResult={result(TWO_STEP_INTENTS.disable)}
          />
        </div>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Two-step sign-in | Admin" },
  { name: "robots", content: "noindex" },
];
