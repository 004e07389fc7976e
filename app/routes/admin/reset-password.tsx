import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { PasswordPair } from "~/components/admin/password-pair";
import { SignInAlert, SignInCard } from "~/components/admin/sign-in-card";
import { primaryButton, SubmitButton } from "~/components/form";
import { RESET_MESSAGES, RESET_PASSWORD_FIELDS, ResetPasswordSchema } from "~/lib/password-reset";
import { readForm } from "~/server/request-body.server";
import { setFlash } from "~/services/flash.server";
import { openResetLink, resetPassword } from "~/services/password-reset.server";
import { withPasswordCheck } from "~/server/password-strength.server";
import type { Route } from "./+types/reset-password";

// A reset link from the mail (decision 0050): the new password twice, once.
// A link that cannot open says so in the page: 404 unknown, 410 used or past its hour.

const gone = (status: 404 | 410) =>
  data({ state: "gone" as const }, { status, headers: { "Cache-Control": "no-store" } });

export function loader({ params }: Route.LoaderArgs) {
  const link = openResetLink(params.token);
  if (link.status !== "open") return gone(link.status === "unknown" ? 404 : 410);
  return data({ state: "open" as const, email: link.email }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const link = openResetLink(params.token);
  if (link.status !== "open") return gone(link.status === "unknown" ? 404 : 410);
  const schema = await withPasswordCheck(ResetPasswordSchema, "newPassword", [link.email]);
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success")
    return data(
      { state: "refused" as const, result: submission.reply({ hideFields: RESET_PASSWORD_FIELDS }) },
      { status: 400 },
    );
  if ((await resetPassword(params.token, submission.value.newPassword)) === "gone") return gone(410);
  // Signed in afresh through the login page: it asks a two-step code when the account has one.
  return redirect(href("/admin/login"), {
    headers: { "Set-Cookie": await setFlash({ type: "success", message: RESET_MESSAGES.changed }) },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const closed = loaderData.state === "gone" || actionData?.state === "gone";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: busy || actionData?.state !== "refused" ? undefined : actionData.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <SignInCard title="Choose a new password">
      {closed || loaderData.state !== "open" ? (
        <>
          <SignInAlert>{RESET_MESSAGES.gone}</SignInAlert>
          <p className="mt-6 text-center">
            <Link
              to={href("/admin/forgot-password")}
              className="inline-flex min-h-10 items-center font-semibold text-brand-dark underline"
            >
              Ask for a new link
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-ink-soft">
            For <strong className="break-all">{loaderData.email}</strong>. Every device signed in to this account is
            signed out once it is saved.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-6">
            {/* For password managers: the account the new password belongs to. */}
            <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
            <fieldset disabled={busy} className="space-y-4">
              <PasswordPair password={fields.newPassword} repeat={fields.repeatPassword} required />
              <SubmitButton busy={busy} busyText="Saving..." className={`${primaryButton} w-full`}>
                Save new password
              </SubmitButton>
            </fieldset>
          </Form>
        </>
      )}
    </SignInCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password" },
  { name: "robots", content: "noindex" },
];
