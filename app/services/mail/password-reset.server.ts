import { passwordResetMail, resetLinkExpiry, resetLinkState, resetPath } from "~/lib/password-reset";
import { findPasswordReset, isNewestReset, setResetLink } from "~/models/password-reset.server";
import { getBusinessFacts } from "~/models/settings.server";
import { newLinkToken } from "~/server/link-token.server";
import { siteOrigin } from "~/server/origin.server";
import type { MailKind } from "./mail-kind.server";

/**
 * A forgotten password's reset link (decision 0050). Only the token's hash is kept, so the
 * token is made here, when the mail goes, and its hour starts then: a link from an attempt
 * that failed was never seen by anyone. A reset used, past its hour, replaced by a newer
 * one, or of a person removed meanwhile sends nothing.
 */
export const passwordReset: MailKind = {
  retries: true,
  compose(item, now) {
    const found = item.passwordResetId === null ? undefined : findPasswordReset(item.passwordResetId);
    if (!found || found.removedAt || resetLinkState(found.reset, now) !== "open" || !isNewestReset(found.reset))
      return null;
    const expiresAt = resetLinkExpiry(now);
    const { token, hash } = newLinkToken();
    setResetLink(found.reset.id, hash, expiresAt);
    const link = `${siteOrigin()}${resetPath(token)}`;
    const { company } = getBusinessFacts();
    const mail = passwordResetMail({ name: found.name, company, link, expiresAt });
    // Only ever to the account's own address, as it is now.
    return { mail: { to: found.email, toName: found.name || undefined, fromName: company, ...mail }, link };
  },
};
