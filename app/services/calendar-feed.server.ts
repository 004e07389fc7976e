import { href } from "react-router";
import { leadAddressLine } from "~/lib/address";
import { addDays, businessToday, startOfKansasDay } from "~/lib/business-time";
import { calendarFeedPath, FEED_DAYS_AHEAD, FEED_DAYS_BACK } from "~/lib/calendar-feed";
import { findCalendarFeedUser, replaceCalendarFeed } from "~/models/calendar-feed.server";
import { getBusinessFacts } from "~/models/settings.server";
import { listAssignedVisits } from "~/models/visit.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/server/link-token.server";
import { siteOrigin } from "~/server/origin.server";
import { visitFeed } from "~/services/visit-calendar.server";

/**
 * A new feed link for this person, as the full URL to show them once: from now on only
 * this one opens their feed (an earlier link stops at once).
 */
export function makeCalendarFeed(userId: number, now = new Date()): string {
  const { token, hash } = newLinkToken();
  replaceCalendarFeed(userId, hash, now);
  return `${siteOrigin()}${calendarFeedPath(token)}`;
}

/**
 * The .ics a feed token opens: the visits its person is sent to, from a month back to a
 * year ahead (Kansas days), canceled ones left out. Null for anything else: a string that
 * cannot be a token, an unknown or replaced one, a feed turned off, a person removed.
 */
export function calendarFeedFor(token: string, now = new Date()): string | null {
  if (!isLinkToken(token)) return null;
  const userId = findCalendarFeedUser(hashLinkToken(token));
  if (userId === undefined) return null;
  const today = businessToday(now);
  const from = startOfKansasDay(addDays(today, -FEED_DAYS_BACK));
  const to = startOfKansasDay(addDays(today, FEED_DAYS_AHEAD + 1));
  const origin = siteOrigin();
  const visits = listAssignedVisits(userId, from, to).map((v) => ({
    id: v.id,
    kind: v.kind,
    startsAt: v.startsAt,
    durationMinutes: v.durationMinutes,
    sequence: v.sequence,
    homeowner: v.lead.name,
    phone: v.lead.phone,
    address: leadAddressLine(v.lead) || null,
    note: v.note,
    leadPage: `${origin}${href("/admin/leads/:id", { id: String(v.lead.id) })}`,
  }));
  return visitFeed({ company: getBusinessFacts().company, host: new URL(origin).hostname, visits }, now);
}
