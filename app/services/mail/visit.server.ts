import type { OutboxItem } from "~/db/schema";
import { leadAddressLine } from "~/lib/address";
import { visitMail, type VisitMailKind } from "~/lib/visit-mail";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { visitForMail } from "~/models/visit.server";
import { siteOrigin } from "~/server/origin.server";
import { jobPageLinkUrl } from "~/services/job-page-link.server";
import { visitCalendarAttachment } from "~/services/visit-calendar.server";
import { visitText } from "~/lib/text-words";
import type { MailKind } from "./mail-kind.server";

/**
 * The homeowner's mails about a visit, each written when it goes from the visit
 * as it is then: a confirmation with the calendar invitation, the day-before reminder, a
 * move with the updated invitation, a cancellation that takes it out of the calendar. Each
 * carries the job's one job page link (decision 0076). A mail the visit no longer calls for (a
 * confirmation for a visit cancelled meanwhile, a reminder for one moved) is skipped.
 */

type Found = NonNullable<ReturnType<typeof visitForMail>>;

const wanted: Record<VisitMailKind, (visit: Found) => boolean> = {
  confirmation: (v) => !v.cancelledAt,
  // Queued for this start: a move since cleared it, and the new day queues its own.
  reminder: (v) => !v.cancelledAt && v.reminderQueuedAt !== null,
  moved: (v) => !v.cancelledAt,
  updated: (v) => !v.cancelledAt,
  cancelled: (v) => !!v.cancelledAt,
};

function visitKind(mail: VisitMailKind): MailKind {
  return {
    retries: true,
    compose(item: OutboxItem, now: Date) {
      const visit = item.visitId === null ? undefined : visitForMail(item.visitId);
      if (!visit || !wanted[mail](visit)) return null;
      const facts = getBusinessFacts();
      const jobPageLink = jobPageLinkUrl(visit.lead.id, now);
      const address = leadAddressLine(visit.lead) || null;
      const text = visitMail(mail, {
        kind: visit.kind,
        startsAt: visit.startsAt,
        durationMinutes: visit.durationMinutes,
        who: visit.assigneeName,
        homeowner: visit.lead.name,
        address,
        company: facts.company,
        phone: facts.phone,
        jobPageLink,
      });
      const attachment = visitCalendarAttachment(
        {
          id: visit.id,
          kind: visit.kind,
          startsAt: visit.startsAt,
          durationMinutes: visit.durationMinutes,
          sequence: visit.sequence,
          cancelled: !!visit.cancelledAt,
          homeowner: { name: visit.lead.name, email: item.recipient },
          address,
          company: { name: facts.company, email: facts.email, phone: facts.phone },
          jobPageLink,
          host: new URL(siteOrigin()).hostname,
        },
        now,
      );
      // To the homeowner's address as it was when the mail was queued; a reply reaches the office.
      return {
        mail: {
          to: item.recipient,
          toName: visit.lead.name,
          fromName: facts.company,
          replyTo: getSetting("contact").notificationEmail,
          ...text,
          attachments: [attachment],
        },
      };
    },
    text(item, now) {
      const visit = item.visitId === null ? undefined : visitForMail(item.visitId);
      if (!visit || !wanted[mail](visit)) return null;
      const { company } = getBusinessFacts();
      return visitText(
        mail,
        { company, kind: visit.kind, startsAt: visit.startsAt, who: visit.assigneeName },
        jobPageLinkUrl(visit.lead.id, now),
      );
    },
  };
}

export const visitConfirmation: MailKind = visitKind("confirmation");
export const visitReminder: MailKind = visitKind("reminder");
export const visitMoved: MailKind = visitKind("moved");
export const visitUpdated: MailKind = visitKind("updated");
export const visitCancelled: MailKind = visitKind("cancelled");
