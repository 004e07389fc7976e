import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { PasswordPair } from "~/components/admin/password-pair";
import { Field, inputClass, primaryButton, SubmitButton } from "~/components/form";
import { CLOSED_INVITATION, ROLE_DUTIES, roleWithArticle, type InvitationState } from "~/lib/invitation";
import { ACCEPT_PASSWORD_FIELDS, AcceptInvitationSchema, TEAM_MESSAGES } from "~/lib/team-forms";
import { getBusinessFacts } from "~/models/settings.server";
import { clientIp } from "~/server/client-ip.server";
import { readForm } from "~/server/request-body.server";
import { notFound } from "~/server/responses.server";
import { requestDevice, startSession } from "~/services/auth.server";
import { setFlash } from "~/services/flash.server";
import { acceptInvitation, openInvitation } from "~/services/team.server";
import { withPasswordCheck } from "~/server/password-strength.server";
import type { Route } from "./+types/invitation";

// An invitation's link (decision 0049): no session needed. The invitee sees who invited
// them and as what, chooses a name and password, and is signed in. A link that no longer
// opens says why (410); one that never existed is a 404.

type Closed = { state: Exclude<InvitationState, "open"> };

export function loader({ params }: Route.LoaderArgs) {
  const opened = openInvitation(params.token);
  if (!opened) notFound("This invitation link is not one of ours.");
  const company = getBusinessFacts().company;
  if (opened.state !== "open")
    return data(
      { company, ...({ state: opened.state } as Closed) },
      { status: 410, headers: { "Cache-Control": "no-store" } },
    );
  const { email, role } = opened.invitation;
  return data(
    { company, state: "open" as const, email, role, inviter: opened.inviter ?? company },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const schema = await withPasswordCheck(AcceptInvitationSchema, "password", [getBusinessFacts().company]);
  const submission = parseWithZod(await readForm(request), { schema });
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ACCEPT_PASSWORD_FIELDS }), { status: 400 });
  const outcome = await acceptInvitation(params.token, submission.value);
  if (outcome === undefined) notFound("This invitation link is not one of ours.");
  // Used, withdrawn or run out meanwhile: the page says which.
  if (typeof outcome === "string" && outcome !== "member")
    throw redirect(href("/admin/invitation/:token", { token: params.token }));
  if (outcome === "member")
    return data(submission.reply({ formErrors: [TEAM_MESSAGES.acceptedMember], hideFields: ACCEPT_PASSWORD_FIELDS }), {
      status: 409,
    });
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(outcome.id, requestDevice(request, clientIp(context))));
  headers.append("Set-Cookie", await setFlash({ type: "success", message: TEAM_MESSAGES.welcome(outcome.name) }));
  return redirect(href("/admin"), { headers });
}

const panel = "w-full max-w-md rounded-xl bg-white p-6 shadow-lg sm:p-8";

function AcceptForm({ email, lastResult }: { email: string; lastResult: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "accept-invitation",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AcceptInvitationSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      {form.errors?.length && !busy ? (
        <p
          role="alert"
          id={form.errorId}
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
        >
          {form.errors[0]}
        </p>
      ) : null}
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
      <Field label="Your name" hint="How the team and the histories will name you." error={fields.name}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          autoComplete="name"
          maxLength={80}
          className={inputClass}
        />
      </Field>
      <PasswordPair label="Password" password={fields.password} repeat={fields.repeatPassword} />
      <SubmitButton busy={busy} busyText="Joining..." className={`${primaryButton} w-full`}>
        Join the Team
      </SubmitButton>
    </Form>
  );
}

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-sand px-4 py-8">
      <div className={panel}>
        {loaderData.state === "open" ? (
          <>
            <h1 className="text-2xl font-bold">Join {loaderData.company}</h1>
            <p className="mt-2 text-ink-soft">
              {loaderData.inviter} invited <strong className="break-words text-ink">{loaderData.email}</strong> to the
              admin as {roleWithArticle(loaderData.role)}: {ROLE_DUTIES[loaderData.role]}.
            </p>
            <AcceptForm email={loaderData.email} lastResult={actionData} />
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold">{CLOSED_INVITATION[loaderData.state].title}</h1>
            <p className="mt-2 text-ink-soft">{CLOSED_INVITATION[loaderData.state].body}</p>
            <Link to={href("/admin/login")} className={`${primaryButton} mt-6`}>
              Go to Sign In
            </Link>
          </>
        )}
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Join the team | Admin" },
  { name: "robots", content: "noindex" },
];
