import { formatLongDay, kansasDay } from "~/lib/business-time";
import type { Role } from "~/lib/roles";
import { listVisitsGivenTo } from "~/models/visit.server";
import { scheduleItem, type ScheduleItem } from "~/services/visit-schedule.server";

/** How many of a person's next visits "My day" lists: weeks of work for a crew member. */
const NEXT_VISITS = 30;

export type MyDayGroup = { day: string; label: string; items: ScheduleItem[] };

export type MyDayView = { today: MyDayGroup; coming: MyDayGroup[] };

/**
 * A person's own visits from now on, whatever became of their leads: today's first (those
 * under way included), then the next ones by day, not by calendar week: on a Saturday the
 * Monday job is right there.
 */
export function myDayView(user: { role: Role; userId: number }, now = new Date()): MyDayView {
  const today = kansasDay(now);
  const groups = new Map<string, ScheduleItem[]>();
  for (const visit of listVisitsGivenTo(user.userId, now, NEXT_VISITS)) {
    // A night's work begun yesterday and not over is today's, not a day already gone.
    const day = kansasDay(visit.startsAt) < today ? today : kansasDay(visit.startsAt);
    groups.set(day, [...(groups.get(day) ?? []), scheduleItem(visit, user)]);
  }
  const group = (day: string): MyDayGroup => ({ day, label: formatLongDay(day), items: groups.get(day) ?? [] });
  return {
    today: group(today),
    coming: [...groups.keys()].filter((day) => day > today).map(group),
  };
}
