import { alertMail, reportMail } from "~/lib/backup-health";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { siteOrigin } from "~/server/origin.server";
import { backupProblems, backupReport } from "~/services/backup-health.server";
import type { MailKind } from "./mail-kind.server";

/** To the owner's notification address, from the site. */
function toOwner(mail: { subject: string; text: string }) {
  const { company } = getBusinessFacts();
  return { mail: { to: getSetting("contact").notificationEmail, toName: company, fromName: company, ...mail } };
}

/**
 * The owner's warning that his backups need a look (decision 0091), written when it goes
 * from what is wrong then: nothing left wrong, nothing sent.
 */
export const backupAlert: MailKind = {
  retries: true,
  compose(_item, now) {
    const problems = backupProblems(now);
    return problems.length ? toOwner(alertMail(problems, siteOrigin())) : null;
  },
};

/** The monthly word on the backups: where the last one is, its size, and the off-site copies. */
export const backupReportMail: MailKind = {
  retries: true,
  compose(_item, now) {
    return toOwner(reportMail(backupReport(now), siteOrigin(), now));
  },
};
