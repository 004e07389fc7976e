import { invitationExpiry, invitationMail, invitationPath, invitationState } from "~/lib/invitation";
import { getInvitationWithInviter, setInvitationLink } from "~/models/invitation.server";
import { getBusinessFacts } from "~/models/settings.server";
import { newLinkToken } from "~/server/link-token.server";
import { siteOrigin } from "~/server/origin.server";
import type { MailKind } from "./mail-kind.server";

/**
 * An invitation to the team (decision 0049). Like a review request, each attempt makes a
 * new link (and a new 7 days) and keeps only its hash: the previous link stops working.
 * An invitation used or withdrawn meanwhile sends nothing.
 */
export const invitation: MailKind = {
  retries: true,
  compose(item, now) {
    const found = item.invitationId === null ? undefined : getInvitationWithInviter(item.invitationId);
    if (
      !found ||
      invitationState(found.invitation, now) === "used" ||
      invitationState(found.invitation, now) === "withdrawn"
    )
      return null;
    const { company } = getBusinessFacts();
    const expiresAt = invitationExpiry(now);
    const { token, hash } = newLinkToken();
    setInvitationLink(found.invitation.id, hash, expiresAt);
    const link = `${siteOrigin()}${invitationPath(token)}`;
    const mail = invitationMail({
      inviter: found.inviter ?? company,
      company,
      role: found.invitation.role,
      link,
      expiresAt,
    });
    return { mail: { to: found.invitation.email, fromName: company, ...mail }, link };
  },
};
