import { z } from "~/lib/zod";
import { ContactFields, oneLine, withReachRules } from "~/lib/contact-schema";
import { LEAD_MESSAGES, type LeadSource, type LeadStatus } from "~/lib/lead-status";
import { isCalendarDay } from "~/lib/business-time";

/**
 * A lead staff write down by hand: somebody phoned. The same facts a quote request has,
 * checked the same way, but a caller may have no email, and staff have already spoken
 * with them (decision 0022).
 */

/** Where a call can leave a lead: Measured, Quoted, Won and Lost come later, from the lead's page. */
export const MANUAL_LEAD_STATUSES = ["new", "contacted", "visit_scheduled"] as const satisfies readonly LeadStatus[];
/** Staff took the call: they have spoken with the caller already. */
export const MANUAL_LEAD_DEFAULT_STATUS = "contacted" satisfies LeadStatus;

export const MANUAL_LEAD_MESSAGES = {
  name: "Please write down the caller's name",
  reach: "Please write down a phone number or an email, so we can get back to them",
  phoneDigits: "Please write the phone number with at least 7 digits",
  message: "Please write down what they asked for (a few words are enough)",
  callNeedsPhone: "To call or text them, write down their phone number too",
  emailNeedsEmail: "To email them, write down their email too",
  status: "Please choose New, Contacted or Visit scheduled",
  added: "Lead added",
  failed: "The lead could not be saved. Please try again.",
} as const;

/** The first entry of a hand-written lead's history. */
export const ADDED_BY_HAND = "Added by hand";
/** The subject a stored message carries; no mail goes out for a call (its mail states are "skipped"). */
export const PHONE_CALL_SUBJECT = "Phone call";

const digits = (v: string) => v.replace(/\D/g, "").length;

/** One schema for the browser (conform) and the action. The address, work and way to reach are the quote form's own rules. */
export const ManualLeadSchema = withReachRules(
  z.object({
    name: z
      .string({ error: MANUAL_LEAD_MESSAGES.name })
      .trim()
      .min(1, MANUAL_LEAD_MESSAGES.name)
      .max(100)
      .refine(oneLine, "Please use a single line"),
    phone: ContactFields.shape.phone.refine((v) => v === null || digits(v) >= 7, MANUAL_LEAD_MESSAGES.phoneDigits),
    email: ContactFields.shape.email,
    service: ContactFields.shape.service,
    street: ContactFields.shape.street,
    city: ContactFields.shape.city,
    zip: ContactFields.shape.zip,
    preferredContact: ContactFields.shape.preferredContact,
    textConsent: ContactFields.shape.textConsent,
    message: z.string({ error: MANUAL_LEAD_MESSAGES.message }).trim().min(1, MANUAL_LEAD_MESSAGES.message).max(5000),
    status: z.enum(MANUAL_LEAD_STATUSES, { error: MANUAL_LEAD_MESSAGES.status }).default(MANUAL_LEAD_DEFAULT_STATUS),
    followUpOn: z
      .string()
      .trim()
      .refine(isCalendarDay, LEAD_MESSAGES.badDate)
      .optional()
      .transform((v) => v ?? null),
  }),
  {
    reach: { path: "phone", message: MANUAL_LEAD_MESSAGES.reach },
    callNeedsPhone: { path: "preferredContact", message: MANUAL_LEAD_MESSAGES.callNeedsPhone },
    emailNeedsEmail: { path: "preferredContact", message: MANUAL_LEAD_MESSAGES.emailNeedsEmail },
  },
);
export type ManualLeadInput = z.output<typeof ManualLeadSchema>;

/**
 * Who added a lead that did not come from the website (a call written down): the author
 * of its first history entry, which is written with the lead in one transaction. None for
 * a website request.
 */
export function addedBy(lead: { source: LeadSource }, history: readonly { author: string }[]): string | null {
  return lead.source === "website" ? null : (history[0]?.author ?? null);
}
