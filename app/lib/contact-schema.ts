import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "~/lib/zod";
import {
  CONTACT_FIELDS,
  MESSAGES,
  PREFERRED_CONTACT,
  QUOTE_SERVICES,
  REACH_MESSAGES,
  requiredFieldsMessage,
  type PreferredContact,
} from "./contact-form";

// The quote form's validation, apart from its texts and choices (lib/contact-form.ts): the
// form is on every public page, which loads no validation library (decision 0039). Only
// the server runs this; the page shows conform's reply.

// A field sent empty or not at all is "required" too.
const text = () => z.string({ error: MESSAGES.required }).trim();
// A line break in a name or phone could smuggle mail headers.
export const oneLine = (v: string) => !/[\r\n]/.test(v);

// An optional single-line field: empty is null.
const optionalLine = (max: number) =>
  text()
    .max(max)
    .refine(oneLine, "Please use a single line")
    .optional()
    .transform((v) => v || null);

// One of a list, or nothing: an unchosen select or radio sends "" or nothing at all.
const optionalChoice = <T extends string>(choices: readonly T[], message: string) =>
  z
    .preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .refine((v): v is T => (choices as readonly string[]).includes(v), message)
        .optional(),
    )
    .transform((v) => (v ?? null) as T | null);

/** `leads.email` is NOT NULL and the table is not rebuilt for it (0019): a lead without an email stores "". */
export const NO_EMAIL = "";

// Browsers (through conform) send an empty field as missing; spaces alone count as empty too.
const blankIsMissing = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The quote form's fields, each checked alone; "Add a lead" takes its own from here. */
export const ContactFields = z.object({
  name: text().min(1, MESSAGES.required).max(100).refine(oneLine, "Please use a single line"),
  // Optional when a phone is given (the reach rules below): none is stored as NO_EMAIL.
  email: z
    .preprocess(
      blankIsMissing,
      z.string().trim().max(254).email(MESSAGES.invalidEmail).refine(oneLine, "Please use a single line").optional(),
    )
    .transform((v) => v ?? NO_EMAIL),
  phone: optionalLine(40),
  message: text().min(1, MESSAGES.required).max(5000),
  service: optionalChoice(QUOTE_SERVICES, "Please choose the kind of work from the list"),
  street: optionalLine(200),
  city: optionalLine(100),
  zip: text()
    .regex(/^(\d{5}(-\d{4})?)?$/, "Please enter a 5-digit ZIP code")
    .optional()
    .transform((v) => v || null),
  preferredContact: optionalChoice(
    Object.keys(PREFERRED_CONTACT) as PreferredContact[],
    "Please choose call, text or email",
  ),
  // The box agreeing to texts (lib/texts.ts): unchecked sends nothing at all.
  textConsent: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
});

/** How a lead can be reached: what the reach rules read. */
type Reach = { phone: string | null; email: string; preferredContact: PreferredContact | null };
/** Each reach rule's field and words: the visitor's on the quote form, the office's on "Add a lead". */
export type ReachWords = Record<keyof typeof REACH_MESSAGES, { path: string; message: string }>;

/**
 * The one rule for reaching a lead, a quote request or a call written down: a phone or an
 * email at least, a phone to be called or texted, an email to be emailed. Checked even
 * while another field is refused, so every message shows at once.
 */
export function withReachRules<T extends z.ZodType<Reach>>(schema: T, words: ReachWords) {
  const always = { when: () => true };
  return schema
    .refine((l) => Boolean(l.phone || l.email), { ...always, path: [words.reach.path], message: words.reach.message })
    .refine((l) => !(l.preferredContact === "call" || l.preferredContact === "text") || Boolean(l.phone), {
      ...always,
      path: [words.callNeedsPhone.path],
      message: words.callNeedsPhone.message,
    })
    .refine((l) => l.preferredContact !== "email" || Boolean(l.email), {
      ...always,
      path: [words.emailNeedsEmail.path],
      message: words.emailNeedsEmail.message,
    });
}

/** The quote form's schema: each rule's message under the field the visitor fills in to meet it. */
export const ContactSchema = withReachRules(ContactFields, {
  reach: { path: "email", message: REACH_MESSAGES.reach },
  callNeedsPhone: { path: "phone", message: REACH_MESSAGES.callNeedsPhone },
  emailNeedsEmail: { path: "email", message: REACH_MESSAGES.emailNeedsEmail },
});
export type ContactInput = z.output<typeof ContactSchema>;

/** The submitted quote form, parsed by conform with the schema. */
export const parseContactForm = (form: FormData) => parseWithZod(form, { schema: ContactSchema });

/**
 * A refused form's one form-level message: it names every missing required field
 * ("Please fill in all required fields: Name, Email"), else it is the first field's
 * problem. Each field's own problem stays on the field (the reply's field errors).
 */
export function contactRefusalMessage(submission: ReturnType<typeof parseContactForm>): string {
  const error = (submission.status === "error" && submission.error) || {};
  const missing = CONTACT_FIELDS.filter((f) => error[f]?.includes(MESSAGES.required));
  const first = CONTACT_FIELDS.map((f) => error[f]?.[0]).find(Boolean);
  return missing.length ? requiredFieldsMessage(missing) : (first ?? MESSAGES.failed);
}
