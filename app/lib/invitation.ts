import { href } from "react-router";
import type { Role } from "./roles";
import { BUSINESS_TIME_ZONE } from "./business-time";

// Invitations to the team (decision 0049): a one-time link valid 7 days.

export const INVITATION_DAYS = 7;

/** When a link made at `sentAt` stops working. */
export function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
}

export const invitationPath = (token: string) => href("/admin/invitation/:token", { token });

/** What a link can find: an invitation still open, or why it no longer opens. */
export type InvitationState = "open" | "used" | "withdrawn" | "expired";

export function invitationState(
  inv: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationState {
  if (inv.acceptedAt) return "used";
  if (inv.revokedAt) return "withdrawn";
  return inv.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

/** What a role may do, in a line the invitee and the owner read. */
export const ROLE_DUTIES: Record<Role, string> = {
  owner: "everything, including the team, prices and settings",
  office: "leads, the roof tool, estimates, proposals and drafts",
  crew: "their jobs and open ones, the roof tool and photos",
};

/** The role in a sentence: "invited you as office staff". */
export function roleWithArticle(role: Role): string {
  return { owner: "an owner", office: "office staff", crew: "a crew member" }[role];
}

/** A closed link's page: a heading and what to do now. */
export const CLOSED_INVITATION: Record<Exclude<InvitationState, "open">, { title: string; body: string }> = {
  used: {
    title: "This invitation was already used",
    body: "Each invitation link works once. If it was you, sign in with the email and password you chose.",
  },
  withdrawn: {
    title: "This invitation was withdrawn",
    body: "The owner took it back. Ask them to send you a new one if you should be on the team.",
  },
  expired: {
    title: "This invitation has run out",
    body: `Invitation links work for ${INVITATION_DAYS} days. Ask the owner to send it again.`,
  },
};

/** The invitation mail: who invites, to which company and role, and the link. */
export function invitationMail(input: {
  inviter: string;
  company: string;
  role: Role;
  link: string;
  expiresAt: Date;
}): { subject: string; text: string } {
  const until = input.expiresAt.toLocaleDateString("en-US", { dateStyle: "long", timeZone: BUSINESS_TIME_ZONE });
  return {
    subject: `${input.inviter} invited you to ${input.company}'s admin`,
    text: [
      "Hello,",
      "",
      `${input.inviter} invited you to join ${input.company}'s admin as ${roleWithArticle(input.role)} (${ROLE_DUTIES[input.role]}).`,
      "",
      "Open this link to choose your name and password:",
      "",
      input.link,
      "",
      `The link works once, until ${until}. If you did not expect this email, you can ignore it.`,
      "",
      input.company,
    ].join("\n"),
  };
}
