import { BUSINESS_TIME_ZONE, dayIn } from "./business-time";
import { formatShortDay } from "./lead-digest";

// The words of the admin's dashboard (/admin): when each waiting thing came or runs out,
// in Kansas days. Pure, so each is tested beside it.

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** "Today", "Yesterday" or "Fri, Nov 20": when a lead came in. */
export function receivedWhen(createdAt: Date, today: string): string {
  const day = dayIn(BUSINESS_TIME_ZONE, createdAt);
  const ago = daysBetween(day, today);
  if (ago <= 0) return "Today";
  return ago === 1 ? "Yesterday" : formatShortDay(day);
}

/** "Sent today", "Sent yesterday" or "Sent Fri, Nov 20": when a proposal went out. */
export function sentWhen(sentAt: Date, today: string): string {
  const when = receivedWhen(sentAt, today);
  return `Sent ${when === "Today" || when === "Yesterday" ? when.toLowerCase() : when}`;
}

/** "Due today", "1 day late", "12 days late": a follow-up day that has come. */
export function followUpWhen(followUpOn: string, today: string): string {
  const late = daysBetween(followUpOn, today);
  if (late <= 0) return "Due today";
  return late === 1 ? "1 day late" : `${late} days late`;
}

/**
 * "Expires today", "Expires tomorrow" or "Expires Fri, Dec 4": the last Kansas day a
 * proposal can be accepted (it lapses at the midnight that ends that day).
 */
export function expiresWhen(expiresAt: Date, today: string): string {
  const day = dayIn(BUSINESS_TIME_ZONE, new Date(expiresAt.getTime() - 1));
  const left = daysBetween(today, day);
  if (left <= 0) return "Expires today";
  return left === 1 ? "Expires tomorrow" : `Expires ${formatShortDay(day)}`;
}

/** "Friday, November 27": the dashboard's date line. */
export function longToday(today: string): string {
  return new Date(`${today}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
  });
}
