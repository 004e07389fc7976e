import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { SignInAlert, SignInCard } from "~/components/admin/sign-in-card";
import { Field, inputClass, primaryButton, SubmitButton } from "~/components/form";
import { SignInCodeSchema, TWO_STEP_MESSAGES } from "~/lib/two-step-forms";
import { clientIp } from "~/server/client-ip.server";
import { readForm } from "~/server/request-body.server";
import { LOGIN_TOO_MANY, requestDevice, startSession } from "~/services/auth.server";
import { setFlash } from "~/services/flash.server";
import { checkSignInCode, clearPendingSignIn, readPendingSignIn } from "~/services/two-step.server";
import type { Route } from "./+types/login-code";

// The second step of signing in (decision 0051): reached only with the 5-minute cookie a
// right password sets for an account with two-step on. No session until the code is right.

/** Back to the password, saying why: the pending sign-in ran out, was used, or never was. */
async function backToLogin() {
  const headers = new Headers();
  headers.append("Set-Cookie", await clearPendingSignIn());
  headers.append("Set-Cookie", await setFlash({ type: "info", message: TWO_STEP_MESSAGES.pendingExpired }));
  return redirect(href("/admin/login"), { headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await readPendingSignIn(request))) throw await backToLogin();
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = await readPendingSignIn(request);
  if (!pending) return backToLogin();
  const submission = parseWithZod(await readForm(request), { schema: SignInCodeSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  const ip = clientIp(context);
  const checked = await checkSignInCode(pending, submission.value.code, ip);
  if (checked.outcome === "too-many")
    return data(submission.reply({ formErrors: [LOGIN_TOO_MANY], hideFields: ["code"] }), { status: 429 });
  if (checked.outcome === "wrong")
    return data(submission.reply({ formErrors: [TWO_STEP_MESSAGES.signInCodeWrong], hideFields: ["code"] }), {
      status: 401,
    });
  const headers = new Headers();
  headers.append("Set-Cookie", await clearPendingSignIn());
  headers.append("Set-Cookie", await startSession(pending.userId, requestDevice(request, ip)));
  const message =
    checked.outcome === "recovery" ? TWO_STEP_MESSAGES.recoveryUsed(checked.left) : "Logged in successfully";
  headers.append("Set-Cookie", await setFlash({ type: checked.outcome === "recovery" ? "info" : "success", message }));
  return redirect(pending.redirectTo, { headers });
}

export default function LoginCode({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "login-code",
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const error = busy ? undefined : form.errors?.[0];
  return (
    <SignInCard title="Two-step sign-in">
      <p className="mt-2 text-ink-soft">Enter the 6-digit code your authenticator app shows for this site.</p>
      {error && <SignInAlert id={form.errorId}>{error}</SignInAlert>}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <fieldset disabled={busy} className="space-y-4">
          <Field label="Code" hint="Lost your phone? Type one of your recovery codes instead." error={fields.code}>
            <input
              {...getInputProps(fields.code, { type: "text" })}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              required
              autoFocus
              className={`${inputClass} font-mono text-lg tracking-widest`}
            />
          </Field>
          <SubmitButton busy={busy} busyText="Checking..." className={`${primaryButton} w-full`}>
            Sign In
          </SubmitButton>
        </fieldset>
      </Form>
      <p className="mt-6 text-sm">
        <Link to={href("/admin/login")} className="text-brand underline">
          Start again with your password
        </Link>
      </p>
    </SignInCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Two-step sign-in | Admin" },
  { name: "robots", content: "noindex" },
];
