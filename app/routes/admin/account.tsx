import { getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useLocation } from "react-router";
import { AccountCardForm, accountCard, usePosting } from "~/components/admin/account-card-form";
import { CalendarFeedCard } from "~/components/admin/calendar-feed-card";
import { PasswordPair } from "~/components/admin/password-pair";
import { Field, inputClass, primaryButton, secondaryButton, SubmitButton } from "~/components/form";
import { formatKansasDate, formatKansasDateTime } from "~/lib/business-time";
import { CALENDAR_FEED_MESSAGES } from "~/lib/calendar-feed";
import {
  ACCOUNT_INTENTS,
  ACCOUNT_MESSAGES,
  ChangeEmailSchema,
  ChangeNameSchema,
  ChangePasswordSchema,
  PASSWORD_FIELDS,
  SignOutDeviceSchema,
} from "~/lib/account-forms";
import { describeUserAgent } from "~/lib/user-agent";
import { deleteDeviceSession, deleteOtherSessions, listDeviceSessions } from "~/models/session.server";
import { calendarFeedSince, deleteCalendarFeed } from "~/models/calendar-feed.server";
import { getTwoStep } from "~/models/two-step.server";
import { changeEmail, changeName, changePassword } from "~/models/user.server";
import { clientIp } from "~/server/client-ip.server";
import { readForm, refuseBody, refuseUnknownIntent } from "~/server/request-body.server";
import { redirectWithFlash } from "~/services/flash.server";
import { confirmPassword } from "~/services/auth.server";
import { makeCalendarFeed } from "~/services/calendar-feed.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { withPasswordCheck } from "~/server/password-strength.server";
import type { z } from "zod";
import type { Route } from "./+types/account";

// Each person's own account: name, password, sign-in email, the devices signed in and the
// calendar feed of their visits. Each form names its intent (lib/account-forms.ts); the two
// that change the sign-in ask for the current password, behind the login throttle.

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAccess(request, "routes/admin/account");
  const devices = listDeviceSessions(admin.userId, admin.sessionId).map((s) => ({
    key: s.key,
    device: describeUserAgent(s.userAgent),
    ip: s.ip,
    signedIn: formatKansasDateTime(s.createdAt),
    lastSeen: formatKansasDateTime(s.lastSeenAt),
    current: s.current,
  }));
  return {
    email: admin.email,
    name: admin.name,
    devices,
    twoStep: getTwoStep(admin.userId) !== null,
    calendarFeedSince: formatOrNull(calendarFeedSince(admin.userId)),
    owner: admin.role === "owner",
  };
}

const formatOrNull = (at: Date | null) => (at ? formatKansasDate(at) : null);

type FormName = typeof ACCOUNT_INTENTS.name | typeof ACCOUNT_INTENTS.password | typeof ACCOUNT_INTENTS.email;
/** A form's refusal, or the calendar link just made (shown once: only its hash is kept). */
type ActionResult =
  | { form: FormName; result: SubmissionResult<string[]> }
  | { form: typeof ACCOUNT_INTENTS.newCalendarFeed; url: string };
/** Why a checked change was not made: the field it is about, in the owner's words. */
type Refusal = { field: string; message: string; status: number };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAccess(request, "routes/admin/account");
  const form = await readForm(request);
  const back = href("/admin/account");
  const confirm = (password: string) => confirmPassword(admin, password, clientIp(context));

  requireIntent(admin, "routes/admin/account", form.get("intent"));
  switch (form.get("intent")) {
    case ACCOUNT_INTENTS.name: {
      // Only his own name: no current password asked, as on the invitation page.
      const submission = parseWithZod(form, { schema: ChangeNameSchema });
      if (submission.status !== "success")
        return data<ActionResult>({ form: ACCOUNT_INTENTS.name, result: submission.reply() }, { status: 400 });
      changeName(admin.userId, submission.value.name);
      return redirectWithFlash(back, { type: "success", message: ACCOUNT_MESSAGES.nameChanged });
    }
    case ACCOUNT_INTENTS.password:
      return changeAccount(
        ACCOUNT_INTENTS.password,
        form,
        await withPasswordCheck(ChangePasswordSchema, "newPassword", [admin.email]),
        confirm,
        async (value) => {
          await changePassword(admin.userId, value.newPassword, admin.sessionId);
          return ACCOUNT_MESSAGES.passwordChanged;
        },
      );
    case ACCOUNT_INTENTS.email:
      return changeAccount(ACCOUNT_INTENTS.email, form, ChangeEmailSchema, confirm, (value) => {
        const outcome = changeEmail(admin.userId, value.email);
        if (outcome === "taken") return { field: "email", message: ACCOUNT_MESSAGES.emailTaken, status: 409 };
        if (outcome === "same") return { field: "email", message: ACCOUNT_MESSAGES.emailSame, status: 400 };
        return ACCOUNT_MESSAGES.emailChanged;
      });
    case ACCOUNT_INTENTS.signOutDevice: {
      const submission = parseWithZod(form, { schema: SignOutDeviceSchema });
      if (submission.status !== "success")
        refuseBody(400, "That device is not one of yours. Please reload the page and try again.");
      const ended = deleteDeviceSession(admin.userId, submission.value.device);
      if (!ended) return redirectWithFlash(back, { type: "info", message: ACCOUNT_MESSAGES.deviceGone });
      return redirectWithFlash(back, {
        type: "success",
        message: ACCOUNT_MESSAGES.deviceSignedOut(describeUserAgent(ended.userAgent)),
      });
    }
    case ACCOUNT_INTENTS.signOutOthers: {
      const n = deleteOtherSessions(admin.userId, admin.sessionId);
      return redirectWithFlash(back, {
        type: n ? "success" : "info",
        message: n ? ACCOUNT_MESSAGES.othersSignedOut(n) : ACCOUNT_MESSAGES.noOthers,
      });
    }
    case ACCOUNT_INTENTS.newCalendarFeed:
      // Answered in the page, not through a redirect: the link is never stored, not even in a cookie.
      return data<ActionResult>({ form: ACCOUNT_INTENTS.newCalendarFeed, url: makeCalendarFeed(admin.userId) });
    case ACCOUNT_INTENTS.turnOffCalendarFeed: {
      const was = deleteCalendarFeed(admin.userId);
      return redirectWithFlash(back, {
        type: was ? "success" : "info",
        message: was ? CALENDAR_FEED_MESSAGES.turnedOff : CALENDAR_FEED_MESSAGES.alreadyOff,
      });
    }
    default:
      return refuseUnknownIntent();
  }
}

/**
 * A change to the account: the form checked, the current password confirmed (behind the
 * login throttle), then `apply`, which answers the flash's words or a refusal. A refused
 * form comes back with its errors and without any password typed.
 */
async function changeAccount<S extends z.ZodType<{ currentPassword: string }>>(
  name: FormName,
  form: FormData,
  schema: S,
  confirm: (password: string) => ReturnType<typeof confirmPassword>,
  apply: (value: z.output<S>) => Promise<Refusal | string> | Refusal | string,
) {
  const refuse = (result: SubmissionResult<string[]>, status: number) =>
    data<ActionResult>({ form: name, result }, { status });
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields: PASSWORD_FIELDS }), 400);
  const checked = await confirm(submission.value.currentPassword);
  if (checked === "too-many")
    return refuse(submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany], hideFields: PASSWORD_FIELDS }), 429);
  const outcome: Refusal | string =
    checked === "wrong"
      ? { field: "currentPassword", message: ACCOUNT_MESSAGES.currentWrong, status: 400 }
      : await apply(submission.value);
  if (typeof outcome !== "string") {
    return refuse(
      submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: PASSWORD_FIELDS }),
      outcome.status,
    );
  }
  return redirectWithFlash(href("/admin/account"), { type: "success", message: outcome });
}

const accountForm = <S extends z.ZodType>(
  id: FormName,
  schema: S,
  lastResult: SubmissionResult<string[]> | undefined,
) => ({
  id,
  lastResult,
  onValidate: ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema }),
  shouldValidate: "onSubmit" as const,
  shouldRevalidate: "onInput" as const,
});

function NameForm({ name, lastResult }: { name: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    ...accountForm(ACCOUNT_INTENTS.name, ChangeNameSchema, lastResult),
    defaultValue: { name },
  });
  const intro = name
    ? "Invitations you send, histories and the team list show it."
    : "You have no name yet: invitations you send and the team list show your email instead.";
  return (
    <AccountCardForm
      form={form}
      intent={ACCOUNT_INTENTS.name}
      title="Your name"
      intro={intro}
      submit="Save Name"
      busyText="Saving..."
    >
      <Field label="Name" error={fields.name}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          autoComplete="name"
          maxLength={80}
          className={inputClass}
        />
      </Field>
    </AccountCardForm>
  );
}

function PasswordForm({ email, lastResult }: { email: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm(accountForm(ACCOUNT_INTENTS.password, ChangePasswordSchema, lastResult));
  return (
    <AccountCardForm
      form={form}
      intent={ACCOUNT_INTENTS.password}
      title="Password"
      intro="Changing it signs out every other device; this one stays signed in."
      submit="Change Password"
    >
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
      <Field label="Current password" error={fields.currentPassword}>
        <input
          {...getInputProps(fields.currentPassword, { type: "password" })}
          autoComplete="current-password"
          className={inputClass}
        />
      </Field>
      <PasswordPair password={fields.newPassword} repeat={fields.repeatPassword} />
    </AccountCardForm>
  );
}

function EmailForm({ email, lastResult }: { email: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm(accountForm(ACCOUNT_INTENTS.email, ChangeEmailSchema, lastResult));
  const intro = (
    <>
      You sign in as <strong className="break-all text-ink">{email}</strong>.
    </>
  );
  return (
    <AccountCardForm
      form={form}
      intent={ACCOUNT_INTENTS.email}
      title="Sign-in email"
      intro={intro}
      submit="Change Email"
    >
      <Field label="New email" error={fields.email}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="email"
          maxLength={254}
          className={inputClass}
        />
      </Field>
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

/** Two-step sign-in's state and the way to its page; the owner, whose account can change everything, is urged to. */
function TwoStep({ on, owner }: { on: boolean; owner: boolean }) {
  return (
    <section aria-labelledby="two-step-title" className={accountCard}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="two-step-title" className="text-lg font-bold">
          Two-step sign-in
        </h2>
        <span
          data-testid="two-step-state"
          className={`rounded-full px-3 py-0.5 text-sm font-bold ${on ? "bg-leaf-soft text-leaf" : "bg-sand text-ink"}`}
        >
          {on ? "On" : "Off"}
        </span>
      </div>
      <p className="text-sm text-ink-soft">
        {on
          ? "After your password, the site asks for the 6-digit code from your authenticator app."
          : owner
            ? "Recommended for the owner: your account can change prices, the team and the public site. With a code from your phone after the password, a stolen password is not enough."
            : "After your password, a 6-digit code from an app on your phone: a stolen password is not enough."}
      </p>
      <Link to={href("/admin/account/two-step")} className={on ? secondaryButton : primaryButton}>
        {on ? "Manage" : "Set Up"}
      </Link>
    </section>
  );
}

type Device = Route.ComponentProps["loaderData"]["devices"][number];

function Devices({ devices }: { devices: Device[] }) {
  const signingOut = usePosting(ACCOUNT_INTENTS.signOutDevice);
  const signingOutOthers = usePosting(ACCOUNT_INTENTS.signOutOthers);
  const others = devices.filter((d) => !d.current).length;
  return (
    <section aria-labelledby="devices-title" className={accountCard}>
      <div>
        <h2 id="devices-title" className="text-lg font-bold">
          Where you are signed in
        </h2>
        <p className="text-sm text-ink-soft">A device you do not know? Sign it out, then change your password.</p>
      </div>
      <ul className="divide-y divide-black/10" aria-label="Signed-in devices">
        {devices.map((d) => (
          <li key={d.key} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="device">
            <div className="min-w-0 space-y-0.5">
              <p className="font-semibold">
                {d.device}
                {d.current && (
                  <span className="ml-2 rounded-full bg-leaf-soft px-2 py-0.5 text-xs font-bold text-leaf">
                    This device
                  </span>
                )}
              </p>
              <p className="text-sm text-ink-soft">
                {d.ip ? `Internet address ${d.ip}` : "Internet address not recorded"}
              </p>
              <p className="text-sm text-ink-soft">
                Signed in {d.signedIn}
                <span aria-hidden className="hidden sm:inline">
                  {" "}
                  ·{" "}
                </span>
                <span className="block sm:inline">{d.current ? "Active now" : `Last seen ${d.lastSeen}`}</span>
              </p>
            </div>
            {!d.current && (
              <Form method="post">
                <input type="hidden" name="intent" value={ACCOUNT_INTENTS.signOutDevice} />
                <input type="hidden" name="device" value={d.key} />
                <button
                  type="submit"
                  disabled={signingOut}
                  className={secondaryButton}
                  aria-label={`Sign out ${d.device}, last seen ${d.lastSeen}`}
                >
                  Sign out
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Form method="post">
          <input type="hidden" name="intent" value={ACCOUNT_INTENTS.signOutOthers} />
          <SubmitButton busy={signingOutOthers} busyText="Signing out..." className={secondaryButton}>
            Sign out everywhere else
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  // A new page after each save: the forms start empty again (no password left in a field).
  const { key } = useLocation();
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Your account</h1>
        <p className="mt-1 max-w-3xl text-ink-soft">
          Your name, password, sign-in email, where you are signed in and your visits in your phone's calendar. Still
          using the password the server printed when the site first started? Choose one of your own here.
        </p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <NameForm
            key={`name-${key}`}
            name={loaderData.name}
            lastResult={actionData?.form === ACCOUNT_INTENTS.name ? actionData.result : undefined}
          />
          <PasswordForm
            key={`password-${key}`}
            email={loaderData.email}
            lastResult={actionData?.form === ACCOUNT_INTENTS.password ? actionData.result : undefined}
          />
          <EmailForm
            key={`email-${key}`}
            email={loaderData.email}
            lastResult={actionData?.form === ACCOUNT_INTENTS.email ? actionData.result : undefined}
          />
        </div>
        <div className="space-y-6">
          <TwoStep on={loaderData.twoStep} owner={loaderData.owner} />
          <Devices devices={loaderData.devices} />
          <CalendarFeedCard
            since={loaderData.calendarFeedSince}
            madeUrl={actionData?.form === ACCOUNT_INTENTS.newCalendarFeed ? actionData.url : null}
          />
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Your account | Admin" },
  { name: "robots", content: "noindex" },
];
