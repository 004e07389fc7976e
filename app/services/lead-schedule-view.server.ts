import { textRecipient } from "~/models/outbox.server";
import { mayPost } from "~/lib/access";
import { VISIT_KIND_LABELS, type VisitKind } from "~/lib/visit-kinds";
import { ADD_VISIT_INTENT, defaultVisitKind, type VisitLengths } from "~/lib/visit-form";
import { visitEnd } from "~/lib/visit-time";
import { formatKansasTime, formatShortDay, kansasDay, wallClock } from "~/lib/business-time";
import { getLead } from "~/models/lead.server";
import { listAssignees, type Assignee } from "~/models/lead-assignment.server";
import type { SessionUser } from "~/models/session.server";
import { getSetting } from "~/models/settings.server";
import { listLeadVisits } from "~/models/visit.server";
import { mailIsSetUp } from "~/server/mail.server";

export type LeadVisitItem = {
  id: number;
  kind: VisitKind;
  label: string;
  /** "Mon, Mar 9 · 9:00 AM", Kansas time. */
  when: string;
  /** The form's values for a move: Kansas day and time. */
  day: string;
  time: string;
  lengthMinutes: number;
  assigneeId: number | null;
  assigneeName: string | null;
  note: string | null;
  cancelled: boolean;
  past: boolean;
};

/** What the lead page's Schedule panel shows: its visits, and the forms for those who book. */
export type LeadScheduleView = {
  leadId: number;
  upcoming: LeadVisitItem[];
  past: LeadVisitItem[];
  /** The team to choose from; null for those who may not book (the crew sees, the office books). */
  people: Assignee[] | null;
  /** What a new booking is unless staff choose otherwise: the lead's estimate visit, or (a won job) a work day. */
  defaultKind: VisitKind;
  /** The owner's usual length of each kind: the booking form's length follows the kind chosen. */
  lengths: VisitLengths;
  /** Who goes unless staff choose otherwise: whoever looks after the lead. */
  defaultAssignee: number | null;
  /** Whether the homeowner is mailed: an address, and mail set up. */
  /** `textTo`: no address, but the homeowner takes texts at this number (E.164): he is texted instead. */
  mails: { email: string | null; setUp: boolean; textTo: string | null };
  today: string;
};

export async function leadScheduleView(
  _request: Request,
  leadId: number,
  user: SessionUser,
  now = new Date(),
): Promise<LeadScheduleView | null> {
  const lead = getLead(leadId);
  if (!lead) return null;
  const items = listLeadVisits(leadId).map((v): LeadVisitItem => {
    const wall = wallClock(v.startsAt);
    return {
      id: v.id,
      kind: v.kind,
      label: VISIT_KIND_LABELS[v.kind],
      when: `${formatShortDay(kansasDay(v.startsAt))} · ${formatKansasTime(v.startsAt)}`,
      day: wall.day,
      time: wall.time,
      lengthMinutes: v.durationMinutes,
      assigneeId: v.assigneeId,
      assigneeName: v.assigneeName,
      note: v.note,
      cancelled: !!v.cancelledAt,
      // Over once it has ended.
      past: visitEnd(v) <= now,
    };
  });
  const books = mayPost(user.role, "routes/admin/lead-visits", ADD_VISIT_INTENT);
  return {
    leadId,
    upcoming: items.filter((v) => !v.past),
    // The latest first: what happened last is what is asked about.
    past: items.filter((v) => v.past).reverse(),
    people: books ? listAssignees() : null,
    defaultKind: defaultVisitKind(lead.status),
    lengths: getSetting("visitLengths"),
    defaultAssignee: lead.assigneeId,
    mails: {
      email: lead.email.includes("@") ? lead.email : null,
      setUp: mailIsSetUp(),
      textTo: lead.email.includes("@") ? null : textRecipient(lead.id),
    },
    today: kansasDay(now),
  };
}
