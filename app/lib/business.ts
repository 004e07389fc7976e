// The facts' helpers, for every public page; their schemas (zod) live in business-schema.ts,
// which imports this file and never the other way round.

export const DAY_CODES = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
export type DayCode = (typeof DAY_CODES)[number];

export const SOCIAL_NETWORKS = ["facebook", "instagram", "youtube"] as const;

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
  /** schema.org day codes, so the same rows feed the page and the structured data. */
  hours: { label: string; days: DayCode[]; opens: string; closes: string }[];
  /** Profiles shown as icons in the footer; none until the owner adds them (no dead "#" links). */
  social: Partial<Record<(typeof SOCIAL_NETWORKS)[number], string>>;
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
