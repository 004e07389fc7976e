import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { VISIT_KIND_LABELS, type VisitKind } from "~/lib/visit-kinds";
import { visitEnd } from "~/lib/visit-time";
import type { MailAttachment } from "~/server/mail.server";

/**
 * A visit as a calendar invitation (.ics, RFC 5546): METHOD REQUEST to add or update it,
 * METHOD CANCEL to take it out. The UID is the visit's for good and SEQUENCE its count of
 * changes, so a calendar replaces the event it has instead of adding a second one. Times
 * are written in UTC: every calendar shows them in its own zone, Kansas time included.
 */
export type VisitInvite = {
  id: number;
  kind: VisitKind;
  startsAt: Date;
  durationMinutes: number;
  sequence: number;
  cancelled: boolean;
  homeowner: { name: string; email: string };
  address: string | null;
  company: { name: string; email: string; phone: string };
  jobPageLink: string;
  /** The site's host, which makes the UID unique beyond this site. */
  host: string;
};

export const visitUid = (id: number, host: string) => `visit-${id}@${host}`;

type VisitTimes = { id: number; startsAt: Date; durationMinutes: number; sequence: number };

/** What names and times a visit's event in any calendar: the one UID for good, its count of changes. */
const visitEvent = (visit: VisitTimes, host: string, now: Date) => ({
  id: visitUid(visit.id, host),
  sequence: visit.sequence,
  stamp: now,
  start: visit.startsAt,
  end: visitEnd(visit),
});

const companyCalendar = (company: string) =>
  ical({ name: company, prodId: { company, product: "Schedule", language: "EN" } });

export function visitCalendar(invite: VisitInvite, now = new Date()): string {
  const calendar = companyCalendar(invite.company.name).method(
    invite.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  );
  calendar.createEvent({
    ...visitEvent(invite, invite.host, now),
    summary: `${VISIT_KIND_LABELS[invite.kind]}: ${invite.company.name}`,
    description: `Your job: ${invite.jobPageLink}\nQuestions? Call ${invite.company.phone}.`,
    location: invite.address,
    url: invite.jobPageLink,
    status: invite.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: invite.company.name, email: invite.company.email },
    attendees: [
      {
        name: invite.homeowner.name,
        email: invite.homeowner.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: false,
      },
    ],
  });
  return calendar.toString();
}

/** A visit in a team member's own calendar feed: what they need on the way there. */
export type FeedVisit = VisitTimes & {
  kind: VisitKind;
  homeowner: string;
  phone: string | null;
  address: string | null;
  note: string | null;
  /** The lead's page in the admin, as an absolute URL. */
  leadPage: string;
};

/**
 * A person's visits as a subscribed calendar (decision 0096): no METHOD (nothing to answer),
 * each visit under the same UID as the homeowner's invitation, so a move updates the event
 * in place. A visit no longer in the feed (canceled, given to someone else) is taken out by
 * the calendar on its next refresh.
 */
export function visitFeed(feed: { company: string; host: string; visits: FeedVisit[] }, now = new Date()): string {
  // How often a calendar that reads the hint (Apple's, Outlook) asks again.
  const calendar = companyCalendar(feed.company).ttl(60 * 60);
  for (const visit of feed.visits) {
    calendar.createEvent({
      ...visitEvent(visit, feed.host, now),
      summary: `${VISIT_KIND_LABELS[visit.kind]}: ${visit.homeowner}`,
      description: [visit.note, visit.phone && `Phone: ${visit.phone}`, `Lead: ${visit.leadPage}`]
        .filter(Boolean)
        .join("\n"),
      location: visit.address,
      url: visit.leadPage,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** The invitation as a mail's attachment. */
export function visitCalendarAttachment(invite: VisitInvite, now = new Date()): MailAttachment {
  const method = invite.cancelled ? "CANCEL" : "REQUEST";
  return {
    filename: invite.cancelled ? "canceled.ics" : "invite.ics",
    content: Buffer.from(visitCalendar(invite, now), "utf8"),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}
