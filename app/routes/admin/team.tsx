import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, useLocation, useNavigation } from "react-router";
import { NewLinkBox } from "~/components/admin/lead-new-link";
import { TeamInvitations, TeamMembers } from "~/components/admin/team-lists";
import { Field, inputClass, SubmitButton } from "~/components/form";
import { formatKansasDateTime } from "~/lib/business-time";
import { mailStateLabel } from "~/lib/outbox";
import { ROLE_LABELS, ROLES } from "~/lib/roles";
import {
  ChangeRoleSchema,
  InvitationIdSchema,
  InviteSchema,
  RemoveMemberSchema,
  SendResetSchema,
  TEAM_INTENTS,
  TEAM_MESSAGES,
  TurnOffTwoStepSchema,
} from "~/lib/team-forms";
import { ROLE_DUTIES } from "~/lib/invitation";
import { removeMember, setMemberRole } from "~/models/user.server";
import { readForm, refuseBody, refuseUnknownIntent } from "~/server/request-body.server";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { startPasswordReset } from "~/services/password-reset.server";
import {
  inviteMember,
  resendInvitation,
  teamOverview,
  turnOffMemberTwoStep,
  withdrawTeamInvitation,
  type InviteOutcome,
} from "~/services/team.server";
import type { Route } from "./+types/team";

// The Team screen (decision 0049): the owner invites people, changes their role
// and removes them. Owner only, for the page and every form.

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAccess(request, "routes/admin/team");
  const { members, invitations } = teamOverview();
  return {
    me: me.userId,
    members: members.map((m) => ({ ...m, lastSignIn: m.lastSignInAt ? formatKansasDateTime(m.lastSignInAt) : null })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expired: i.state === "expired",
      expires: formatKansasDateTime(i.expiresAt),
      mail: i.mail ? mailStateLabel(i.mail) : null,
    })),
  };
}

/** An invitation (or a password reset) that was not mailed: its link, for the owner to send himself. */
type LinkResult = {
  form: "link";
  email: string;
  url: string;
  why: "no-mail" | "failed" | "timeout";
  reset?: { name: string };
  again?: true;
};
type ActionResult = { form: typeof TEAM_INTENTS.invite; result: SubmissionResult<string[]> } | LinkResult;

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAccess(request, "routes/admin/team");
  const form = await readForm(request);
  requireIntent(me, "routes/admin/team", form.get("intent"));
  const back = href("/admin/team");
  const refused = () =>
    refuseBody(400, "This form was not filled in as the page sends it. Please reload the page and try again.");

  switch (form.get("intent")) {
    case TEAM_INTENTS.invite: {
      const submission = parseWithZod(form, { schema: InviteSchema });
      const refuse = (result: SubmissionResult<string[]>, status: number) =>
        data<ActionResult>({ form: TEAM_INTENTS.invite, result }, { status });
      if (submission.status !== "success") return refuse(submission.reply(), 400);
      const outcome = await inviteMember(me.userId, submission.value);
      if (outcome === "member")
        return refuse(submission.reply({ fieldErrors: { email: [TEAM_MESSAGES.alreadyMember] } }), 409);
      if (outcome === "too-many") return refuse(submission.reply({ formErrors: [TEAM_MESSAGES.tooMany] }), 429);
      return inviteAnswer(outcome, back);
    }
    case TEAM_INTENTS.resend: {
      const submission = parseWithZod(form, { schema: InvitationIdSchema });
      if (submission.status !== "success") return refused();
      const outcome = await resendInvitation(me.userId, submission.value.invitation);
      if (!outcome) return redirectWithFlash(back, { type: "info", message: TEAM_MESSAGES.invitationGone });
      if (outcome === "too-many") return redirectWithFlash(back, { type: "error", message: TEAM_MESSAGES.tooMany });
      return inviteAnswer(outcome, back, true);
    }
    case TEAM_INTENTS.withdraw: {
      const submission = parseWithZod(form, { schema: InvitationIdSchema });
      if (submission.status !== "success") return refused();
      const withdrawn = withdrawTeamInvitation(submission.value.invitation);
      if (!withdrawn) return redirectWithFlash(back, { type: "info", message: TEAM_MESSAGES.invitationGone });
      return redirectWithFlash(back, { type: "success", message: TEAM_MESSAGES.withdrawn(withdrawn.email) });
    }
    case TEAM_INTENTS.changeRole: {
      const submission = parseWithZod(form, { schema: ChangeRoleSchema });
      if (submission.status !== "success") return refused();
      const before = teamOverview().members.find((m) => m.id === submission.value.member);
      const outcome = setMemberRole(submission.value.member, submission.value.role);
      if (outcome === "not-found") return redirectWithFlash(back, { type: "info", message: TEAM_MESSAGES.memberGone });
      if (outcome === "last-owner") return redirectWithFlash(back, { type: "error", message: TEAM_MESSAGES.lastOwner });
      const name = outcome.name || outcome.email;
      const role = ROLE_LABELS[outcome.role];
      if (before?.role === outcome.role)
        return redirectWithFlash(back, { type: "info", message: TEAM_MESSAGES.roleSame(name, role) });
      return redirectWithFlash(back, { type: "success", message: TEAM_MESSAGES.roleChanged(name, role) });
    }
    case TEAM_INTENTS.remove: {
      const submission = parseWithZod(form, { schema: RemoveMemberSchema });
      if (submission.status !== "success") return refused();
      const outcome = removeMember(submission.value.member);
      if (outcome === "not-found") return redirectWithFlash(back, { type: "info", message: TEAM_MESSAGES.memberGone });
      if (outcome === "last-owner") return redirectWithFlash(back, { type: "error", message: TEAM_MESSAGES.lastOwner });
      return redirectWithFlash(back, {
        type: "success",
        message: TEAM_MESSAGES.removed(outcome.name || outcome.email),
      });
    }
    case TEAM_INTENTS.reset: {
      const submission = parseWithZod(form, { schema: SendResetSchema });
      if (submission.status !== "success") return refused();
      const member = teamOverview().members.find((m) => m.id === submission.value.member);
      const outcome = member && (await startPasswordReset(member.id, { byOwner: true }));
      if (!member || !outcome) return redirectWithFlash(back, { type: "info", message: TEAM_MESSAGES.memberGone });
      const name = member.name || member.email;
      if (outcome.status === "not-mailed")
        return data<ActionResult>({
          form: "link",
          email: member.email,
          url: outcome.link,
          why: outcome.why,
          reset: { name },
        });
      return redirectWithFlash(back, {
        type: "success",
        message: outcome.status === "sent" ? TEAM_MESSAGES.resetSent(name) : TEAM_MESSAGES.resetQueued(name),
      });
    }
    case TEAM_INTENTS.turnOffTwoStep: {
      const submission = parseWithZod(form, { schema: TurnOffTwoStepSchema });
      if (submission.status !== "success") return refused();
      const outcome = turnOffMemberTwoStep(me.userId, submission.value.member);
      if (outcome === "self") return redirectWithFlash(back, { type: "info", message: TEAM_MESSAGES.twoStepOwn });
      if (outcome === "not-found") return redirectWithFlash(back, { type: "info", message: TEAM_MESSAGES.memberGone });
      const name = outcome.member.name || outcome.member.email;
      if (outcome.status === "already-off")
        return redirectWithFlash(back, { type: "info", message: TEAM_MESSAGES.twoStepAlreadyOff(name) });
      return redirectWithFlash(back, { type: "success", message: TEAM_MESSAGES.twoStepOff(name) });
    }
    default:
      return refuseUnknownIntent();
  }
}

/** Mailed: back to the list with a toast. Not mailed: the page again, with the link to copy. */
async function inviteAnswer(outcome: InviteOutcome, back: string, again = false) {
  if (outcome.status === "not-mailed")
    return data<ActionResult>({
      form: "link",
      email: outcome.email,
      url: outcome.url,
      why: outcome.why,
      ...(again && { again }),
    });
  const sent =
    outcome.status === "sent" ? TEAM_MESSAGES.invited(outcome.email) : TEAM_MESSAGES.inviteQueued(outcome.email);
  const message = again ? `${sent}. ${TEAM_MESSAGES.earlierLinksWork}` : sent;
  return redirectWithFlash(back, { type: "success", message });
}

const card = "space-y-4 rounded-xl bg-white p-4 shadow-sm sm:p-6";

function InviteForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === TEAM_INTENTS.invite;
  const [form, fields] = useForm({
    id: TEAM_INTENTS.invite,
    lastResult,
    defaultValue: { role: "office" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="invite-title" className={card}>
      <div>
        <h2 id="invite-title" className="text-lg font-bold">
          Invite someone
        </h2>
        <p className="text-sm text-ink-soft">
          They get an email with a link to choose their name and password. The link works once, for 7 days.
        </p>
      </div>
      <input type="hidden" name="intent" value={TEAM_INTENTS.invite} />
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field label="Email" error={fields.email}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="off"
            maxLength={254}
            className={inputClass}
          />
        </Field>
        <Field label="Role" error={fields.role}>
          <select {...getSelectProps(fields.role)} className={inputClass}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ul className="space-y-0.5 text-sm text-ink-soft">
        {ROLES.map((r) => (
          <li key={r}>
            <strong className="text-ink">{ROLE_LABELS[r]}:</strong> {ROLE_DUTIES[r]}
          </li>
        ))}
      </ul>
      <SubmitButton busy={busy} busyText="Sending...">
        Send Invitation
      </SubmitButton>
    </Form>
  );
}

const linkMessage = (r: LinkResult) =>
  r.reset
    ? r.why === "no-mail"
      ? `Mail is not set up, so send ${r.reset.name} this link yourself. It works once, for one hour.`
      : `The password reset for ${r.reset.name} could not be emailed. Send them this link yourself. It works once, for one hour.`
    : `${
        r.why === "no-mail"
          ? `Mail is not set up, so nothing was emailed. Copy this link and send it to ${r.email} yourself. It works once, for 7 days.`
          : `The invitation to ${r.email} could not be emailed. Copy this link and send it yourself. It works once, for 7 days.`
      }${r.again ? ` ${TEAM_MESSAGES.earlierLinksWork}` : ""}`;

export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  // A new page after each save: the invite form starts empty again.
  const { key } = useLocation();
  const result = actionData as ActionResult | undefined;
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Team</h1>
        <p className="mt-1 max-w-3xl text-ink-soft">
          Everyone who signs in to the admin, what they may do, and the invitations still waiting.
        </p>
      </header>
      {result?.form === "link" && (
        <NewLinkBox
          tone="warn"
          message={linkMessage(result)}
          url={result.url}
          label={result.reset ? `Password reset link for ${result.email}` : `Invitation link for ${result.email}`}
        />
      )}
      {/* The invitation first on a phone (what the owner came to do); beside the lists on a wide screen. */}
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="lg:col-start-2 lg:row-start-1">
          <InviteForm
            key={`invite-${key}`}
            lastResult={result?.form === TEAM_INTENTS.invite ? result.result : undefined}
          />
        </div>
        <div className="space-y-6 lg:col-start-1 lg:row-start-1">
          <TeamMembers me={loaderData.me} members={loaderData.members} />
          <TeamInvitations invitations={loaderData.invitations} />
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Team | Admin" }, { name: "robots", content: "noindex" }];
