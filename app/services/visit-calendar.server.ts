import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { VISIT_KIND_LABELS, type VisitKind } from "~/lib/visit-kinds";
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

export function visitCalendar(invite: VisitInvite, now = new Date()): string {
  const method = invite.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({
    name: invite.company.name,
    prodId: { company: invite.company.name, product: "Schedule", language: "EN" },
    method,
  });
  calendar.createEvent({
    id: visitUid(invite.id, invite.host),
    sequence: invite.sequence,
    stamp: now,
    start: invite.startsAt,
    end: new Date(invite.startsAt.getTime() + invite.durationMinutes * 60_000),
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

/** The invitation as a mail's attachment. */
export function visitCalendarAttachment(invite: VisitInvite, now = new Date()): MailAttachment {
  const method = invite.cancelled ? "CANCEL" : "REQUEST";
  return {
    filename: invite.cancelled ? "canceled.ics" : "invite.ics",
    content: Buffer.from(visitCalendar(invite, now), "utf8"),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}
