import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { toast } from "react-toastify/unstyled";
import { SignInAlert, SignInCard } from "~/components/admin/sign-in-card";
import { Field, inputClass, primaryButton, SubmitButton } from "~/components/form";
import { ForgotPasswordSchema, RESET_MESSAGES } from "~/lib/password-reset";
import { clientIp } from "~/server/client-ip.server";
import { mailIsSetUp } from "~/server/mail.server";
import { readForm } from "~/server/request-body.server";
import { getAdmin } from "~/services/auth.server";
import { readFlash, setFlash } from "~/services/flash.server";
import { requestPasswordReset } from "~/services/password-reset.server";
import type { Route } from "./+types/forgot-password";

// "Forgot your password?" (decision 0050): one answer for every address, and
// a plain word about the owner and the CLI when the site cannot send mail.

export async function loader({ request }: Route.LoaderArgs) {
  // Signed in already: the account page changes the password.
  if (await getAdmin(request)) throw redirect(href("/admin/account"));
  const { flash, headers } = await readFlash(request);
  const sent = flash?.message === RESET_MESSAGES.sent;
  return data(
    { mailSetUp: mailIsSetUp(), sent },
    { headers: { ...Object.fromEntries(headers), "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // Without mail nobody could read the link: the page says whom to ask instead.
  if (!mailIsSetUp()) return data(submission.reply({ formErrors: [NO_MAIL] }), { status: 409 });
  await requestPasswordReset(submission.value.email, clientIp(context));
  // The same answer, whether the address has an account, was refused by a limit, or not.
  return redirect(href("/admin/forgot-password"), {
    headers: { "Set-Cookie": await setFlash({ type: "success", message: RESET_MESSAGES.sent }) },
  });
}

const NO_MAIL = "This site cannot send mail yet, so it cannot mail you a link.";

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: busy ? undefined : actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (loaderData.sent) toast.success(RESET_MESSAGES.sent, { toastId: "reset-sent" });
  }, [loaderData.sent]);
  const error = busy ? undefined : form.errors?.[0];
  return (
    <SignInCard title="Forgot your password?">
      {!loaderData.mailSetUp ? (
        <div className="mt-4 space-y-3 text-ink-soft">
          <p role="status">{NO_MAIL}</p>
          <p>
            Ask the owner: they can reset anyone&apos;s password from the <strong>Team</strong> screen.
          </p>
          <p>
            Or, at the server, run{" "}
            <code className="whitespace-nowrap rounded bg-sand px-1 py-0.5 text-sm">npm run admin:create</code> with
            your email to choose a new password.
          </p>
        </div>
      ) : loaderData.sent ? (
        <p role="status" className="mt-4 rounded-md border border-leaf/20 bg-leaf-soft px-4 py-3 font-medium text-leaf">
          {RESET_MESSAGES.sent}
        </p>
      ) : (
        <>
          <p className="mt-2 text-ink-soft">
            Enter the email you sign in with. We will mail you a link to choose a new password.
          </p>
          {error && <SignInAlert id={form.errorId}>{error}</SignInAlert>}
          <Form method="post" {...getFormProps(form)} className="mt-6">
            <fieldset disabled={busy} className="space-y-4">
              <Field label="Email" error={fields.email}>
                <input
                  {...getInputProps(fields.email, { type: "email" })}
                  autoComplete="username"
                  required
                  className={inputClass}
                />
              </Field>
              <SubmitButton busy={busy} busyText="Sending..." className={`${primaryButton} w-full`}>
                Send me a link
              </SubmitButton>
            </fieldset>
          </Form>
        </>
      )}
      <p className="mt-6 text-center">
        <Link
          to={href("/admin/login")}
          className="inline-flex min-h-10 items-center font-semibold text-brand-dark underline"
        >
          Back to sign in
        </Link>
      </p>
    </SignInCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Forgot your password?" },
  { name: "robots", content: "noindex" },
];
