import { z } from "zod";

/** Facts about the business shown on every public page. The database holds the live copy. */
export const BusinessFactsSchema = z.object({
  company: z.string().min(1).max(120),
  phone: z.string().min(7).max(40),
  email: z.string().email(),
  street: z.string().min(1).max(160),
  city: z.string().min(1).max(80),
  region: z.string().length(2),
  postalCode: z.string().min(5).max(10),
  owner: z.string().max(120),
  leadContractor: z.string().max(120),
  hours: z
    .array(
      z.object({
        label: z.string(),
        // schema.org day codes, so the same rows feed the page and the structured data.
        days: z.array(z.enum(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"])),
        opens: z.string().regex(/^\d\d:\d\d$/),
        closes: z.string().regex(/^\d\d:\d\d$/),
      }),
    )
    .max(7),
});
export type BusinessFacts = z.infer<typeof BusinessFactsSchema>;

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
