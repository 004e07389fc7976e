import { ChevronDown } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { dangerButton, inputClass, secondaryButton, SubmitButton } from "~/components/form";
import { ROLE_LABELS, ROLES, type Role } from "~/lib/roles";
import { TEAM_INTENTS } from "~/lib/team-forms";

// The Team screen's two lists: the people, with their role and last sign-in, and the
// invitations nobody has used yet. Plain forms, one intent each (lib/team-forms.ts).

type Member = { id: number; email: string; name: string; role: Role; lastSignIn: string | null; twoStep: boolean };
type Invitation = { id: number; email: string; role: Role; expired: boolean; expires: string; mail: string | null };

const card = "space-y-3 rounded-xl bg-white p-4 shadow-sm sm:p-6";
// 40 px tall at least: thumbs on a phone.
const smallButton = `${secondaryButton} min-h-10 px-3 py-1.5 text-sm`;

/** Whether this form (its intent, about this row) is on its way. */
function usePosting(intent: string, field: string, id: number) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get(field) === String(id)
  );
}

function RoleBadge({ role }: { role: Role }) {
  const colors: Record<Role, string> = {
    owner: "bg-brand text-white",
    office: "bg-sky-100 text-sky-900",
    crew: "bg-amber-100 text-amber-950",
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${colors[role]}`}>{ROLE_LABELS[role]}</span>;
}

function MemberRow({ member, me }: { member: Member; me: boolean }) {
  const changing = usePosting(TEAM_INTENTS.changeRole, "member", member.id);
  const removing = usePosting(TEAM_INTENTS.remove, "member", member.id);
  const resetting = usePosting(TEAM_INTENTS.reset, "member", member.id);
  const turningOff = usePosting(TEAM_INTENTS.turnOffTwoStep, "member", member.id);
  const name = member.name || member.email;
  return (
    <li className="space-y-3 py-4" data-testid="team-member">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="break-words">{member.name || "No name yet"}</span>
          <RoleBadge role={member.role} />
          {me && <span className="rounded-full bg-leaf-soft px-2 py-0.5 text-xs font-bold text-leaf">You</span>}
        </p>
        <p className="text-sm break-all text-ink-soft">{member.email}</p>
        <p className="text-sm text-ink-soft">Last signed in: {member.lastSignIn ?? "Never"}</p>
        <p className="text-sm text-ink-soft">Two-step sign-in: {member.twoStep ? "on" : "off"}</p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value={TEAM_INTENTS.changeRole} />
          <input type="hidden" name="member" value={member.id} />
          <label className="text-sm">
            <span className="sr-only">Role of {name}</span>
            <select name="role" defaultValue={member.role} className={`${inputClass} mt-0 min-h-10 py-1.5`}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          <SubmitButton
            busy={changing}
            busyText="Changing..."
            className={smallButton}
            aria-label={`Change the role of ${name}`}
          >
            Change Role
          </SubmitButton>
        </Form>
        {!me && (
          <Form method="post">
            <input type="hidden" name="intent" value={TEAM_INTENTS.reset} />
            <input type="hidden" name="member" value={member.id} />
            <SubmitButton
              busy={resetting}
              busyText="Sending..."
              className={smallButton}
              aria-label={`Send ${name} a password reset`}
            >
              Send a password reset
            </SubmitButton>
          </Form>
        )}
        <Form
          method="post"
          onSubmit={(e) => {
            if (!window.confirm(`Remove ${name} from the team? They are signed out at once.`)) e.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value={TEAM_INTENTS.remove} />
          <input type="hidden" name="member" value={member.id} />
          <SubmitButton busy={removing} busyText="Removing..." className={dangerButton} aria-label={`Remove ${name}`}>
            Remove
          </SubmitButton>
        </Form>
      </div>
      {!me && member.twoStep && (
        // The confirm step is the page's own (works without scripts): open, read, confirm.
        <details className="group w-fit rounded-md border border-red-200 px-3 text-sm open:w-full">
          <summary className="flex min-h-10 cursor-pointer list-none items-center gap-1 font-semibold text-red-700 [&::-webkit-details-marker]:hidden">
            Turn off two-step
            <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="space-y-2 pb-3">
            <p>
              For when {name} lost their phone. {name} is signed out everywhere and signs in with their password alone
              until they turn two-step on again. Their recovery codes stop working.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value={TEAM_INTENTS.turnOffTwoStep} />
              <input type="hidden" name="member" value={member.id} />
              <SubmitButton
                busy={turningOff}
                busyText="Turning off..."
                className={dangerButton}
                aria-label={`Turn off two-step for ${name}`}
              >
                Yes, turn off two-step
              </SubmitButton>
            </Form>
          </div>
        </details>
      )}
    </li>
  );
}

export function TeamMembers({ members, me }: { members: Member[]; me: number }) {
  return (
    <section aria-labelledby="people-title" className={card}>
      <h2 id="people-title" className="text-lg font-bold">
        People
      </h2>
      <ul className="divide-y divide-black/10" aria-label="People on the team">
        {members.map((m) => (
          <MemberRow key={m.id} member={m} me={m.id === me} />
        ))}
      </ul>
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const resending = usePosting(TEAM_INTENTS.resend, "invitation", invitation.id);
  const withdrawing = usePosting(TEAM_INTENTS.withdraw, "invitation", invitation.id);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4" data-testid="team-invitation">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="break-all">{invitation.email}</span>
          <RoleBadge role={invitation.role} />
        </p>
        <p className={`text-sm ${invitation.expired ? "font-semibold text-red-700" : "text-ink-soft"}`}>
          {invitation.expired ? "Link ran out: send it again" : `Link works until ${invitation.expires}`}
        </p>
        {invitation.mail && <p className="text-sm text-ink-soft">Email: {invitation.mail}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value={TEAM_INTENTS.resend} />
          <input type="hidden" name="invitation" value={invitation.id} />
          <SubmitButton
            busy={resending}
            busyText="Sending..."
            className={smallButton}
            aria-label={`Send the invitation to ${invitation.email} again`}
          >
            Send again
          </SubmitButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={TEAM_INTENTS.withdraw} />
          <input type="hidden" name="invitation" value={invitation.id} />
          <SubmitButton
            busy={withdrawing}
            busyText="Withdrawing..."
            className={dangerButton}
            aria-label={`Withdraw the invitation to ${invitation.email}`}
          >
            Withdraw
          </SubmitButton>
        </Form>
      </div>
    </li>
  );
}

export function TeamInvitations({ invitations }: { invitations: Invitation[] }) {
  return (
    <section aria-labelledby="invitations-title" className={card}>
      <h2 id="invitations-title" className="text-lg font-bold">
        Invitations waiting
      </h2>
      {invitations.length ? (
        <ul className="divide-y divide-black/10" aria-label="Invitations waiting">
          {invitations.map((i) => (
            <InvitationRow key={i.id} invitation={i} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-soft">None. Invite someone and they show here until they accept.</p>
      )}
    </section>
  );
}
