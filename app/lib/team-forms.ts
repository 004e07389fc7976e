import { ROLES } from "./roles";
import { chosenPassword, PASSWORD_RULE_MESSAGES } from "./password-rule";
import { z } from "./zod";

// The Team screen (/admin/team) and the invitation page (/admin/invitation/:token): each
// form's intent beside its schema, one conform + zod schema per form.

const MAX_NAME_LENGTH = 80;

export const TEAM_MESSAGES = {
  emailMissing: "Please enter their email address",
  emailInvalid: "Please enter a valid email address",
  roleMissing: "Please choose a role",
  alreadyMember: "That email already belongs to someone on the team",
  tooMany: "That is a lot of invitations at once. Please wait an hour and try again.",
  invited: (email: string) => `Invitation sent to ${email}`,
  inviteQueued: (email: string) => `Invitation to ${email} is on its way`,
  withdrawn: (email: string) => `Invitation to ${email} withdrawn`,
  earlierLinksWork: "Links sent before still work until they run out; the first one used closes the others.",
  invitationGone: "That invitation was already used, withdrawn or replaced",
  roleChanged: (name: string, role: string) => `${name} is now ${role}`,
  roleSame: (name: string, role: string) => `${name} is already ${role}`,
  removed: (name: string) => `${name} was removed and signed out`,
  memberGone: "That person is no longer on the team",
  lastOwner: "The team needs at least one owner. Make someone else an owner first.",
  nameMissing: "Please enter your name",
  nameLong: `Please keep your name under ${MAX_NAME_LENGTH} characters`,
  passwordMissing: "Please choose a password",
  passwordShort: PASSWORD_RULE_MESSAGES.short,
  passwordLong: PASSWORD_RULE_MESSAGES.long,
  passwordCommon: PASSWORD_RULE_MESSAGES.common,
  repeatWrong: "The two passwords are not the same",
  welcome: (name: string) => `Welcome to the team, ${name}`,
  acceptedMember: "That email already has an account here. Please sign in instead.",
  resetSent: (name: string) => `Password reset link sent to ${name}`,
  resetQueued: (name: string) => `Password reset link to ${name} is on its way`,
  twoStepOff: (name: string) =>
    `Two-step sign-in is off for ${name}. They were signed out and sign in again with their password alone.`,
  twoStepAlreadyOff: (name: string) => `Two-step sign-in was already off for ${name}`,
  twoStepOwn: "Turn your own two-step sign-in off on your account page: it asks for your password.",
} as const;

export const TEAM_INTENTS = {
  invite: "invite",
  resend: "resend-invitation",
  withdraw: "withdraw-invitation",
  changeRole: "change-role",
  remove: "remove-member",
  reset: "send-password-reset",
  turnOffTwoStep: "turn-off-two-step",
} as const;

const role = z.enum(ROLES, { error: TEAM_MESSAGES.roleMissing });
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const InviteSchema = z.object({
  email: z
    .string({ error: TEAM_MESSAGES.emailMissing })
    .trim()
    .min(1, TEAM_MESSAGES.emailMissing)
    .max(254, TEAM_MESSAGES.emailInvalid)
    .email(TEAM_MESSAGES.emailInvalid),
  role,
});

/** "Send again" and "Withdraw": the invitation they are about. */
export const InvitationIdSchema = z.object({ invitation: id });

export const ChangeRoleSchema = z.object({ member: id, role });

export const RemoveMemberSchema = z.object({ member: id });

/** "Send a password reset": the member it is for. */
export const SendResetSchema = z.object({ member: id });

/** "Turn off two-step" (they lost their phone): the member it is for. */
export const TurnOffTwoStepSchema = z.object({ member: id });

/** A person's own name: the invitation page, and the account page for anyone without one. */
export const personName = z
  .string({ error: TEAM_MESSAGES.nameMissing })
  .trim()
  .min(1, TEAM_MESSAGES.nameMissing)
  .max(MAX_NAME_LENGTH, TEAM_MESSAGES.nameLong);

/** The invitee's own name and password, on the invitation page. */
export const AcceptInvitationSchema = z
  .object({
    name: personName,
    password: chosenPassword(TEAM_MESSAGES.passwordMissing),
    repeatPassword: z.string({ error: TEAM_MESSAGES.repeatWrong }),
  })
  .refine((v) => v.password === v.repeatPassword, { message: TEAM_MESSAGES.repeatWrong, path: ["repeatPassword"] });

export const ACCEPT_PASSWORD_FIELDS = ["password", "repeatPassword"];
