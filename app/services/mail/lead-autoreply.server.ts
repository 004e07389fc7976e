import { getLead } from "~/models/lead.server";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import type { MailKind } from "./mail-kind.server";

/**
 * The visitor's auto-reply, after the owner's notification went. Skipped when it is
 * switched off or there is nobody to answer; a failure is only logged (the spec), not retried.
 */
export const leadAutoreply: MailKind = {
  retries: false,
  compose(item) {
    const lead = item.leadId === null ? undefined : getLead(item.leadId);
    const settings = getSetting("contact");
    // Without an email (a lead written down from a call stores "") there is nobody to answer.
    if (!lead?.email || !settings.autoresponderEnabled) return null;
    const { company } = getBusinessFacts();
    // Only ever to the one address this visitor typed, never a list.
    return { mail: { to: lead.email, toName: lead.name, fromName: company, subject: settings.autoresponderSubject, text: settings.autoresponderMessage } };
  },
};
