import { formatKansasTime, formatLongDay, kansasDay } from "~/lib/business-time";
import type { Role } from "~/lib/roles";
import { getClaim } from "~/models/insurance-claim.server";
import { listVisitsGivenTo } from "~/models/visit.server";
import { claimFacts, type ClaimFactsView } from "~/services/insurance-claim.server";
import { onMyWayCard } from "~/services/on-my-way.server";
import { scheduleItem, type ScheduleItem } from "~/services/visit-schedule.server";

/** How many of a person's next visits "My day" lists: weeks of work for a crew member. */
const NEXT_VISITS = 30;

/**
 * One of my visits; `onMyWay` on today's whose homeowner takes texts: the card's "On my way"
 * form, with when the last one went (within half an hour), else null. `claim`: for a meeting
 * with the adjuster, the claim's carrier, number and adjuster (never its money), else null.
 */
export type MyDayItem = ScheduleItem & {
  onMyWay: { sentAt: string | null } | null;
  claim: ClaimFactsView | null;
};

export type MyDayGroup = { day: string; label: string; items: MyDayItem[] };

export type MyDayView = { today: MyDayGroup; coming: MyDayGroup[] };

/**
 * A person's own visits from now on, whatever became of their leads: today's first (those
 * under way included), then the next ones by day, not by calendar week: on a Saturday the
 * Monday job is right there.
 */
export function myDayView(user: { role: Role; userId: number }, now = new Date()): MyDayView {
  const today = kansasDay(now);
  const groups = new Map<string, MyDayItem[]>();
  for (const visit of listVisitsGivenTo(user.userId, now, NEXT_VISITS)) {
    // A night's work begun yesterday and not over is today's, not a day already gone.
    const day = kansasDay(visit.startsAt) < today ? today : kansasDay(visit.startsAt);
    const card = day === today ? onMyWayCard(visit, now) : null;
    const onMyWay = card && { sentAt: card.sentAt && formatKansasTime(card.sentAt) };
    const claim = visit.kind === "adjuster_meeting" ? getClaim(visit.lead.id) : undefined;
    groups.set(day, [
      ...(groups.get(day) ?? []),
      { ...scheduleItem(visit, user), onMyWay, claim: claim ? claimFacts(claim, false) : null },
    ]);
  }
  const group = (day: string): MyDayGroup => ({ day, label: formatLongDay(day), items: groups.get(day) ?? [] });
  return {
    today: group(today),
    coming: [...groups.keys()].filter((day) => day > today).map(group),
  };
}
