import { z } from "~/lib/zod";
import { DAY_CODES, GOOGLE_REVIEW_ASKS, SOCIAL_NETWORKS, type BusinessFacts } from "./business";
import type { ListLimits } from "./form-lists";

// The business facts' schemas, apart from lib/business.ts: public pages use its helpers on
// every view, and should not load and run the validation library for them.

/** The stored facts, checked when read: the type is written out in business.ts (no import cycle). */
export const BusinessFactsSchema: z.ZodType<BusinessFacts, unknown> = z.object({
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
      // A `label` stored before decision 0047 (free text beside the days) is dropped when read.
      z.object({
        // schema.org day codes, so the same rows feed the page and the structured data.
        days: z.array(z.enum(DAY_CODES)),
        opens: z.string().regex(/^\d\d:\d\d$/),
        closes: z.string().regex(/^\d\d:\d\d$/),
      }),
    )
    .max(7),
  // Profiles shown as icons in the footer; none until the owner adds them (no dead "#" links).
  social: z
    .object({
      facebook: z.string().url().optional(),
      instagram: z.string().url().optional(),
      youtube: z.string().url().optional(),
    })
    .default({}),
  // Added later: facts stored before read as not set.
  googleReviews: z
    .object({ link: z.string().url(), ask: z.enum(GOOGLE_REVIEW_ASKS) })
    .nullable()
    .default(null),
});
export type { BusinessFacts };

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);
const clock = z.string({ error: "Please enter a time" }).regex(/^\d\d:\d\d$/, "Please enter a time");
const profile = z
  .string()
  .trim()
  .max(300)
  .refine(
    (v) => v === "" || /^https:\/\/[^\s]+\.[^\s]+$/.test(v),
    "Please enter the full address of the page, starting with https://",
  )
  .optional();

/**
 * The hosts a Google Business Profile's review link is on: the profile's "Ask for reviews"
 * share link (g.page/r/…/review), the write-a-review page, and Maps' short links.
 */
const GOOGLE_REVIEW_HOSTS = [
  "g.page",
  "search.google.com",
  "www.google.com",
  "google.com",
  "maps.google.com",
  "maps.app.goo.gl",
  "g.co",
];

export const GOOGLE_REVIEW_MESSAGES = {
  link: "Please paste the review link from your Google Business Profile, starting with https://",
  notGoogle: "Please use the link Google gives you under “Ask for reviews” (it starts with https://g.page/)",
  ask: "Please choose how review requests use Google",
} as const;

/** Whether a link is on one of Google's review hosts, over https. */
function isGoogleReviewLink(value: string): boolean {
  if (!/^https:\/\/[^\s]+$/.test(value)) return false;
  try {
    return GOOGLE_REVIEW_HOSTS.includes(new URL(value).hostname);
  } catch {
    return false;
  }
}

const googleReviewLink = z
  .string()
  .trim()
  .max(500, GOOGLE_REVIEW_MESSAGES.link)
  .refine((v) => v === "" || /^https:\/\/[^\s]+$/.test(v), GOOGLE_REVIEW_MESSAGES.link)
  .refine((v) => v === "" || !/^https:\/\/[^\s]+$/.test(v) || isGoogleReviewLink(v), GOOGLE_REVIEW_MESSAGES.notGoogle)
  .optional();

const hoursRow = z
  .object({
    days: z.array(z.enum(DAY_CODES), { error: "Pick at least one day" }).min(1, "Pick at least one day"),
    opens: clock,
    closes: clock,
  })
  .refine((row) => row.closes > row.opens, { message: "Closing time must be after opening time", path: ["closes"] });

/** Rows of opening hours: one per set of days, so never more than there are days. */
export const MAX_HOURS_ROWS = DAY_CODES.length;

/** The business form's lists, bounded before the form is parsed (lib/form-lists.ts). */
export const BUSINESS_FACTS_LISTS: ListLimits = { hours: MAX_HOURS_ROWS, "hours[].days": DAY_CODES.length };

/** The admin's form for the facts: one row of opening hours per set of days, up to seven. */
export const BusinessFactsFormSchema = z.object({
  company: required("Please enter the company name", 120),
  phone: required("Please enter a phone number", 40).refine(
    (v) => v.replace(/\D/g, "").length >= 10,
    "Please enter a 10-digit phone number",
  ),
  email: z.string({ error: "Please enter an email address" }).trim().email("Please enter a valid email address"),
  street: required("Please enter the street address", 160),
  city: required("Please enter the city", 80),
  region: z
    .string({ error: "Use the two-letter state code, like KS" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Use the two-letter state code, like KS"),
  postalCode: z
    .string({ error: "Please enter a 5-digit ZIP code" })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Please enter a 5-digit ZIP code"),
  owner: z.string().trim().max(120).default(""),
  leadContractor: z.string().trim().max(120).default(""),
  hours: z.array(hoursRow).max(MAX_HOURS_ROWS, "Seven rows at most: one per day"),
  facebook: profile,
  instagram: profile,
  youtube: profile,
  googleReviewLink,
  // A form from before the choice was asked sends none: the site's form first.
  googleReviewAsk: z.enum(GOOGLE_REVIEW_ASKS, { error: GOOGLE_REVIEW_MESSAGES.ask }).default("after"),
});
export type BusinessFactsForm = z.infer<typeof BusinessFactsFormSchema>;

/** The submitted form as the facts to store (profiles left empty are dropped). */
export function factsFromForm(form: BusinessFactsForm): BusinessFacts {
  const social: BusinessFacts["social"] = {};
  for (const network of SOCIAL_NETWORKS) if (form[network]) social[network] = form[network];
  return {
    company: form.company,
    phone: form.phone,
    email: form.email,
    street: form.street,
    city: form.city,
    region: form.region,
    postalCode: form.postalCode,
    owner: form.owner,
    leadContractor: form.leadContractor,
    hours: form.hours,
    social,
    googleReviews: form.googleReviewLink ? { link: form.googleReviewLink, ask: form.googleReviewAsk } : null,
  };
}
