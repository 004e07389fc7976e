import { getLead } from "~/models/lead.server";
import { JOB_PAGE_MAIL } from "~/lib/job-page";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { jobPageLinkUrl } from "~/services/job-page-link.server";
import { requestReceivedText } from "~/lib/text-words";
import type { MailKind } from "./mail-kind.server";

/**
 * The visitor's auto-reply, after the owner's notification went. Skipped when it is
 * switched off or there is nobody to answer; a failure is only logged (the spec), not retried.
 * The owner's subject and words go as written; one line under them, after a blank line,
 * links the visitor's new job page (decision 0070).
 */
export const leadAutoreply: MailKind = {
  retries: false,
  compose(item, now) {
    const lead = item.leadId === null ? undefined : getLead(item.leadId);
    const settings = getSetting("contact");
    // Without an email (a lead written down from a call stores "") there is nobody to answer.
    if (!lead?.email || !settings.autoresponderEnabled) return null;
    const { company } = getBusinessFacts();
    // Only ever to the one address this visitor typed, never a list.
    const text = `${settings.autoresponderMessage.trimEnd()}\n\n${JOB_PAGE_MAIL.autoreplyFooter(jobPageLinkUrl(lead.id, now))}`;
    return {
      mail: { to: lead.email, toName: lead.name, fromName: company, subject: settings.autoresponderSubject, text },
    };
  },
  // Short words of our own: the owner's auto-reply is a letter, too long for a text.
  text(item, now) {
    if (item.leadId === null || !getSetting("contact").autoresponderEnabled) return null;
    return requestReceivedText(getBusinessFacts().company, jobPageLinkUrl(item.leadId, now));
  },
};
