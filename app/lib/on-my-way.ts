import { formatKansasTime, kansasDay } from "./business-time";
import { ARRIVAL_MINUTES } from "./text-words";
import { visitEnd } from "./visit-time";
import { z } from "./zod";

/**
 * "On my way" from the crew's visit card on My day: one tap texts the homeowner who is
 * coming and about when (lib/text-words.ts words it). services/on-my-way.server.ts sends it.
 */

/** What the card's choice starts at: most drives between jobs are about this long. */
export const DEFAULT_ARRIVAL_MINUTES = 20;

/** One "on my way" a visit in this long: a second tap (or a form sent twice) says when it went instead. */
export const ON_MY_WAY_REPEAT_MS = 30 * 60_000;

export type ArrivalMinutes = (typeof ARRIVAL_MINUTES)[number];
const isArrivalMinutes = (n: number): n is ArrivalMinutes => (ARRIVAL_MINUTES as readonly number[]).includes(n);

/** The choice as the card words it: "20 min", "1 hour". */
export const arrivalLabel = (minutes: ArrivalMinutes) => (minutes === 60 ? "1 hour" : `${minutes} min`);

export const ON_MY_WAY_MESSAGES = {
  badMinutes: "Choose when you will be there.",
  texted: (name: string) => `Texted ${name}: on your way`,
  queued: (name: string) => `The text to ${name} is on its way`,
  // The stand-in transport (no Twilio account): printed in the server's log, never sent.
  notSetUp: (name: string) => `Texts are not set up: call or text ${name} yourself`,
  // The provider's reason, cut short: a flash holds 300 characters.
  failed: (name: string, reason: string) =>
    `The text to ${name} could not go (${reason.slice(0, 160)}): call them instead`,
  already: (name: string, at: Date) =>
    `${name} was already texted that you are on your way, at ${formatKansasTime(at)}`,
  notToday: 'Only today\'s visits send "on my way".',
  noText: (name: string) => `${name} cannot be texted: call them instead`,
  needsSignal: "Needs signal: the text goes only with a connection. Call them instead, or try again in a moment.",
} as const;

/** The form's one field. */
export const OnMyWaySchema = z.object({
  minutes: z.coerce
    .number({ error: ON_MY_WAY_MESSAGES.badMinutes })
    .refine(isArrivalMinutes, ON_MY_WAY_MESSAGES.badMinutes)
    .transform((n) => n as ArrivalMinutes),
});

/** A visit of today (one begun earlier and still under way counts): the only ones the crew drives to now. */
export function isTodaysVisit(visit: { startsAt: Date; durationMinutes: number }, now: Date): boolean {
  return kansasDay(visit.startsAt) <= kansasDay(now) && visitEnd(visit).getTime() > now.getTime();
}

/** When the last "on my way" went if that is within ON_MY_WAY_REPEAT_MS of `now`, else null. */
export function recentOnMyWay(last: Date | null | undefined, now: Date): Date | null {
  return last && now.getTime() - last.getTime() < ON_MY_WAY_REPEAT_MS ? last : null;
}
