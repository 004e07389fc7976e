/**
 * The daily summary of waiting leads the owner can ask for (contact settings): when it is
 * due, what it lists, and the mail's words. Pure; the service sends it.
 */
import { href } from "react-router";
import { hourLabel } from "~/lib/contact-settings";
import { followUpState, LEAD_STATUS_LABELS, sortLeads, type LeadStatus } from "~/lib/lead-status";
import { BUSINESS_TIME_ZONE, businessToday, dayIn, formatShortDay } from "~/lib/business-time";

export type DigestLead = {
  id: number;
  name: string;
  service: string | null;
  city: string | null;
  status: LeadStatus;
  followUpOn: string | null;
  createdAt: Date;
};

export type Digest = {
  /** The Kansas day it is for (YYYY-MM-DD). */
  day: string;
  /** Follow-ups due that day or late, the longest waiting first. */
  followUps: DigestLead[];
  /** New leads with no follow-up due, newest first. */
  fresh: DigestLead[];
};

const hourFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "numeric",
  hourCycle: "h23",
});

/** The hour (0-23) on a clock in Wellington, Kansas. */
export const businessHour = (at: Date) => Number(hourFormat.format(at)) % 24;

/**
 * The Kansas day whose summary should go out now, or null: it is switched on, its hour has
 * come on Wellington's clock, and that day's summary has not gone already.
 */
export function digestDayDue(
  settings: { digestEnabled: boolean; digestHour: number },
  lastSentOn: string | null,
  now: Date,
): string | null {
  if (!settings.digestEnabled) return null;
  const today = businessToday(now);
  if (lastSentOn !== null && lastSentOn >= today) return null;
  return businessHour(now) >= settings.digestHour ? today : null;
}

/**
 * What waits on the day, by the header's rules (decision 0019): open follow-ups due that
 * day or late, and leads still New. A New lead whose follow-up is due is listed once, as a
 * follow-up. Archived leads are left out before they get here.
 */
export function digestOf(leads: readonly DigestLead[], day: string): Digest {
  const sorted = sortLeads(leads, day);
  const due = (lead: DigestLead) => ["overdue", "today"].includes(followUpState(lead, day) ?? "");
  return { day, followUps: sorted.filter(due), fresh: sorted.filter((lead) => lead.status === "new" && !due(lead)) };
}

export const isEmptyDigest = (digest: Digest) => digest.followUps.length + digest.fresh.length === 0;

const longDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" });
const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

// In lib/lead-status.ts, which the public job page may load (this file's settings bring zod).
export { formatShortDay };

function leadLine(lead: DigestLead, detail: string, origin: string): string {
  const what = [lead.name, lead.service, lead.city].filter(Boolean).join(", ");
  return `- ${what}. ${detail}\n  ${origin}${href("/admin/leads/:id", { id: String(lead.id) })}`;
}

function followUpDetail(lead: DigestLead, day: string): string {
  const when =
    lead.followUpOn === day ? "Follow up today." : `Follow-up was ${formatShortDay(lead.followUpOn ?? day)} (late).`;
  return `${LEAD_STATUS_LABELS[lead.status]}. ${when}`;
}

/** "2 new, 1 to follow up": the words of the admin header's badges. */
function countsOf(digest: Digest): string {
  return [
    digest.fresh.length ? `${digest.fresh.length} new` : "",
    digest.followUps.length ? `${digest.followUps.length} to follow up` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** The summary mail's subject and text; `origin` is where staff open the admin. */
export function digestMail(digest: Digest, origin: string, digestHour: number): { subject: string; text: string } {
  const section = (title: string, lines: string[]) =>
    lines.length ? [`${title} (${lines.length}):`, ...lines, ""] : [];
  const text = [
    `Leads waiting in the website's admin on ${longDay.format(atNoon(digest.day))}.`,
    "",
    ...section(
      "To follow up",
      digest.followUps.map((lead) => leadLine(lead, followUpDetail(lead, digest.day), origin)),
    ),
    ...section(
      "New leads, not contacted yet",
      digest.fresh.map((lead) =>
        leadLine(lead, `Came in ${formatShortDay(dayIn(BUSINESS_TIME_ZONE, lead.createdAt))}.`, origin),
      ),
    ),
    `All leads: ${origin}${href("/admin/leads")}`,
    "",
    `This summary comes once a day after ${hourLabel(digestHour)} Kansas time, only when leads are waiting.`,
    `To stop it, uncheck "Send me a daily summary of waiting leads" in the admin's contact settings: ${origin}${href("/admin/contact")}`,
  ].join("\n");
  return { subject: `Leads waiting today: ${countsOf(digest)}`, text };
}
