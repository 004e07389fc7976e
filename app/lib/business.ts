import type { BusinessFacts } from "./business-schema";

export type { BusinessFacts };

export const DAY_CODES = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;

export const SOCIAL_NETWORKS = ["facebook", "instagram", "youtube"] as const;

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
    { label: "Monday - Friday", days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "07:00", closes: "18:00" },
    { label: "Saturday", days: ["Sa"], opens: "08:00", closes: "14:00" },
  ],
  social: {},
};

/** "07:00" -> "7am", "18:30" -> "6:30pm" */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "pm" : "am";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour}${suffix}` : `${hour}:${String(m).padStart(2, "0")}${suffix}`;
}

export function formatHours(facts: BusinessFacts): string[] {
  return facts.hours.map((h) => `${h.label}: ${formatClock(h.opens)} - ${formatClock(h.closes)}`);
}

/** A dialable tel: href from a display phone number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? digits : `+1${digits.replace(/^1(?=\d{10}$)/, "")}`}`;
}

export function addressLine(facts: BusinessFacts): string {
  return `${facts.street}, ${facts.city}, ${facts.region} ${facts.postalCode}`;
}
