import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { toast } from "react-toastify/unstyled";
import { FlashMessage } from "~/components/flash-message";
import { authenticator, getAdmin, LOGIN_FAILED, LoginError, startSession } from "~/services/auth.server";
import { clientIp } from "~/server/client-ip.server";
import { readFlash, setFlash } from "~/services/flash.server";
import { signInFailed, signInRefused, signInSucceeded } from "~/services/login-throttle.server";
import { readForm } from "~/server/request-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { normalizeEmail } from "~/models/user.server";
import { Field, inputClass, primaryButton, SubmitButton } from "~/components/form";
import type { Route } from "./+types/login";

const TOO_MANY = "Too many login attempts. Please wait 15 minutes and try again.";

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getAdmin(request)) throw redirect(redirectTo);
  const { flash, headers } = await readFlash(request);
  return data({ flash, redirectTo }, { headers: { ...Object.fromEntries(headers), "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request.clone());
  const email = normalizeEmail(String(form.get("email") ?? ""));
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const fail = (message: string, status: number) => data({ error: message, email }, { status });

  if (!email || !String(form.get("password") ?? "")) return fail("Please enter your email and password", 400);
  const ip = clientIp(context);
  if (await signInRefused(email, ip)) return fail(TOO_MANY, 429);

  let user: { id: number; email: string };
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (!(error instanceof LoginError)) console.error("Login failed unexpectedly:", error);
    await signInFailed(email, ip);
    return fail(LOGIN_FAILED, 401);
  }
  await signInSucceeded(email, ip);
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(user.id));
  headers.append("Set-Cookie", await setFlash({ type: "success", message: "Logged in successfully" }));
  return redirect(redirectTo, { headers });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.error;
  // Signing in leaves this page: a message it toasted (a session that ran out) goes with it.
  useEffect(() => () => toast.dismiss(), []);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-sand px-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">Admin Login</h1>
        <div className="mt-4 space-y-3">
          <FlashMessage flash={loaderData.flash} />
          {/* In the page, scripts or not: a toast in a corner is easy to miss while typing a password. */}
          {error && !busy && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800">
              {error}
            </p>
          )}
        </div>
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <fieldset disabled={busy} className="space-y-4">
            <Field label="Email">
              <input name="email" type="email" autoComplete="username" required defaultValue={actionData?.email} className={inputClass} />
            </Field>
            <Field label="Password">
              <input name="password" type="password" autoComplete="current-password" required className={inputClass} />
            </Field>
            <SubmitButton busy={busy} busyText="Logging in..." className={`${primaryButton} w-full`}>
              Login
            </SubmitButton>
          </fieldset>
        </Form>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];
