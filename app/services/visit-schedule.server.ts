import { leadAddressLine } from "~/lib/address";
import { VISIT_KIND_LABELS, type VisitKind } from "~/lib/visit-kinds";
import {
  addDays,
  formatKansasTime,
  formatLongDay,
  formatShortDay,
  kansasDay,
  startOfKansasDay,
  weekDays,
  weekOf,
} from "~/lib/business-time";
import { maySeeLead } from "~/lib/lead-assignment";
import type { Role } from "~/lib/roles";
import { listVisitsBetween, type ScheduledVisit } from "~/models/visit.server";

export type ScheduleItem = {
  id: number;
  kind: VisitKind;
  label: string;
  /** "9:00 AM – 5:00 PM", Kansas time, and its two ends. */
  time: string;
  start: string;
  end: string;
  /** `open`: whether this person may open the lead's page (the crew: their own and free ones). */
  lead: { id: number; name: string; place: string | null; phone: string | null; open: boolean };
  who: string | null;
  /** Whether it is the viewer's own: marked "Yours", in its place by time. */
  mine: boolean;
  note: string | null;
};

export type ScheduleDay = { day: string; label: string; short: string; isToday: boolean; items: ScheduleItem[] };

export type ScheduleView = {
  week: { start: string; label: string; previous: string; next: string; current: string; isCurrent: boolean };
  today: ScheduleDay;
  days: ScheduleDay[];
};

export function scheduleItem(visit: ScheduledVisit, user: { role: Role; userId: number }): ScheduleItem {
  const end = new Date(visit.startsAt.getTime() + visit.durationMinutes * 60_000);
  return {
    id: visit.id,
    kind: visit.kind,
    label: VISIT_KIND_LABELS[visit.kind],
    time: `${formatKansasTime(visit.startsAt)} – ${formatKansasTime(end)}`,
    start: formatKansasTime(visit.startsAt),
    end: formatKansasTime(end),
    lead: {
      id: visit.lead.id,
      name: visit.lead.name,
      place: leadAddressLine(visit.lead) || null,
      phone: visit.lead.phone,
      open: maySeeLead(user, visit.lead),
    },
    who: visit.assigneeName,
    mine: visit.assigneeId === user.userId,
    note: visit.note,
  };
}

/** A day's visits in time order (the viewer's own are marked, never moved up: a day reads top to bottom). */
function dayOf(
  day: string,
  today: string,
  visits: ScheduledVisit[],
  user: { role: Role; userId: number },
): ScheduleDay {
  const items = visits.filter((v) => kansasDay(v.startsAt) === day).map((v) => scheduleItem(v, user));
  return {
    day,
    label: formatLongDay(day),
    short: formatShortDay(day),
    isToday: day === today,
    items,
  };
}

const weekLabel = (start: string) => {
  const end = addDays(start, 6);
  return `${formatShortDay(start)} – ${formatShortDay(end)}, ${end.slice(0, 4)}`;
};

/**
 * The week calendar and today's agenda for this person: the visits of the leads
 * they may see (the crew: their own and the free ones, decision 0053), Kansas days.
 * `asked`: the `?week=` value, any day of the week wanted.
 */
export function scheduleView(
  user: { role: Role; userId: number },
  asked: string | null,
  now = new Date(),
): ScheduleView {
  const today = kansasDay(now);
  const start = weekOf(asked, today);
  const days = weekDays(start);
  const visits = listVisitsBetween(startOfKansasDay(start), startOfKansasDay(addDays(start, 7)), user);
  const todays = days.includes(today)
    ? visits
    : listVisitsBetween(startOfKansasDay(today), startOfKansasDay(addDays(today, 1)), user);
  const current = weekOf(today, today);
  return {
    week: {
      start,
      label: weekLabel(start),
      previous: addDays(start, -7),
      next: addDays(start, 7),
      current,
      isCurrent: start === current,
    },
    today: dayOf(today, today, todays, user),
    days: days.map((day) => dayOf(day, today, visits, user)),
  };
}
