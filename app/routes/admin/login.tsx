import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { forgetOfflinePages } from "~/components/admin/offline";
import { data, Form, href, redirect, useNavigation } from "react-router";
import { toast } from "react-toastify/unstyled";
import { FlashMessage } from "~/components/flash-message";
import { ForgotPasswordLink } from "~/components/forgot-password-link";
import {
  authenticator,
  getAdmin,
  LOGIN_FAILED,
  LOGIN_TOO_MANY,
  LoginError,
  requestDevice,
  startSession,
} from "~/services/auth.server";
import { hasTwoStep, pendingSignInCookie } from "~/services/two-step.server";
import { clientIp } from "~/server/client-ip.server";
import { readFlash, setFlash } from "~/services/flash.server";
import { signInFailed, signInRefused, signInSucceeded } from "~/services/login-throttle.server";
import { readForm } from "~/server/request-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { normalizeEmail } from "~/models/user.server";
import { Field, inputClass, primaryButton, SubmitButton } from "~/components/form";
import { LoginSchema } from "~/lib/login-form";
import type { Route } from "./+types/login";

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getAdmin(request)) throw redirect(redirectTo);
  const { flash, headers } = await readFlash(request);
  return data({ flash, redirectTo }, { headers: { ...Object.fromEntries(headers), "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request.clone()), { schema: LoginSchema });
  // The password is never sent back to the page.
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const email = normalizeEmail(submission.value.email);
  const redirectTo = safeRedirect(submission.value.redirectTo);
  const fail = (message: string, status: number) =>
    data(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status });
  const ip = clientIp(context);
  if (await signInRefused(email, ip)) return fail(LOGIN_TOO_MANY, 429);

  let user: { id: number; email: string };
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (!(error instanceof LoginError)) console.error("Login failed unexpectedly:", error);
    await signInFailed(email, ip);
    return fail(LOGIN_FAILED, 401);
  }
  // Two-step on: no session yet, and the throttle's count stands until the code is right
  // (a right password must not wipe the wrong codes guessed before it).
  if (hasTwoStep(user.id)) {
    return redirect(href("/admin/login/code"), {
      headers: { "Set-Cookie": await pendingSignInCookie(user.id, redirectTo) },
    });
  }
  await signInSucceeded(email, ip);
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(user.id, requestDevice(request, ip)));
  headers.append("Set-Cookie", await setFlash({ type: "success", message: "Logged in successfully" }));
  return redirect(redirectTo, { headers });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData,
    defaultValue: { redirectTo: loaderData.redirectTo },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const error = busy ? undefined : form.errors?.[0];
  // Signing in leaves this page: a message it toasted (a session that ran out) goes with it.
  useEffect(() => () => toast.dismiss(), []);
  // Whoever signs in next on this phone finds none of the pages kept for the last person.
  useEffect(() => void forgetOfflinePages(), []);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-sand px-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">Admin Login</h1>
        <div className="mt-4 space-y-3">
          <FlashMessage flash={loaderData.flash} />
          {/* In the page, scripts or not: a toast in a corner is easy to miss while typing a password. */}
          {error && !busy && (
            <p
              role="alert"
              id={form.errorId}
              className="rounded-md border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
            >
              {error}
            </p>
          )}
        </div>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
          <fieldset disabled={busy} className="space-y-4">
            <Field label="Email" error={fields.email}>
              <input
                {...getInputProps(fields.email, { type: "email" })}
                autoComplete="username"
                required
                className={inputClass}
              />
            </Field>
            <Field label="Password" error={fields.password}>
              <input
                {...getInputProps(fields.password, { type: "password" })}
                autoComplete="current-password"
                required
                className={inputClass}
              />
            </Field>
            <SubmitButton busy={busy} busyText="Logging in..." className={`${primaryButton} w-full`}>
              Login
            </SubmitButton>
          </fieldset>
        </Form>
        <ForgotPasswordLink />
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];
