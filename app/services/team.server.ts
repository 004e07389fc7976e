import { invitationExpiry, invitationState, type InvitationState } from "~/lib/invitation";
import type { Role } from "~/lib/roles";
import {
  addInvitationLink,
  createInvitation,
  findInvitationByTokenHash,
  getInvitation,
  getInvitationWithInviter,
  listOpenInvitations,
  markInvitationAccepted,
  markOtherLinksUsed,
  withdrawInvitation,
  withdrawOpenInvitations,
} from "~/models/invitation.server";
import { enqueueInvitationMail, latestInvitationMails, mailView } from "~/models/outbox.server";
import { deleteUserSessions } from "~/models/session.server";
import { disableTwoStep } from "~/models/two-step.server";
import { addMember, getUserByEmail, getUserById, listMembers, normalizeEmail } from "~/models/user.server";
import type { MailView } from "~/lib/outbox";
import type { User } from "~/db/schema";
import { inTransaction } from "~/server/db.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/server/link-token.server";
import { MAIL_WAIT_MS, mailTransport, type MailTransport } from "~/server/mail.server";
import { hashPassword } from "~/server/password.server";
import { sqliteLimiter } from "~/server/rate-limit.server";
import { deliverNow } from "~/services/outbox.server";

// The Team screen's use cases (decision 0049): who is on the team, invitations
// sent, used and withdrawn. Role changes and removals are one model call each.

/** An owner sends at most this many invitations an hour: a stolen session cannot spam from our address. */
const inviteLimiter = sqliteLimiter("team-invite", 30, 60 * 60);

export type TeamMember = Pick<User, "id" | "email" | "name" | "role" | "lastSignInAt" | "createdAt"> & {
  twoStep: boolean;
};
export type OpenInvitation = {
  id: number;
  email: string;
  role: Role;
  expiresAt: Date;
  createdAt: Date;
  state: InvitationState;
  mail: MailView | null;
};

export function teamOverview(now = new Date()): { members: TeamMember[]; invitations: OpenInvitation[] } {
  const members = listMembers().map(
    ({ id, email, name, role, lastSignInAt, createdAt, totpSecret, totpEnabledAt }) => ({
      id,
      email,
      name,
      role,
      lastSignInAt,
      createdAt,
      twoStep: totpSecret !== null && totpEnabledAt !== null,
    }),
  );
  // "Send again" adds a link (a row) and leaves the earlier ones open: one line an address, its newest.
  const open = [...new Map(listOpenInvitations().map((i) => [i.email, i])).values()];
  const mails = latestInvitationMails(open.map((i) => i.id));
  const invitations = open.map((i) => {
    const mail = mails.get(i.id);
    return {
      id: i.id,
      email: i.email,
      role: i.role,
      expiresAt: i.expiresAt,
      createdAt: i.createdAt,
      state: invitationState(i, now),
      mail: mail ? mailView(mail) : null,
    };
  });
  return { members, invitations };
}

/** What became of an invitation the owner just sent; `url` is its link when it was not mailed. */
export type InviteOutcome =
  | { status: "sent" | "queued"; email: string }
  | { status: "not-mailed"; why: "no-mail" | "failed" | "timeout"; reason?: string; email: string; url: string };

/**
 * Stores the invitation and its mail in one transaction, then mails it while the owner
 * waits. Not mailed (no mail set up, or refused): the link comes back for the owner to
 * copy, and the mail is not retried (a retry would make a new link and kill the copied one).
 */
async function mailInvitation(
  invitationId: number,
  email: string,
  transport: MailTransport,
  now: Date,
  waitMs: number,
): Promise<InviteOutcome> {
  const mail = enqueueInvitationMail(invitationId, email, now);
  const outcome = await deliverNow(mail.id, { transport, now, waitMs, final: true });
  switch (outcome.status) {
    case "queued":
    case "skipped":
      return { status: "queued", email };
    case "sent":
      return { status: "sent", email };
    case "unsent":
      return { status: "not-mailed", why: "no-mail", email, url: outcome.link ?? "" };
    default:
      return { status: "not-mailed", why: outcome.status, reason: outcome.reason, email, url: outcome.link ?? "" };
  }
}

export async function inviteMember(
  inviterId: number,
  input: { email: string; role: Role },
  {
    transport = mailTransport(),
    now = new Date(),
    waitMs = MAIL_WAIT_MS,
  }: { transport?: MailTransport; now?: Date; waitMs?: number } = {},
): Promise<InviteOutcome | "member" | "too-many"> {
  const email = normalizeEmail(input.email);
  const existing = getUserByEmail(email);
  if (existing && existing.removedAt === null) return "member";
  if (!(await inviteLimiter.hit(String(inviterId)))) return "too-many";
  // The link is made when the mail goes (services/mail/invitation.server.ts); until then a hash nobody holds a token for.
  const invitation = inTransaction(() =>
    createInvitation(
      {
        email,
        role: input.role,
        invitedBy: inviterId,
        tokenHash: newLinkToken().hash,
        expiresAt: invitationExpiry(now),
      },
      now,
    ),
  );
  return mailInvitation(invitation.id, email, transport, now, waitMs);
}

/**
 * "Send again": a new link with 7 days of its own, mailed (or shown); the links sent or
 * copied before keep working until they run out, and the first one used closes the others
 * (decision 0057). Undefined when the invitation was used or withdrawn meanwhile.
 */
export async function resendInvitation(
  inviterId: number,
  invitationId: number,
  {
    transport = mailTransport(),
    now = new Date(),
    waitMs = MAIL_WAIT_MS,
  }: { transport?: MailTransport; now?: Date; waitMs?: number } = {},
): Promise<InviteOutcome | "too-many" | undefined> {
  const invitation = getInvitation(invitationId);
  if (!invitation || invitation.acceptedAt || invitation.revokedAt) return undefined;
  if (!(await inviteLimiter.hit(String(inviterId)))) return "too-many";
  // The link is made when the mail goes, as for a first invitation.
  const link = inTransaction(() =>
    addInvitationLink(
      invitation,
      { invitedBy: inviterId, tokenHash: newLinkToken().hash, expiresAt: invitationExpiry(now) },
      now,
    ),
  );
  return mailInvitation(link.id, invitation.email, transport, now, waitMs);
}

/**
 * The owner turns off a member's two-step sign-in (they lost their phone, decision 0057):
 * the secret and the recovery codes go, and every session of theirs ends in the same
 * transaction, since the lost phone may still be signed in. Not for the owner's own
 * account ("self": the account page asks for the password).
 */
export function turnOffMemberTwoStep(
  ownerId: number,
  memberId: number,
): { status: "turned-off" | "already-off"; member: User } | "self" | "not-found" {
  if (ownerId === memberId) return "self";
  return inTransaction(() => {
    const member = getUserById(memberId);
    if (!member || member.removedAt !== null) return "not-found";
    if (member.totpSecret === null || member.totpEnabledAt === null) return { status: "already-off", member };
    disableTwoStep(memberId);
    deleteUserSessions(memberId);
    return { status: "turned-off", member };
  });
}

/** Withdraws the invitation: every link to its address stops working. */
export function withdrawTeamInvitation(invitationId: number, now = new Date()) {
  return inTransaction(() => {
    const withdrawn = withdrawInvitation(invitationId, now);
    if (withdrawn) withdrawOpenInvitations(withdrawn.email, now);
    return withdrawn;
  });
}

/** What a link opens: the invitation, who sent it, and whether it still opens. */
export function openInvitation(token: string, now = new Date()) {
  if (!isLinkToken(token)) return undefined;
  const invitation = findInvitationByTokenHash(hashLinkToken(token));
  if (!invitation) return undefined;
  const found = getInvitationWithInviter(invitation.id);
  return { invitation, inviter: found?.inviter ?? null, state: invitationState(invitation, now) };
}

/**
 * The invitee chose a name and password: the account is made (or a removed member's
 * comes back) and the invitation used, in one transaction. Undefined for an unknown link.
 */
export async function acceptInvitation(
  token: string,
  input: { name: string; password: string },
  now = new Date(),
): Promise<User | Exclude<InvitationState, "open"> | "member" | undefined> {
  const opened = openInvitation(token, now);
  if (!opened) return undefined;
  if (opened.state !== "open") return opened.state;
  const passwordHash = await hashPassword(input.password);
  return inTransaction(() => {
    // Read again inside the transaction: the link may have been used while the password hashed.
    const invitation = getInvitation(opened.invitation.id);
    if (!invitation) return undefined;
    const state = invitationState(invitation, now);
    if (state !== "open") return state;
    const user = addMember({ email: invitation.email, name: input.name, passwordHash, role: invitation.role });
    if (!user) return "member";
    markInvitationAccepted(invitation.id, user.id, now);
    markOtherLinksUsed(invitation.email, user.id, now);
    return user;
  });
}
