// The facts' helpers, for every public page; their schemas (zod) live in business-schema.ts,
// which imports this file and never the other way round.

import { formatAddressLine } from "./address";

export const DAY_CODES = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
export type DayCode = (typeof DAY_CODES)[number];

export const SOCIAL_NETWORKS = ["facebook", "instagram", "youtube"] as const;

/**
 * How review requests use the owner's Google Business Profile: the site's own form first and
 * Google offered on its thank-you page ("after"), or the request links straight to Google
 * ("instead"). The same to every homeowner, whatever they rate: Google forbids asking only
 * the happy ones (decision 0106).
 */
export const GOOGLE_REVIEW_ASKS = ["after", "instead"] as const;
export type GoogleReviewAsk = (typeof GOOGLE_REVIEW_ASKS)[number];
export type GoogleReviews = { link: string; ask: GoogleReviewAsk };

export type HoursRow = { days: DayCode[]; opens: string; closes: string };

/** Facts about the business shown on every public page. The database holds the live copy (checked by BusinessFactsSchema). */
export type BusinessFacts = {
  company: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  owner: string;
  leadContractor: string;
  /**
   * schema.org day codes, so the same rows feed the page and the structured data; the
   * words shown ("Monday – Friday") are made from them (formatHours), never typed apart.
   */
  hours: HoursRow[];
  /** Profiles shown as icons in the footer; none until the owner adds them (no dead "#" links). */
  social: Partial<Record<(typeof SOCIAL_NETWORKS)[number], string>>;
  /** The Google Business Profile's review link and how review requests use it; null: not set. */
  googleReviews: GoogleReviews | null;
};

export const DEFAULT_BUSINESS_FACTS: BusinessFacts = {
  company: "Prairie Ridge Framing & Roofing",
  phone: "(620) 555-0142",
  email: "hello@example.com",
  street: "100 N Washington Ave",
  city: "Wellington",
  region: "KS",
  postalCode: "67152",
  owner: "Dale Whitaker",
  leadContractor: "Cody Whitaker",
  hours: [
    { days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "07:00", closes: "18:00" },
    { days: ["Sa"], opens: "08:00", closes: "14:00" },
  ],
  social: {},
  googleReviews: null,
};

/** "07:00" -> "7am", "18:30" -> "6:30pm" */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "pm" : "am";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour}${suffix}` : `${hour}:${String(m).padStart(2, "0")}${suffix}`;
}

export const DAY_NAMES: Record<DayCode, string> = {
  Mo: "Monday",
  Tu: "Tuesday",
  We: "Wednesday",
  Th: "Thursday",
  Fr: "Friday",
  Sa: "Saturday",
  Su: "Sunday",
};

/**
 * A row's days in words, in week order: three or more days in a row as a range, the
 * others listed. ["Mo","Tu","We","Th","Fr"] -> "Monday – Friday"; ["Mo","We","Fr"] ->
 * "Monday, Wednesday and Friday"; ["Mo","Tu","We","Sa"] -> "Monday – Wednesday and Saturday".
 */
export function formatDays(days: readonly DayCode[]): string {
  const indexes = [...new Set(days)]
    .map((d) => DAY_CODES.indexOf(d))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const i of indexes) {
    const run = runs.at(-1);
    if (run && run.at(-1) === i - 1) run.push(i);
    else runs.push([i]);
  }
  const parts = runs.flatMap((run) =>
    run.length >= 3
      ? [`${DAY_NAMES[DAY_CODES[run[0]]]} – ${DAY_NAMES[DAY_CODES[run.at(-1)!]]}`]
      : run.map((i) => DAY_NAMES[DAY_CODES[i]]),
  );
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
}

/** One row of opening hours as every page reads it: "Monday – Friday: 7am – 6pm". */
export function formatHoursRow(row: HoursRow): string {
  return `${formatDays(row.days)}: ${formatClock(row.opens)} – ${formatClock(row.closes)}`;
}

/** The opening hours, one line per row; a row without days (never saved so) shows nothing. */
export function formatHours(facts: BusinessFacts): string[] {
  return facts.hours.filter((h) => h.days.length > 0).map(formatHoursRow);
}

/**
 * A phone number as every page, mail and PDF shows it: "(316) 555-0123" for ten US digits
 * (with or without a leading 1), however it was typed; anything else as it was typed.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  if (digits.length !== 10 || /[^\d\s().+-]/.test(phone)) return phone.trim();
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A phone number as links dial it: +1 and its digits (US numbers), or the + number as typed. */
function dialable(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return digits.startsWith("+") ? digits : `+1${digits.replace(/^1(?=\d{10}$)/, "")}`;
}

/** A dialable tel: href from a display phone number. */
export const telHref = (phone: string) => `tel:${dialable(phone)}`;

/** An sms: href that opens a text message to the number, as telHref dials it. */
export const smsHref = (phone: string) => `sms:${dialable(phone)}`;

/** The business's own address, written as every address is (lib/address.ts). */
export function addressLine(facts: Pick<BusinessFacts, "street" | "city" | "region" | "postalCode">): string {
  return formatAddressLine({ street: facts.street, city: facts.city, state: facts.region, zipCode: facts.postalCode });
}
