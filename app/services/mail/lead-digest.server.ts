import { digestMail, digestOf, isEmptyDigest } from "~/lib/lead-digest";
import { businessToday } from "~/lib/business-time";
import { listWaitingLeads } from "~/models/lead.server";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { siteOrigin } from "~/server/origin.server";
import type { MailKind } from "./mail-kind.server";

/**
 * The owner's daily summary of waiting leads (decision 0021), queued when its hour comes
 * (services/lead-digest.server.ts) and written when it goes: the lists of that Kansas day.
 */
export const leadDigest: MailKind = {
  retries: true,
  compose(item) {
    const day = businessToday(item.createdAt);
    const digest = digestOf(listWaitingLeads(day), day);
    if (isEmptyDigest(digest)) return null;
    const settings = getSetting("contact");
    const { company } = getBusinessFacts();
    return {
      mail: {
        to: settings.notificationEmail,
        toName: company,
        fromName: company,
        ...digestMail(digest, siteOrigin(), settings.digestHour),
      },
    };
  },
};
