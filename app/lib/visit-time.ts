/**
 * A visit on the schedule: typed as a Kansas day and time, stored as the instant it starts
 * (lib/business-time.ts), so it stays at 9:00 AM across a daylight-saving change.
 */
import { formatClockTime, formatKansasTime, formatLongDay, kansasDay } from "./business-time";

/** When a visit ends: it is over from then on. */
export const visitEnd = (visit: { startsAt: Date; durationMinutes: number }) =>
  new Date(visit.startsAt.getTime() + visit.durationMinutes * 60_000);

/** The visits not canceled that have not ended yet, in the order given (soonest first from the model). */
export const upcomingVisits = <V extends { startsAt: Date; durationMinutes: number; cancelledAt: Date | null }>(
  visits: readonly V[],
  now: Date,
  limit = 5,
): V[] => visits.filter((v) => !v.cancelledAt && visitEnd(v) > now).slice(0, limit);

/** "Monday, March 9, 2026 at 9:00 AM" (Kansas time), as a mail says it. */
export const formatVisitTime = (at: Date) => `${formatLongDay(kansasDay(at))} at ${formatKansasTime(at)}`;

/** Why a typed day and time is refused: said on the time field. */
export const VISIT_TIME_MESSAGES = {
  invalid: "Enter a day and a time.",
  skipped: (day: string, time: string) =>
    `${formatClockTime(time)} does not happen on ${formatLongDay(day)}: the clocks in Kansas jump from 2:00 to 3:00 AM that night. Choose another time.`,
} as const;
